import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lockWaiters } from '../../testing/postgres.js';
import { serversOnPostgres, type ServersOnPostgres } from '../../testing/postgres-context.js';
import { until } from '../../testing/store-contract.js';
import type { AppContext } from '../context.js';
import { saveResult } from '../assessments/index.js';
import type { InClaimJob, JobQueue } from '../jobs/index.js';
import { selectNorm, scoreAnswers, workedExample } from '../psychometrics/index.js';
import { put, StoreConflictError, type AsyncStore } from '../store/index.js';
import { attachResource } from './attachments.js';
import { DEMO_PROFILES } from './demo-profiles.js';
import { SUBMISSION_PROCESSING, SUBMISSION_RESCORING, SubmissionProcessor } from './processor.js';
import { AWAITING, JOBS, PROFILES, SUBMISSIONS, type AwaitingEntry, type SubmissionRecord } from './submission-records.js';
import { createSubmission } from './submission-service.js';

/**
 * A submission's processing run and an email's re-score, on two servers sharing PostgreSQL, taking
 * the row locks they share (the submissions awaiting the email, and the email's awaiting entry)
 * at the same moment. Driven through the processor's own job handlers; a third transaction holds a
 * submission's lock so that the two interleave the same way every run.
 */
const ORG = 'org_locks';
const PROFILE = DEMO_PROFILES[0] as (typeof DEMO_PROFILES)[number];

let cluster: ServersOnPostgres;
beforeAll(async () => {
  cluster = await serversOnPostgres(2);
});
afterAll(() => cluster.close());

