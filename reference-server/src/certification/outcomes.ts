import { checkInfo, type CheckId } from './checks.js';
import type { CheckState, Evidence, RunEnd, RunRecord } from './run-records.js';

/** Evidence kept per check: the first exchanges tell the story, a tight loop would not. */
export const EVIDENCE_KEPT = 12;

export type Verdict = 'pass' | 'fail' | 'not_run';

const stateOf = (run: RunRecord, id: CheckId): CheckState | undefined => run.checks.find((c) => c.id === id);

export const isSelected = (run: RunRecord, id: CheckId): boolean => stateOf(run, id) !== undefined;

export const isPending = (run: RunRecord, id: CheckId): boolean => stateOf(run, id)?.outcome === 'pending';

export function addEvidence(run: RunRecord, id: CheckId, ...evidence: Evidence[]): void {
  const state = stateOf(run, id);
  if (!state) return;
  state.evidence.push(...evidence.slice(0, Math.max(0, EVIDENCE_KEPT - state.evidence.length)));
}

/**
 * Decides a pending check. A SHOULD that is not met is a warning, never a failure. With
 * `overrule`, a check that passed can still fail later: for rules about every request ("every
 * authorization request names its redirect URI exactly"), one counter-example is enough.
 */
export function decide(run: RunRecord, id: CheckId, verdict: Verdict, summary: string, evidence: Evidence[] = [], options: { overrule?: boolean } = {}): void {
  const state = stateOf(run, id);
  if (!state) return;
  const overrulable = options.overrule && state.outcome === 'pass' && verdict === 'fail';
  if (state.outcome !== 'pending' && !overrulable) return;
  state.outcome = verdict === 'fail' && checkInfo(id).level === 'SHOULD' ? 'warn' : verdict;
  state.summary = summary;
  addEvidence(run, id, ...evidence);
}

export const allDecided = (run: RunRecord): boolean => run.checks.every((c) => c.outcome !== 'pending');

/** A MUST passes only with `pass`: a failure and a step the integration never took both fail it. */
export const mustPassed = (run: RunRecord): boolean =>
  run.checks.every((c) => checkInfo(c.id).level !== 'MUST' || c.outcome === 'pass');

/** How a run ended, in the words every report uses ("the command exited with status 1"). */
export function endText(end: RunEnd): string {
  switch (end.reason) {
    case 'decided':
      return 'every check was decided';
    case 'command_exited':
      return `the command exited with status ${end.exitCode}`;
    case 'command_signalled':
      return `the command was ended by ${end.signal}`;
    case 'timeout':
      return 'its time (--timeout) was up';
    case 'never_begun':
      return 'nobody started its checks before its time was up';
    case 'interrupted':
      return `certify run was stopped by ${end.signal}`;
    case 'operator':
      return 'the operator finished it (certify finish)';
    case 'workspace':
      return `${end.by} finished it in the workspace`;
    case 'lost':
      return 'its record was lost';
  }
}

/** Closes a run: what is still pending was never reached, and the verdict follows from the MUSTs. */
export function closeRun(run: RunRecord, now: number, end: RunEnd): void {
  const why = endText(end);
  for (const state of run.checks) {
    if (state.outcome !== 'pending') continue;
    state.outcome = 'not_run';
    state.summary = state.summary ? `${state.summary} The run ended before this was decided: ${why}.` : `Not reached: the run ended before the integration got here: ${why}.`;
  }
  run.status = mustPassed(run) ? 'passed' : 'failed';
  run.finishedAt = new Date(now).toISOString();
  run.ended = end;
}
