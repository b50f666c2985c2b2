import type { AppContext } from '../context.js';
import type { JobQueue } from '../jobs/runner.js';
import { type EventListener } from '../webhooks/index.js';
import { type JobRecord } from './records.js';
/** Submissions scored at once. Scoring is cheap; the limit bounds concurrent store writes. */
export declare const PROCESSING_CONCURRENCY = 4;
/**
 * Submission processing, a queue of the job runner (jobs/runner.ts): a job record (written with
 * the submission, or with whatever re-queues it) exists until a run has scored the submission's
 * latest input, so a job queued before a crash runs again after the restart. A run reads, scores
 * and writes within one turn of the event loop, as one write: the outcome with its event,
 * `processing` and the outcome in the status history, and the job removed.
 *
 * Assessment results re-score: an in-process listener on `assessment.completed|replaced` turns
 * the submissions awaiting that email back into jobs, in the same write as the result. As a
 * second line, every run looks the person's result up itself, so a submission is never scored
 * as awaiting when the result already exists.
 */
export declare class SubmissionProcessor {
    #private;
    constructor(ctx: AppContext);
    /** The job runner's queue: one job per submission, due at once. */
    readonly queue: JobQueue<JobRecord>;
    /** Re-queues the submissions awaiting a person's assessment in the write that stores the result. */
    readonly assessmentListener: EventListener;
}
