import { redactBodyText, redactHeaders, redactInlineSecrets, redactUrlSecrets } from '../http/index.js';
import type { CertificateRef } from '../certificates/index.js';
import { checkInfo, type CheckLevel } from './checks.js';
import { endText } from './outcomes.js';
import { waitingFor } from './waiting.js';
import type { Evidence, Outcome, RunEnd, RunRecord } from './run-records.js';

/** The report of a run, as `certify status --json`, the workspace and the report files give it. */
export interface Report {
  run: {
    id: string;
    status: RunRecord['status'];
    started_at: string;
    /** When the checks began: null while the run is `ready`. */
    begun_at: string | null;
    finished_at: string | null;
    started_by: string;
    /** How the run ended (null while it runs): the reason, its exit status or signal, and the words every report shows. */
    ended: { reason: RunEnd['reason']; exit_code?: number; signal?: string; by?: string; text: string } | null;
    integration: { name: string; webhook_url: string | null; redirect_uris: string[] };
  };
  /**
   * `explanation`: what the integration says about the check (explanations.ts), or null.
   * `advice`: why the check matters, how to fix a failure, and what reaches it while pending (checks.ts).
   * `waiting_for`: what a pending check waits for now, in this run (waiting.ts), null once decided.
   */
  checks: Array<{ id: string; level: CheckLevel; outcome: Outcome; clause: string; title: string; summary: string; explanation: string | null; advice: Advice; waiting_for: string | null; evidence: Evidence[] }>;
  summary: { passed: number; failed: number; warned: number; not_run: number; pending: number; explained: number };
  /** The certificate of a run that passed every MUST (its public page, and the signed JWS); null otherwise. */
  certificate: CertificateRef | null;
}

export interface Advice {
  why: string;
  fix: string;
  reach: string;
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

/**
 * One exchange as a report shows it, by the server's redaction policy: a receiver's `?token=`,
 * its answer's cookies and tokens, a client's credentials never reach a report file.
 */
function redactEvidence({ request, response, ...rest }: Evidence): Evidence {
  const shown: Evidence = { ...rest, note: redactInlineSecrets(rest.note) };
  if (request) {
    const { url, headers, body, ...line } = request;
    shown.request = {
      ...line,
      url: redactUrlSecrets(url),
      ...(headers ? { headers: redactHeaders(headers) } : {}),
      ...(body !== undefined ? { body: redactBodyText(body, headers?.['content-type']) } : {}),
    };
  }
  if (response) {
    const { headers, body, error, ...line } = response;
    shown.response = {
      ...line,
      ...(headers ? { headers: redactHeaders(headers) } : {}),
      ...(body !== undefined ? { body: redactBodyText(body, headers?.['content-type']) } : {}),
      ...(error !== undefined ? { error: redactInlineSecrets(error) } : {}),
    };
  }
  return shown;
}

/**
 * The report of a run: what every rendering (JSON, HTML, JUnit, the workspace's run page, `certify
 * status`) shows, so the redaction here covers them all.
 */
export function reportOf(run: RunRecord): Report {
  return {
    run: {
      id: run.id,
      status: run.status,
      started_at: run.startedAt,
      begun_at: run.begunAt === undefined ? run.startedAt : run.begunAt,
      finished_at: run.finishedAt,
      started_by: run.startedBy,
      ended: run.ended ? endedOf(run.ended) : null,
      integration: {
        name: run.integration.name,
        webhook_url: run.integration.webhookUrl === null ? null : redactUrlSecrets(run.integration.webhookUrl),
        redirect_uris: run.integration.redirectUris.map(redactUrlSecrets),
      },
    },
    checks: run.checks.map((state) => {
      const info = checkInfo(state.id);
      const explained = run.explanations?.[state.id];
      const explanation = explained === undefined ? null : redactInlineSecrets(explained);
      const summary = redactInlineSecrets(state.summary);
      const advice = { why: info.why, fix: info.fix, reach: info.reach };
      const waiting = state.outcome === 'pending' ? waitingFor(run, state.id) : null;
      return { id: state.id, level: info.level, outcome: state.outcome, clause: info.clause, title: info.title, summary, explanation, advice, waiting_for: waiting, evidence: state.evidence.map(redactEvidence) };
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

/** `The run ended: the command exited with status 3.` (or that it still runs). */
export const endedLine = (report: Report): string => (report.run.ended ? `The run ended: ${report.run.ended.text}.` : 'The run is still running.');

export const countsLine = ({ summary: s }: Report): string =>
  `${s.passed} passed, ${s.failed} failed, ${s.warned} warned, ${s.not_run} not run${s.pending ? `, ${s.pending} pending` : ''}${s.explained ? `; ${s.explained} explained` : ''}`;

/** A MUST already failed: the run cannot be certified, whatever its other checks still do. */
export const mustFailed = (report: Report): boolean => report.checks.some((c) => c.level === 'MUST' && c.outcome === 'fail');

/** The run's state in words, the same on the run page and in the HTML report. */
export function statusText(report: Report): string {
  switch (report.run.status) {
    case 'ready':
      return 'Ready: the checks begin when you start them';
    case 'running':
      return mustFailed(report) ? 'Not certified: a MUST failed (the other checks still run)' : 'Running';
    case 'passed':
      return 'Certified: every MUST passed';
    case 'failed':
      return 'Not certified: a MUST failed or was never reached';
  }
}
