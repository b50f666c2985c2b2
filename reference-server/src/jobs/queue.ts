import type { AsyncReader, StoredRecord, Transaction, WriteOp } from '../store/index.js';

/** One durable job: a record `id` in a queue's collection, under `scope` (an organisation). */
export interface JobRef {
  scope: string;
  id: string;
}

/** What an attempt may answer: run this job again no sooner than `notBefore` (epoch ms of the clock). */
export interface JobWait {
  notBefore: number;
}

/**
 * One attempt. `signal` aborts when the runner stops (or lost the job's lease): leave the job as
 * it is in the store then. It may answer a time before which it need not run again: kept in
 * memory only, so a job that looks at its clocks often need not rewrite its record to wait
 * (after a restart, or on another server, it runs at its stored time).
 */
export type JobHandler = (ref: JobRef, signal: AbortSignal) => Promise<void | JobWait>;

/**
 * One attempt of an `inClaim` queue: it does its work in `tx`, the transaction that claimed the
 * job (the job's record is there, locked), and settles the job there too. It must not use the
 * store outside `tx`, nor anything but the store: every other server waits for the job while
 * the transaction runs. A `StoreConflictError` runs the whole transaction again.
 */
export type InClaimJobHandler = (ref: JobRef, tx: Transaction, signal: AbortSignal) => Promise<void | JobWait>;

/**
 * An in-claim handler whose run starts with reads that the job's ref alone names (the job's id is
 * the submission's, or the email's): the runner asks them beside the claim, in the same synchronous
 * stretch, so on PostgreSQL they go in the claim's round trip, after it (the job's row is locked
 * first, as when the run asked them), and hands their values to `run` once the job is claimed.
 *
 * `firstReads` only reads (it may lock: `forUpdate`, `noWait`). It is asked before anyone knows
 * whether the job is claimed: when it is not (absent, locked, held, declined), the runner waits for
 * the reads, ignores their values and failures, and ends the transaction, which releases what they
 * locked. Ask every read before the first `await` (`Promise.all`): one asked after it goes in a
 * round trip of its own, claimed or not. A failure of the first reads is the run's (a
 * `StoreConflictError` runs it again). On PostgreSQL a read that fails fails the claim's whole
 * message; the runner then runs the transaction again with the reads after the claim, as it does
 * for a job of a plain `InClaimJobHandler`.
 */
export interface InClaimJob<R> {
  firstReads(ref: JobRef, db: AsyncReader): Promise<R>;
  /** The attempt, as an InClaimJobHandler's, given what `firstReads` answered (in this transaction). */
  run(ref: JobRef, tx: Transaction, first: R, signal: AbortSignal): Promise<void | JobWait>;
}

/** Only defineJobQueue makes a queue: the runner and the store's hook know a queue by this object, never by a name. */
const DEFINED = Symbol('job queue');

/**
 * A kind of durable job, named by what it does (`WEBHOOK_DELIVERY`, `SUBMISSION_PROCESSING`) and
 * defined beside its handler. Each pending job is one record in `collection`, written in the same
 * store write as the change that calls for it, so a job survives a crash with its cause. An
 * attempt settles its job durably itself: it deletes the record when done, or stores the next due
 * time (its backoff) with the attempt's outcome. After each attempt the runner reads the record
 * again and schedules whatever is left, so the store is the only schedule.
 */
export interface JobQueue<T extends StoredRecord = StoredRecord> {
  readonly [DEFINED]: true;
  readonly name: string;
  /** The store collection its job records live in (the queue's own; no two queues share one). */
  readonly collection: string;
  /** Attempts running at once on this server, over all keys. One key never runs twice at once, on any server. */
  readonly concurrency: number;
  /**
   * Whether an attempt runs inside the transaction that claims the job (`runner.handleInClaim`),
   * the claim's row lock holding the job until it commits: for work that is only store reads,
   * writes and computation. Otherwise (`runner.handle`) the claim writes a lease and commits, and
   * the attempt runs under the lease, outside any transaction: for work that waits on the network.
   */
  readonly inClaim: boolean;
  /** When the job is due (epoch ms of the clock); without it, at once. */
  dueAt?(record: T): number;
  /** The jobs of this queue a committed batch put (the store's commit hook hands them to the runner). */
  jobsIn(ops: readonly WriteOp[]): JobRef[];
  /** Whether a write to `collection` is a write of this queue's jobs (the wake-ups' test). */
  holds(collection: string): boolean;
}

export interface JobQueueSpec<T extends StoredRecord> {
  name: string;
  collection: string;
  concurrency: number;
  /** See JobQueue.inClaim (default false: under a lease). */
  inClaim?: boolean;
  dueAt?(record: T): number;
}

/** A job queue, to export beside its handler and hand the runner (`runner.handle(queue, handler)`, or `handleInClaim`) and job-queues.ts. */
export function defineJobQueue<T extends StoredRecord>(spec: JobQueueSpec<T>): JobQueue<T> {
  const { collection } = spec;
  return {
    [DEFINED]: true,
    ...spec,
    inClaim: spec.inClaim ?? false,
    jobsIn: (ops) => ops.flatMap((op) => (op.op === 'put' && op.collection === collection ? [{ scope: op.scope, id: op.record.id }] : [])),
    holds: (written) => written === collection,
  };
}

/** A job of a known queue, as the wake-ups and the store's hook name it. */
export interface QueuedJob extends JobRef {
  queue: JobQueue;
}
