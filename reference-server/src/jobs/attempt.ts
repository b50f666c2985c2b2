import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { detached, logFault } from '../http/index.js';
import { type AsyncStore, type Claim, StoreConflictError, type StoredRecord } from '../store/index.js';
import { backoffMs, settledInPlace } from './no-progress.js';
import type { JobWait, JobRef } from './queue.js';
import { keyOf, type QueueState } from './queue-state.js';

/**
 * How long a claimed job is this server's: another server takes it over once it ends (the server
 * died). Renewed every third of it while an attempt runs, so only a server that stopped renewing
 * loses a job; longer than any attempt's own timeout (webhooks: 10 s) by a wide margin.
 */
export const LEASE_MS = 60_000;
const RENEW_MS = LEASE_MS / 3;
/** A job another transaction held locked when claimed is looked at again after this (its writer's notification usually comes first). */
const LOCKED_RETRY_MS = 1_000;
/** Runs of an in-claim attempt whose transaction lost a race (a `create` another wrote first) before it counts as failed. */
const CONFLICT_RUNS = 3;

/** What one attempt runs with: the store it claims in, the clock, the log, and this runner's name in the leases. */
export interface Lease {
  db: AsyncStore;
  /** The store an in-claim attempt's transaction runs on: `db` as every module writes through it (WakingStore). */
  work: AsyncStore;
  clock: Clock;
  log: Logger;
  holder: string;
}

/** A claim that ran its attempt: the record as claimed, what the attempt answered, whether it threw. */
type Ran = { outcome: 'ran'; before: StoredRecord; answer: void | JobWait; threw: boolean };
/** What a claim ends in: not claimed (and why), or claimed and attempted. */
type Outcome = Exclude<Claim, { outcome: 'claimed' }> | Ran;

/**
 * Claims the job and runs it if due; answers when to look at it next (undefined: it is gone).
 * `stopped` aborts when the runner stops.
 */
export async function claimAndRun(lease: Lease, state: QueueState, ref: JobRef, stopped: AbortSignal): Promise<number | undefined> {
  const key = keyOf(ref);
  const now = lease.clock.now();
  state.gone.delete(key);
  const claim = state.queue.inClaim ? await attemptInClaim(lease, state, ref, now, stopped) : await attemptAfterClaim(lease, state, ref, now, stopped);
  switch (claim.outcome) {
    case 'absent':
      state.failures.delete(key);
      state.kept.delete(key);
      return undefined;
    case 'locked':
      return now + LOCKED_RETRY_MS;
    case 'held':
      // Another server runs it; if that server dies, its lease ends and this one takes over.
      return claim.until;
    case 'declined':
      return state.dueAt(claim.record);
    case 'ran':
  }
  const { before, answer, threw } = claim;
  const after = state.gone.delete(key) ? undefined : await lease.db.get(state.queue.collection, ref.scope, ref.id);
  const ended = lease.clock.now();
  if (!after) {
    state.failures.delete(key);
    state.kept.delete(key);
    return undefined;
  }
  let next = Math.max(state.dueAt(after), answer?.notBefore ?? 0);
  if (threw || settledInPlace({ before, after, dueBefore: state.dueAt(before), dueAfter: state.dueAt(after), next, now: ended, timed: state.queue.dueAt !== undefined })) {
    // A failed attempt, or one that left its job due at once as it was: run again only after a growing wait, never in a tight loop.
    const failures = (state.failures.get(key) ?? 0) + 1;
    state.failures.set(key, failures);
    next = Math.max(next, ended + backoffMs(failures));
    if (!threw) lease.log.warn({ queue: state.queue.name, job: ref.id, failures }, 'job attempt left its job due at once, unchanged: counted as failed, backing off');
  } else {
    state.failures.delete(key);
  }
  // An in-claim job's claim ended with its transaction: nothing to keep or release.
  if (state.queue.inClaim) return next;
  // A job due again before its lease ends keeps it (its next claim renews it): one lease write per attempt, not two.
  if (next < now + LEASE_MS - RENEW_MS) state.kept.set(key, ref);
  else {
    state.kept.delete(key);
    await releaseJob(lease, state, ref);
  }
  return next;
}

/** Claims the job under a lease (one transaction), then runs its attempt outside any transaction. */
async function attemptAfterClaim(lease: Lease, state: QueueState, ref: JobRef, now: number, stopped: AbortSignal): Promise<Outcome> {
  const claim = await claimJob(lease, state, ref, now, (record) => state.dueAt(record) <= now);
  if (claim.outcome !== 'claimed') return claim;
  return { outcome: 'ran', before: claim.record, ...(await attemptUnderLease(lease, state, ref, stopped)) };
}

