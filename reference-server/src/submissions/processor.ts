import type { AppContext } from '../context.js';
import type { EventListener, PublishedEvent } from '../event-bus.js';
import { defineJobQueue, type JobRef, type JobRunner } from '../jobs/index.js';
import { dimensionPercentiles, emailKey, findResultByEmail, type AssessmentResult } from '../assessments/index.js';
import { create, del, put, StoreConflictError, type AsyncReader, type AsyncWriteOp, type StoredRecord, type Transaction, type WriteOp } from '../store/index.js';
import { eventPublisher, type Publish } from '../webhooks/index.js';
import { requeueOps } from './jobs.js';
import type { ProfileRecord } from './profiles.js';
import { AWAITING, JOBS, PROFILES, RESCORES, SUBMISSIONS, withStatus, type AwaitingEntry, type JobRecord, type RescoreJob, type SubmissionRecord, type SubmissionStatus } from './submission-records.js';
import { resourcesOf, transcriptsOf } from './attachments.js';
import { founderEmails, scoreSubmission, type ScoringOutcome } from './profile-scoring.js';
import { submissionDetail } from './submission-views.js';

/** Submissions scored at once. Scoring is cheap; the limit bounds concurrent store writes. */
export const PROCESSING_CONCURRENCY = 4;

/** Submission processing: one job per submission (`automation_jobs`), due at once; SubmissionProcessor handles it, inside its claim (store work only). */
export const SUBMISSION_PROCESSING = defineJobQueue<JobRecord>({ name: 'submission-processing', collection: JOBS, concurrency: PROCESSING_CONCURRENCY, inClaim: true });

/** Re-score jobs (id = the case-folded email whose result arrived), due at once; SubmissionProcessor handles them, inside their claim. As many at once as processing runs: two emails share nothing, and a run and a re-score lock in one order. */
export const SUBMISSION_RESCORING = defineJobQueue<RescoreJob>({ name: 'submission-rescoring', collection: RESCORES, concurrency: PROCESSING_CONCURRENCY, inClaim: true });

const EVENT_OF: Record<Exclude<SubmissionStatus, 'queued' | 'processing'>, 'submission.completed' | 'submission.awaiting_assessment' | 'submission.failed'> = {
  completed: 'submission.completed',
  awaiting_assessment: 'submission.awaiting_assessment',
  failed: 'submission.failed',
};

/**
 * Submission processing, a queue of the job runner (jobs/runner.ts): a job record (written with
 * the submission, or with whatever re-queues it) exists until a run has scored the submission's
 * latest input, so a job queued before a crash runs again after the restart. A run is the
 * transaction that claimed the job (the runner's, `inClaim`): the submission read for update, the
 * reads scoring needs, and one write of the outcome with its event, `processing` and the outcome in
 * the status history, and the job removed.
 *
 * Assessment results re-score: an in-process listener on `assessment.completed|replaced` adds a
 * re-score job for that email to the write that stores the result (it reads nothing: a listener
 * adds ops to a write), and that job turns the submissions awaiting the email back into jobs.
 * Every run also looks the person's result up itself, so a submission is never scored as
 * awaiting when the result already exists.
 *
 * The awaiting entry is what a run and a re-score could race on (a run that read no result yet
 * and a re-score that finds nobody waiting): both write it with `create` when it is absent, so
 * whichever comes second fails, runs again (the runner runs a claim's transaction that lost a
 * race again) and sees the other (a re-score that found nobody
 * leaves an empty entry for exactly that; the next run for the email removes it).
 */
export class SubmissionProcessor {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** Hands the runner the handlers of both queues: processing and re-scoring, each in the transaction that claimed its job. */
  handleQueues(runner: Pick<JobRunner, 'handleInClaim'>): void {
    // What each run reads first is named by its job's id (the submission's; the email's): asked beside the claim.
    runner.handleInClaim(SUBMISSION_PROCESSING, {
      firstReads: (ref, db) => this.#runReads(db, ref),
      run: (ref, tx, [submission, publish], signal) => this.#run(tx, ref, submission, publish, signal),
    });
    runner.handleInClaim(SUBMISSION_RESCORING, {
      // Without a lock: it only says whom to lock (#rescore).
      firstReads: ({ scope, id }, db) => db.get<AwaitingEntry>(AWAITING, scope, id),
      run: (ref, tx, seen) => this.#rescore(tx, ref, seen),
    });
  }