/** The store, with every transaction that failed recorded: the processor runs a lost race again silently. */
function recordingFailures(store: AsyncStore, failures: unknown[]): AsyncStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'transaction') {
        return (...args: Parameters<AsyncStore['transaction']>) =>
          target.transaction(...args).catch((error: unknown) => {
            failures.push(error);
            throw error;
          });
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A server's processor and the handlers it gives the job runner, called here as the runner would:
 * in a transaction, the first reads and then the run (the runner's claims the job first, its first
 * reads beside the claim; these jobs are driven by hand, whether a record of theirs exists or not),
 * run again at once when it lost a race (three runs).
 */
function processorOf(ctx: AppContext): (queue: JobQueue, id: string) => Promise<unknown> {
  const handlers = new Map<JobQueue, InClaimJob<unknown>>();
  new SubmissionProcessor(ctx).handleQueues({ handleInClaim: (queue, handler) => void handlers.set(queue as JobQueue, handler as InClaimJob<unknown>) });
  return async (queue, id) => {
    const job = handlers.get(queue) as InClaimJob<unknown>;
    const ref = { scope: ORG, id };
    for (let run = 1; ; run += 1) {
      try {
        return await ctx.db.transaction(async (tx) => job.run(ref, tx, await job.firstReads(ref, tx), new AbortController().signal));
      } catch (error) {
        if (!(error instanceof StoreConflictError) || run >= 3) throw error;
      }
    }
  };
}

/** Holds a submission's row lock in a transaction of its own until `release` is called. */
async function holdSubmission(ctx: AppContext, id: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = ctx.db.transaction(async (tx) => {
    await tx.get(SUBMISSIONS, ORG, id, { forUpdate: true });
    held();
    await released;
  });
  await Promise.race([holding, transaction]);
  return async () => {
    release();
    await transaction;
  };
}

/** Whether `work` finishes, or instead waits on a lock beside the `waiting` that already did. */
async function finishesOrWaits(work: Promise<unknown>, waiting: number): Promise<'finished' | 'waits on a lock'> {
  const stop = new AbortController();
  const waits = until(async () => (await lockWaiters(cluster.url)) > waiting, stop.signal).then(() => 'waits on a lock' as const);
  try {
    return await Promise.race([work.then(() => 'finished' as const), waits]);
  } finally {
    stop.abort();
  }
}

const submit = async (ctx: AppContext, recordId: string, email: string) => {
  const created = await createSubmission(ctx, ORG, { record_id: recordId, profile_id: PROFILE.id, fields: { email, name: 'Ada Founder', company: 'Tidewater' } });
  if (created.kind !== 'created') throw new Error(created.kind);
  return created.submission.id;
};

const statusOf = async (ctx: AppContext, id: string) => (await ctx.db.get<SubmissionRecord>(SUBMISSIONS, ORG, id))?.status;
const messages = (errors: unknown[]) => errors.map((error) => String((error as Error).message));

describe('a processing run and a re-score of the same submissions on PostgreSQL', () => {
  let a: AppContext;
  let b: AppContext;
  let failures: unknown[];
  let run: (queue: JobQueue, id: string) => Promise<unknown>;
  let rescore: (queue: JobQueue, id: string) => Promise<unknown>;
  beforeAll(async () => {
    const [first, second] = cluster.servers as [AppContext, AppContext];
    // Ids in the order made, so a submission made first sorts first (the re-score locks in id order), as it is listed first.
    let made = 0;
    a = { ...first, ids: { next: (prefix) => `${prefix}_${String((made += 1)).padStart(8, '0')}` } };
    b = second;
    await a.db.write([put(PROFILES, ORG, { id: PROFILE.id, orgId: ORG, ...PROFILE.input, created_at: new Date().toISOString() })]);
  });
  beforeEach(() => {
    failures = [];
    run = processorOf({ ...a, db: recordingFailures(a.db, failures) });
    rescore = processorOf({ ...b, db: recordingFailures(b.db, failures) });
  });

  it('take their locks in one order: neither waits for the other, no deadlock is rolled back', async () => {
    const email = 'ada@founders.example';
    // Two submissions of one person wait for her assessment: the entry lists [first, second].
    const first = await submit(a, 'rec-first', email);
    const second = await submit(a, 'rec-second', email);
    await run(SUBMISSION_PROCESSING, first);
    await run(SUBMISSION_PROCESSING, second);
    expect((await a.db.get<AwaitingEntry>(AWAITING, ORG, email))?.submissionIds).toEqual([first, second]);
    // The partner attaches a deck to the second (queued again, still listed), and her result arrives.
    const attached = await attachResource(a, ORG, second, { kind: 'url', url: 'https://decks.example/tidewater.pdf' });
    expect(attached.ok).toBe(true);
    const { norm, reference } = selectNorm();
    await saveResult(a, ORG, { email, fullName: 'Ada Founder', benchmarkTagId: null, benchmarkApplied: false, scores: scoreAnswers(workedExample(), norm, reference), answers: workedExample(), context: {}, crmSync: { status: 'not_configured', attempts: 0 } });

    // Another transaction holds the first submission, so the re-score stops at its lock.
    const release = await holdSubmission(b, first);
    const rescoring = rescore(SUBMISSION_RESCORING, email);
    await until(async () => (await lockWaiters(cluster.url)) === 1);
    // The second submission's run meanwhile: its submission, then the entry.
    const processing = run(SUBMISSION_PROCESSING, second);
    const outcome = await finishesOrWaits(processing, 1);
    await release();
    await Promise.all([rescoring, processing]);

    // A re-score holding the entry while it waited for a submission the run held, as the run waited for the entry, was a deadlock (40P01).
    expect(messages(failures)).toEqual([]);
    expect(outcome).toBe('finished');
    // What both meant to do is done: the second scored with the result, the first queued again, nobody left waiting.
    expect(await statusOf(a, second)).toBe('completed');
    expect(await statusOf(a, first)).toBe('queued');
    expect(await a.db.get(JOBS, ORG, first)).toBeDefined();
    expect(await a.db.get(AWAITING, ORG, email)).toBeUndefined();
  });

  it('re-scores a submission that joined the entry while the re-score waited for its locks: it runs again', async () => {
    const email = 'grace@founders.example';
    const early = await submit(a, 'rec-early', email);
    const late = await submit(a, 'rec-late', email);
    await run(SUBMISSION_PROCESSING, early);

    // The re-score has read the entry ([early]) and waits for early's lock when late's run adds late to it.
    const release = await holdSubmission(b, early);
    const rescoring = rescore(SUBMISSION_RESCORING, email);
    await until(async () => (await lockWaiters(cluster.url)) === 1);
    const processing = run(SUBMISSION_PROCESSING, late);
    const outcome = await finishesOrWaits(processing, 1);
    await release();
    await Promise.all([rescoring, processing]);

    expect(outcome).toBe('finished');
    expect(messages(failures)).toEqual([`the awaiting entry ${email} gained a submission`]);
    expect([await statusOf(a, early), await statusOf(a, late)]).toEqual(['queued', 'queued']);
    expect(await a.db.get(AWAITING, ORG, email)).toBeUndefined();
  });
});
