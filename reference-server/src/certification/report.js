import { checkInfo } from './checks.js';
const count = (run, outcome) => run.checks.filter((c) => c.outcome === outcome).length;
export function reportOf(run) {
    return {
        run: {
            id: run.id,
            status: run.status,
            started_at: run.startedAt,
            finished_at: run.finishedAt,
            started_by: run.startedBy,
            integration: { name: run.integration.name, webhook_url: run.integration.webhookUrl, redirect_uris: run.integration.redirectUris },
        },
        checks: run.checks.map((state) => {
            const info = checkInfo(state.id);
            return { id: state.id, level: info.level, outcome: state.outcome, clause: info.clause, title: info.title, summary: state.summary, evidence: state.evidence };
        }),
        summary: { passed: count(run, 'pass'), failed: count(run, 'fail'), warned: count(run, 'warn'), not_run: count(run, 'not_run'), pending: count(run, 'pending') },
    };
}
/** `12 passed, 1 failed, 2 warned, 0 not run`: the line a CI log and a closing note quote. */
export const summaryLine = (report) => `${report.run.id} ${report.run.status}: ${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.warned} warned, ${report.summary.not_run} not run${report.summary.pending ? `, ${report.summary.pending} pending` : ''}`;
//# sourceMappingURL=report.js.map