import { type ExactNumber } from './exact.js';
import type { QualityFlag, ResponseQuality } from './report.js';
import { type Answers } from './answers.js';
/**
 * Response-quality indices from the raw answers (docs/assessment.md, "Response quality"). Every
 * flag is judged on the exact index, before the 2-decimal rounding of the published value: a
 * spread of 0.49998 is published as 0.5 and is still `low_spread`.
 */
export declare const QUALITY_THRESHOLDS: {
    /** A run this long spans two keying blocks with one answer: agreement with opposite items. */
    readonly longRun: {
        readonly review: 16;
        readonly invalid: 32;
    };
    /** Below this SD the answers barely vary: answers confined to two adjacent values land just under it. */
    readonly lowSpread: {
        readonly review: 0.5;
    };
    /** |mean raw answer over reversed pairs − 3.5|: agreeing (or disagreeing) regardless of content. */
    readonly acquiescence: {
        readonly review: 1;
        readonly invalid: 2;
    };
    /** Mean |forward − reversed-scored| per pair; random answering averages about 1.94. */
    readonly inconsistency: {
        readonly review: 1.5;
        readonly invalid: 2.5;
    };
};
export interface ExactQuality {
    status: ResponseQuality['status'];
    flags: QualityFlag[];
    indices: {
        longestRun: number;
        spread: ExactNumber;
        acquiescence: ExactNumber;
        inconsistency: ExactNumber;
    };
}
export declare function measureQuality(answers: Answers): ExactQuality;
/** The published form: indices rounded to 2 decimals, flags and status as judged on the exact ones. */
export declare function assessQuality(answers: Answers): ResponseQuality;
