import { checkInfo } from './checks.js';
/** Evidence kept per check: the first exchanges tell the story, a tight loop would not. */
export const EVIDENCE_KEPT = 12;
const stateOf = (run, id) => run.checks.find((c) => c.id === id);
export const isSelected = (run, id) => stateOf(run, id) !== undefined;
export const isPending = (run, id) => stateOf(run, id)?.outcome === 'pending';
export function addEvidence(run, id, ...evidence) {
    const state = stateOf(run, id);
    if (!state)
        return;
    state.evidence.push(...evidence.slice(0, Math.max(0, EVIDENCE_KEPT - state.evidence.length)));
}
/**
 * Decides a pending check. A SHOULD that is not met is a warning, never a failure. With
 * `overrule`, a check that passed can still fail later: for rules about every request ("every
 * authorization request names its redirect URI exactly"), one counter-example is enough.
 */
export function decide(run, id, verdict, summary, evidence = [], options = {}) {
    const state = stateOf(run, id);
    if (!state)
        return;
    const overrulable = options.overrule && state.outcome === 'pass' && verdict === 'fail';
    if (state.outcome !== 'pending' && !overrulable)
        return;
    state.outcome = verdict === 'fail' && checkInfo(id).level === 'SHOULD' ? 'warn' : verdict;
    state.summary = summary;
    addEvidence(run, id, ...evidence);
}
export const allDecided = (run) => run.checks.every((c) => c.outcome !== 'pending');
/** A MUST passes only with `pass`: a failure and a step the integration never took both fail it. */
export const mustPassed = (run) => run.checks.every((c) => checkInfo(c.id).level !== 'MUST' || c.outcome === 'pass');
/** Closes a run: what is still pending was never reached, and the verdict follows from the MUSTs. */
export function closeRun(run, now, why) {
    for (const state of run.checks) {
        if (state.outcome !== 'pending')
            continue;
        state.outcome = 'not_run';
        state.summary = state.summary ? `${state.summary} The run ended (${why}) before this was decided.` : `The integration never reached this before the run ended (${why}).`;
    }
    run.status = mustPassed(run) ? 'passed' : 'failed';
    run.finishedAt = new Date(now).toISOString();
}
//# sourceMappingURL=outcomes.js.map