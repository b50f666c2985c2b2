import type { CertificateRef } from '../certificates/index.js';
import { checkInfo, type CheckLevel } from './checks.js';
import type { Evidence, Outcome, RunRecord } from './records.js';

/** The report of a run, as `certify status --json`, the workspace and the report files give it. */
export interface Report {
  run: {
    id: string;
    status: RunRecord['status'];
    started_at: string;
    finished_at: string | null;
    started_by: string;
    integration: { name: string; webhook_url: string | null; redirect_uris: string[] };
  };
  /** `explanation`: what the integration says about the check (explanations.ts), or null. */
  checks: Array<{ id: string; level: CheckLevel; outcome: Outcome; clause: string; title: string; summary: string; explanation: string | null; evidence: Evidence[] }>;
  summary: { passed: number; failed: number; warned: number; not_run: number; pending: number; explained: number };
  /** The certificate of a run that passed every MUST (its public page, and the signed JWS); null otherwise. */
  certificate: CertificateRef | null;
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
      integration: { name: run.integration.name, webhook_url: run.integration.webhookUrl, redirect_uris: run.integration.redirectUris },
    },
    checks: run.checks.map((state) => {
      const info = checkInfo(state.id);
      const explanation = run.explanations?.[state.id] ?? null;
      return { id: state.id, level: info.level, outcome: state.outcome, clause: info.clause, title: info.title, summary: state.summary, explanation, evidence: state.evidence };
    }),
    summary: {
      passed: count(run, 'pass'),
      failed: count(run, 'fail'),
      warned: count(run, 'warn'),
      not_run: count(run, 'not_run'),
      pending: count(run, 'pending'),
      explained: run.checks.filter((c) => run.explanations?.[c.id]).length,
    },
    certificate: run.certificate ?? null,
  };
}

/** `crt_… passed: 12 passed, 1 failed, 2 warned, 0 not run; 1 explained`: the line a CI log and a closing note quote. */
export const summaryLine = (report: Report): string => `${report.run.id} ${report.run.status}: ${countsLine(report)}`;

export const countsLine = ({ summary: s }: Report): string =>
  `${s.passed} passed, ${s.failed} failed, ${s.warned} warned, ${s.not_run} not run${s.pending ? `, ${s.pending} pending` : ''}${s.explained ? `; ${s.explained} explained` : ''}`;
