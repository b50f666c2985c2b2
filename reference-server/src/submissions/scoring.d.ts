import type { ProfileRecord } from './profiles.js';
import type { Evaluation, FieldValue, Founder, SubmissionError } from './records.js';
/**
 * Deterministic scoring of a submission against its profile: the same inputs always give the
 * same evaluation (no clock but `now` for the report's timestamp, no randomness). The arithmetic
 * of each rule is in profiles.ts and docs/automation.md#scoring.
 *
 * overall = Σ weightᵢ·scoreᵢ / Σ weightᵢ over the criteria that could be computed, one decimal.
 * When the profile has an assessment criterion and the primary person has no result, that
 * criterion is pending: the outcome is `awaiting_assessment` with a partial score.
 */
export interface ScoringInput {
    profile: ProfileRecord;
    fields: Record<string, FieldValue>;
    resources: {
        name: string;
        url: string | null;
    }[];
    transcripts: {
        title: string | null;
        text: string;
    }[];
    /** Dimension percentiles and identity of the person's assessment result in this organisation, if any. */
    assessmentOf(email: string): {
        resultId: string;
        revision: number;
        percentiles: Record<string, number>;
    } | undefined;
    now: string;
}
export type ScoringOutcome = {
    status: 'completed' | 'awaiting_assessment';
    evaluation: Evaluation;
} | {
    status: 'failed';
    error: SubmissionError;
};
/** The people of the submission: the primary person from the top-level fields, then `fields.founders`. */
export declare function foundersOf(fields: Record<string, FieldValue>, kind: ProfileRecord['kind']): Omit<Founder, 'assessment'>[];
export declare function wordCount(text: string): number;
export declare function scoreSubmission(input: ScoringInput): ScoringOutcome;