  /** Queues a re-score of the submissions awaiting a person's assessment in the write that stores the result. */
  readonly assessmentListener: EventListener = {
    types: ['assessment.completed', 'assessment.replaced'],
    opsFor: (orgId, event) => this.#onAssessment(orgId, event),
  };

  /**
   * A run's first reads, asked together (with the claim: one round trip on PostgreSQL): the
   * submission, for update, and the organisation's subscriptions. The claim holds the job's row,
   * which a writer holding the submission (an attachment) re-queues: not waited for (a deadlock),
   * the run gives way and the runner runs it again.
   */
  #runReads(db: AsyncReader, { scope: orgId, id }: JobRef): Promise<[SubmissionRecord | undefined, Publish]> {
    return Promise.all([db.get<SubmissionRecord>(SUBMISSIONS, orgId, id, { forUpdate: true, noWait: true }), eventPublisher(this.#ctx, db, orgId)]);
  }

  /** One run, in the transaction that claimed the job (its record there, locked), given its first reads (#runReads). */
  async #run(tx: Transaction, { scope: orgId, id }: JobRef, submission: SubmissionRecord | undefined, publish: Publish, signal: AbortSignal): Promise<void> {
    const ctx = this.#ctx;
    if (signal.aborted) return;
    if (!submission) {
      await tx.write([del(JOBS, orgId, id)]);
      return;
    }
    const now = new Date(ctx.clock.now()).toISOString();
    const email = awaitingKey(submission);
    // The entry locked after the submission: the order of every transaction that locks both (#rescore).
    const [outcome, awaiting] = await this.#score(tx, orgId, submission, now, () =>
      email ? tx.get<AwaitingEntry>(AWAITING, orgId, email, { forUpdate: true }) : Promise.resolve(undefined),
    );
    const updated: SubmissionRecord = {
      ...withStatus(withStatus(submission, 'processing', now), outcome.status, now),
      processedAt: now,
      runs: submission.runs + 1,
      evaluation: outcome.status === 'failed' ? null : outcome.evaluation,
      error: outcome.status === 'failed' ? outcome.error : null,
    };
    const ops: AsyncWriteOp[] = [put(SUBMISSIONS, orgId, updated), ...awaitingOps(orgId, email, awaiting, updated), del(JOBS, orgId, id)];
    ops.push(...(await publish(EVENT_OF[outcome.status], submissionDetail(updated))));
    await tx.write(ops);
  }

  /**
   * The outcome of scoring, and what `alongside` reads: that read (the awaiting entry, for update)
   * goes with scoring's reads, which need nothing but the submission (the people's results are
   * found by the emails in its fields, whatever the profile): one round trip for all of them.
   */
  async #score<A>(db: AsyncReader, orgId: string, submission: SubmissionRecord, now: string, alongside: () => Promise<A>): Promise<[ScoringOutcome, A]> {
    const ctx = this.#ctx;
    const reader = { db };
    // A failed read fails the transaction; its reads are asked for together all the same.
    const [profile, resources, transcripts, results, also] = await Promise.all([
      db.get<ProfileRecord>(PROFILES, orgId, submission.profileId),
      settled(resourcesOf(reader, orgId, submission)),
      settled(transcriptsOf(reader, orgId, submission)),
      settled(this.#resultsOf(db, orgId, submission)),
      alongside(),
    ]);
    if (!profile) {
      return [{ status: 'failed', error: { code: 'profile_not_found', message: `The profile ${submission.profileId} no longer exists.` } }, also];
    }
    try {
      return [
        scoreSubmission({
          profile,
          fields: submission.fields,
          resources: unwrap(resources).map((r) => ({ name: r.name, url: r.url })),
          transcripts: unwrap(transcripts).map((t) => ({ title: t.title, text: t.text })),
          assessmentOf: (email) => {
            const result = unwrap(results).get(emailKey(email));
            return result ? { resultId: result.id, revision: result.revision, percentiles: dimensionPercentiles(result) } : undefined;
          },
          now,
        }),
        also,
      ];
    } catch (error) {
      if (error instanceof StoreConflictError) throw error;
      ctx.log.error({ err: error, submission: submission.id }, 'scoring failed');
      return [{ status: 'failed', error: { code: 'internal_error', message: 'Scoring failed inside the server; attach anything to the submission to retry.' } }, also];
    }
  }

