import type { AppContext } from '../context.js';
import type { JobQueue, JobRef, EventListener, PublishedEvent } from '../jobs/index.js';
import { dimensionPercentiles, findResultByEmail } from '../assessments/index.js';
import { del, put, type WriteOp } from '../store/index.js';
import { eventOps } from '../webhooks/index.js';
import { getProfile } from './profiles.js';
import { requeueOps } from './jobs.js';
import { AWAITING, JOBS, SUBMISSIONS, withStatus, type AwaitingEntry, type JobRecord, type SubmissionRecord, type SubmissionStatus } from './records.js';
import { resourcesOf, transcriptsOf } from './attachments.js';
import { scoreSubmission, type ScoringOutcome } from './scoring.js';
import { submissionDetail } from './views.js';

/** Submissions scored at once. Scoring is cheap; the limit bounds concurrent store writes. */
export const PROCESSING_CONCURRENCY = 4;

const EVENT_OF: Record<Exclude<SubmissionStatus, 'queued' | 'processing'>, 'submission.completed' | 'submission.awaiting_assessment' | 'submission.failed'> = {
  completed: 'submission.completed',
  awaiting_assessment: 'submission.awaiting_assessment',
  failed: 'submission.failed',
};

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
export class SubmissionProcessor {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** The job runner's queue: one job per submission, due at once. */
  readonly queue: JobQueue<JobRecord> = {
    name: 'submission-processing',
    collection: JOBS,
    concurrency: PROCESSING_CONCURRENCY,
    run: (ref, signal) => this.#run(ref, signal),
  };

  /** Re-queues the submissions awaiting a person's assessment in the write that stores the result. */
  readonly assessmentListener: EventListener = {
    types: ['assessment.completed', 'assessment.replaced'],
    opsFor: (orgId, event) => this.#onAssessment(orgId, event),
  };

  async #run({ scope: orgId, id }: JobRef, signal: AbortSignal): Promise<void> {
    const ctx = this.#ctx;
    const job = ctx.store.get<JobRecord>(JOBS, orgId, id);
    const submission = ctx.store.get<SubmissionRecord>(SUBMISSIONS, orgId, id);
    if (!job || signal.aborted) return;
    if (!submission) {
      await ctx.store.write([del(JOBS, orgId, id)]);
      return;
    }
    // One write per run: scoring here is synchronous, so `processing` enters the history with the
    // outcome, in the write that settles the run (docs/decisions/automation-one-write-per-run.md).
    const now = new Date(ctx.clock.now()).toISOString();
    const outcome = this.#score(orgId, submission, now);
    const updated: SubmissionRecord = {
      ...withStatus(withStatus(submission, 'processing', now), outcome.status, now),
      processedAt: now,
      runs: submission.runs + 1,
      evaluation: outcome.status === 'failed' ? null : outcome.evaluation,
      error: outcome.status === 'failed' ? outcome.error : null,
    };
    // Nothing was awaited since the input was read, so this run scored the latest one: its job is done.
    const ops: WriteOp[] = [put(SUBMISSIONS, orgId, updated), ...this.#awaitingOps(orgId, updated), del(JOBS, orgId, id)];
    ops.push(...(await eventOps(ctx, ctx.db, orgId, EVENT_OF[outcome.status], submissionDetail(updated))));
    await ctx.store.write(ops);
  }

  #score(orgId: string, submission: SubmissionRecord, now: string): ScoringOutcome {
    const ctx = this.#ctx;
    const profile = getProfile(ctx, orgId, submission.profileId);
    if (!profile) {
      return { status: 'failed', error: { code: 'profile_not_found', message: `The profile ${submission.profileId} no longer exists.` } };
    }
    try {
      return scoreSubmission({
        profile,
        fields: submission.fields,
        resources: resourcesOf(ctx, orgId, submission).map((r) => ({ name: r.name, url: r.url })),
        transcripts: transcriptsOf(ctx, orgId, submission).map((t) => ({ title: t.title, text: t.text })),
        assessmentOf: (email) => {
          const result = findResultByEmail(ctx, orgId, email);
          return result ? { resultId: result.id, revision: result.revision, percentiles: dimensionPercentiles(result) } : undefined;
        },
        now,
      });
    } catch (error) {
      ctx.log.error({ err: error, submission: submission.id }, 'scoring failed');
      return { status: 'failed', error: { code: 'internal_error', message: 'Scoring failed inside the server; attach anything to the submission to retry.' } };
    }
  }

  /** Keeps the email → awaiting submissions index in step with the outcome. */
  #awaitingOps(orgId: string, after: SubmissionRecord): WriteOp[] {
    const email = typeof after.fields.email === 'string' ? after.fields.email.trim().toLowerCase() : '';
    if (!email) return [];
    if (after.status !== 'awaiting_assessment') return this.#removeAwaiting(orgId, email, after.id);
    const entry = this.#ctx.store.get<AwaitingEntry>(AWAITING, orgId, email);
    const ids = entry?.submissionIds ?? [];
    return ids.includes(after.id) ? [] : [put<AwaitingEntry>(AWAITING, orgId, { id: email, submissionIds: [...ids, after.id] })];
  }

  #removeAwaiting(orgId: string, email: string, submissionId: string): WriteOp[] {
    if (!email) return [];
    const entry = this.#ctx.store.get<AwaitingEntry>(AWAITING, orgId, email);
    if (!entry?.submissionIds.includes(submissionId)) return [];
    const rest = entry.submissionIds.filter((s) => s !== submissionId);
    return [rest.length ? put<AwaitingEntry>(AWAITING, orgId, { id: email, submissionIds: rest }) : del(AWAITING, orgId, email)];
  }

  #onAssessment(orgId: string, event: PublishedEvent): WriteOp[] {
    const email = typeof event.data.email === 'string' ? event.data.email.trim().toLowerCase() : '';
    if (!email) return [];
    const entry = this.#ctx.store.get<AwaitingEntry>(AWAITING, orgId, email);
    if (!entry) return [];
    const ops: WriteOp[] = [del(AWAITING, orgId, email)];
    for (const id of entry.submissionIds) {
      const submission = this.#ctx.store.get<SubmissionRecord>(SUBMISSIONS, orgId, id);
      if (submission?.status === 'awaiting_assessment') ops.push(...requeueOps(this.#ctx, orgId, submission));
    }
    return ops;
  }
}
