import { type CheckId } from './checks.js';
import type { Evidence, RunRecord } from './records.js';
/** Evidence kept per check: the first exchanges tell the story, a tight loop would not. */
export declare const EVIDENCE_KEPT = 12;
export type Verdict = 'pass' | 'fail' | 'not_run';
export declare const isSelected: (run: RunRecord, id: CheckId) => boolean;
export declare const isPending: (run: RunRecord, id: CheckId) => boolean;
export declare function addEvidence(run: RunRecord, id: CheckId, ...evidence: Evidence[]): void;
/**
 * Decides a pending check. A SHOULD that is not met is a warning, never a failure. With
 * `overrule`, a check that passed can still fail later: for rules about every request ("every
 * authorization request names its redirect URI exactly"), one counter-example is enough.
 */
export declare function decide(run: RunRecord, id: CheckId, verdict: Verdict, summary: string, evidence?: Evidence[], options?: {
    overrule?: boolean;
}): void;
export declare const allDecided: (run: RunRecord) => boolean;
/** A MUST passes only with `pass`: a failure and a step the integration never took both fail it. */
export declare const mustPassed: (run: RunRecord) => boolean;
/** Closes a run: what is still pending was never reached, and the verdict follows from the MUSTs. */
export declare function closeRun(run: RunRecord, now: number, why: string): void;