  /** The results of every person the submission names (scoring asks by email, synchronously), asked for together. */
  async #resultsOf(db: AsyncReader, orgId: string, submission: SubmissionRecord) {
    const emails = [...new Set(founderEmails(submission.fields).map(emailKey))];
    const found = await Promise.all(emails.map((email) => findResultByEmail({ db }, orgId, email)));
    const results = new Map<string, AssessmentResult>();
    emails.forEach((email, i) => {
      const result = found[i];
      if (result) results.set(email, result);
    });
    return results;
  }

  #onAssessment(orgId: string, event: PublishedEvent): WriteOp[] {
    const email = typeof event.data.email === 'string' ? emailKey(event.data.email) : '';
    if (!email) return [];
    return [put<RescoreJob>(RESCORES, orgId, { id: email, enqueuedAt: new Date(this.#ctx.clock.now()).toISOString() })];
  }

  /**
   * Turns the submissions awaiting the email back into jobs; with nobody waiting, leaves an empty
   * entry (see the class). Locks as a run does, the submissions before the entry: a run holds its
   * submission while it waits for the entry, so a re-score holding the entry while it waited for
   * that submission was a deadlock (PostgreSQL rolled one back after a second). The entry is read
   * first without a lock (`seen`, with the claim) to learn whom to lock; one that gained a submission
   * since is run again.
   */
  async #rescore(tx: Transaction, { scope: orgId, id: email }: JobRef, seen: AwaitingEntry | undefined): Promise<void> {
    const ops: AsyncWriteOp[] = [del(RESCORES, orgId, email)];
    if (!seen) {
      // Nothing to lock: a run creating the entry meanwhile makes this `create` fail, and the re-score runs again.
      await tx.write([...ops, create<AwaitingEntry>(AWAITING, orgId, { id: email, submissionIds: [] })]);
      return;
    }
    const ids = [...seen.submissionIds].sort();
    // Asked for together, in this order: one round trip on PostgreSQL, the submissions locked (in id order) before the entry.
    const [submissions, entry] = await Promise.all([
      Promise.all(ids.map((id) => tx.get<SubmissionRecord>(SUBMISSIONS, orgId, id, { forUpdate: true }))),
      tx.get<AwaitingEntry>(AWAITING, orgId, email, { forUpdate: true }),
    ]);
    const waiting = entry?.submissionIds ?? [];
    if (waiting.some((id) => !ids.includes(id))) throw new StoreConflictError(`the awaiting entry ${email} gained a submission`, { collection: AWAITING, scope: orgId, id: email });
    if (!entry) ops.push(create<AwaitingEntry>(AWAITING, orgId, { id: email, submissionIds: [] }));
    else if (waiting.length > 0) {
      ops.push(del(AWAITING, orgId, email));
      for (const submission of submissions) {
        if (submission && waiting.includes(submission.id) && submission.status === 'awaiting_assessment') ops.push(...requeueOps(this.#ctx, orgId, submission));
      }
    }
    await tx.write(ops);
  }
}

/** The key of the email → awaiting submissions index a submission belongs under ('' for none). */
function awaitingKey(submission: SubmissionRecord): string {
  return typeof submission.fields.email === 'string' ? submission.fields.email.trim().toLowerCase() : '';
}

/** Keeps the email → awaiting submissions index in step with the outcome (`entry`: its entry, read for update). */
function awaitingOps(orgId: string, email: string, entry: AwaitingEntry | undefined, after: SubmissionRecord): AsyncWriteOp[] {
  if (!email) return [];
  const ids = entry?.submissionIds ?? [];
  if (after.status !== 'awaiting_assessment') {
    if (!entry) return [];
    const rest = ids.filter((s) => s !== after.id);
    if (rest.length === ids.length && rest.length > 0) return [];
    return [rest.length ? put<AwaitingEntry>(AWAITING, orgId, { id: email, submissionIds: rest }) : del(AWAITING, orgId, email)];
  }
  if (ids.includes(after.id)) return [];
  const next: AwaitingEntry = { id: email, submissionIds: [...ids, after.id] };
  return [entry ? put(AWAITING, orgId, next) : create(AWAITING, orgId, next)];
}

/** A read's outcome kept for later: scoring turns a failed read into a failed outcome, as if it had read it there. */
type Settled<T> = { value: T } | { error: unknown };

const settled = <T>(read: Promise<T>): Promise<Settled<T>> => read.then((value) => ({ value }), (error: unknown) => ({ error }));

function unwrap<T>(outcome: Settled<T>): T {
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}