/**
 * Claims the job and runs its attempt in one transaction, with no lease: the claim's row lock
 * (`FOR UPDATE SKIP LOCKED`) holds the job against every other server until the transaction ends,
 * and a server that dies ends its transaction, so the job is free again at once. An attempt that
 * throws rolls the transaction back, the job as it was: a failed attempt like any other.
 *
 * A handler's first reads (InClaimJob) are asked with the claim, in the same synchronous stretch:
 * one round trip on PostgreSQL. The transaction waits for them whatever the claim answers, so it
 * never ends with one in flight, and a failure of theirs is always observed. A first run that
 * failed before its claim answered (on PostgreSQL a first read that failed, a NOWAIT conflict,
 * fails the claim's whole message) is run again with its reads after the claim, as before them.
 */
async function attemptInClaim(lease: Lease, state: QueueState, ref: JobRef, now: number, stopped: AbortSignal): Promise<Outcome> {
  const { handler } = state;
  if (!handler || !('inClaim' in handler)) throw new Error(`job queue ${state.queue.name} has no in-claim handler`);
  const job = handler.inClaim;
  const { collection } = state.queue;
  for (let run = 1; ; run += 1) {
    let before: StoredRecord | undefined;
    const beside = run === 1 && job.firstReads !== undefined;
    try {
      return await lease.work.transaction(async (tx): Promise<Outcome> => {
        const [claimed, read] = await Promise.allSettled([
          tx.claim(collection, ref.scope, ref.id, { holder: lease.holder, now, when: (record) => state.dueAt(record) <= now }),
          // In the claim's synchronous stretch (a promise's executor runs at once); one that throws fails as its reads would.
          beside ? new Promise<unknown>((resolve) => resolve(job.firstReads?.(ref, tx))) : undefined,
        ]);
        const claim = valueOf(claimed);
        if (claim.outcome !== 'claimed') return claim;
        before = claim.record;
        const first = beside ? valueOf(read) : await job.firstReads?.(ref, tx);
        return { outcome: 'ran', before, answer: await job.run(ref, tx, first, stopped), threw: false };
      });
    } catch (error) {
      // Failed with the first reads asked beside it: run again, the reads after the claim.
      if (!before && beside) continue;
      // The claim itself failed (the store could not be reached): the runner looks again later.
      if (!before) throw error;
      // The handler cannot run its own transaction again inside the claim: the runner does.
      if (error instanceof StoreConflictError && run < CONFLICT_RUNS) continue;
      lease.log.error({ err: error, queue: state.queue.name, job: ref.id }, 'job attempt failed unexpectedly');
      return { outcome: 'ran', before, answer: undefined, threw: true };
    }
  }
}

function valueOf<T>(settled: PromiseSettledResult<T>): T {
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

/** Runs one attempt, renewing its lease while it runs; aborts it if the lease was lost to another server. */
async function attemptUnderLease(lease: Lease, state: QueueState, ref: JobRef, stopped: AbortSignal): Promise<{ answer: void | JobWait; threw: boolean }> {
  const attempt = new AbortController();
  const stop = () => attempt.abort();
  stopped.addEventListener('abort', stop);
  let cancelRenew = () => undefined as void;
  const renew = () => {
    cancelRenew = lease.clock.schedule(
      RENEW_MS,
      detached(logFault(lease.log, `job ${state.queue.name} lease`), async () => {
        const claim = await claimJob(lease, state, ref, lease.clock.now());
        // Lost (this server stalled past its lease and another took the job): stop, the other one carries on.
        if (claim.outcome === 'held') attempt.abort();
        else if (claim.outcome !== 'absent') renew();
      }),
    );
  };
  renew();
  try {
    const handler = state.handler;
    if (!handler || !('underLease' in handler)) throw new Error(`job queue ${state.queue.name} has no handler`);
    // A run that throws before returning its promise is a failed attempt like any other.
    const answer = await new Promise<void | JobWait>((resolve) => resolve(handler.underLease(ref, attempt.signal)));
    return { answer, threw: false };
  } catch (error) {
    lease.log.error({ err: error, queue: state.queue.name, job: ref.id }, 'job attempt failed unexpectedly');
    return { answer: undefined, threw: true };
  } finally {
    cancelRenew();
    stopped.removeEventListener('abort', stop);
  }
}

function claimJob(lease: Lease, state: QueueState, ref: JobRef, now: number, when?: (record: StoredRecord) => boolean) {
  return lease.db.transaction((tx) =>
    tx.claim(state.queue.collection, ref.scope, ref.id, { holder: lease.holder, now, until: now + LEASE_MS, ...(when ? { when } : {}) }),
  );
}

/** Gives the job's lease back (a failure is logged: the lease ends by itself). */
export async function releaseJob(lease: Lease, state: QueueState, ref: JobRef): Promise<void> {
  await lease.db.transaction((tx) => tx.release(state.queue.collection, ref.scope, ref.id, lease.holder)).catch(logFault(lease.log, `job ${state.queue.name} release`));
}
