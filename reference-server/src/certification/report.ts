import { checkInfo, type CheckLevel } from './checks.js';
import { endText } from './outcomes.js';
import { waitingFor } from './waiting.js';
import type { Evidence, Outcome, RunEnd, RunRecord } from './records.js';

/** The report of a run, as `certify status --json`, the workspace and the report files give it. */
export interface Report {
  run: {
    id: string;
    status: RunRecord['status'];
    started_at: string;
    finished_at: string | null;
    started_by: string;
    /** How the run ended (null while it runs): the reason, its exit status or signal, and the words every report shows. */
    ended: { reason: RunEnd['reason']; exit_code?: number; signal?: string; by?: string; text: string } | null;
    integration: { name: string; webhook_url: string | null; redirect_uris: string[] };
  };
  /**
   * `explanation`: what the integration says about the check (explanations.ts), or null;
   * `waiting_for`: what a pending check waits for (waiting.ts), null once decided.
   */
  checks: Array<{ id: string; level: CheckLevel; outcome: Outcome; clause: string; title: string; summary: string; explanation: string | null; waiting_for: string | null; evidence: Evidence[] }>;
  summary: { passed: number; failed: number; warned: number; not_run: number; pending: number; explained: number };
}

function endedOf(end: RunEnd): NonNullable<Report['run']['ended']> {
  return {
    reason: end.reason,
    ...('exitCode' in end ? { exit_code: end.exitCode } : {}),
    ...('signal' in end ? { signal: end.signal } : {}),
    ...('by' in end ? { by: end.by } : {}),
    text: endText(end),
  };
}

const count = (run: RunRecord, outcome: Outcome) => run.checks.filter((c) => c.outcome === outcome).length;

export function reportOf(run: RunRecord): Report {
  return {
    run: {
      id: run.id,
      status: run.status,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      started_by: run.startedBy,
      ended: run.ended ? endedOf(run.ended) : null,
      integration: { name: run.integration.name, webhook_url: run.integration.webhookUrl, redirect_uris: run.integration.redirectUris },
    },
    checks: run.checks.map((state) => {
      const info = checkInfo(state.id);
      const explanation = run.explanations?.[state.id] ?? null;
      const waiting = state.outcome === 'pending' ? waitingFor(run, state.id) : null;
      return { id: state.id, level: info.level, outcome: state.outcome, clause: info.clause, title: info.title, summary: state.summary, explanation, waiting_for: waiting, evidence: state.evidence };
    }),
    summary: {
      passed: count(run, 'pass'),
      failed: count(run, 'fail'),
      warned: count(run, 'warn'),
      not_run: count(run, 'not_run'),
      pending: count(run, 'pending'),
      explained: run.checks.filter((c) => run.explanations?.[c.id]).length,
    },
  };
}

/** `crt_… passed: 12 passed, 1 failed, 2 warned, 0 not run; 1 explained`: the line a CI log and a closing note quote. */
export const summaryLine = (report: Report): string => `${report.run.id} ${report.run.status}: ${countsLine(report)}`;

/** `The run ended: the command exited with status 3.` (or that it still runs). */
export const endedLine = (report: Report): string => (report.run.ended ? `The run ended: ${report.run.ended.text}.` : 'The run is still running.');

export const countsLine = ({ summary: s }: Report): string =>
  `${s.passed} passed, ${s.failed} failed, ${s.warned} warned, ${s.not_run} not run${s.pending ? `, ${s.pending} pending` : ''}${s.explained ? `; ${s.explained} explained` : ''}`;
