import type { StoredRecord } from '../store/index.js';
import type { InClaimJob, JobHandler, JobQueue, JobRef } from './queue.js';

/** An in-claim handler as the runner keeps it: an InClaimJob, whose first reads a plain InClaimJobHandler lacks. */
export type InClaimRun = Pick<InClaimJob<unknown>, 'run'> & Partial<Pick<InClaimJob<unknown>, 'firstReads'>>;

export const keyOf = (ref: JobRef) => `${ref.scope}/${ref.id}`;

/** What the runner knows in memory of one queue: its timers, its run queue, the attempts in flight. */
export class QueueState {
  readonly timers = new Map<string, () => void>();
  readonly queued = new Set<string>();
  readonly runQueue: JobRef[] = [];
  readonly inFlight = new Map<string, Promise<void>>();
  /** Keys asked for while running: looked at again once the attempt ends. */
  readonly again = new Set<string>();
  /** Attempts in a row that failed or changed nothing, per key (reset by one that made progress). */
  readonly failures = new Map<string, number>();
  /** Keys whose record a committed transaction deleted while their attempt ran: no read after it. */
  readonly gone = new Set<string>();
  /** Leases kept after an attempt because the job is due again before they end: released on stop. */
  readonly kept = new Map<string, JobRef>();
  /** The queue's handler, given before the runner starts: run under a lease, or inside the claim (`queue.inClaim`; without first reads for a plain InClaimJobHandler). */
  handler: { underLease: JobHandler } | { inClaim: InClaimRun } | undefined;

  constructor(readonly queue: JobQueue) {}

  known(key: string): boolean {
    return this.timers.has(key) || this.queued.has(key) || this.inFlight.has(key);
  }

  dueAt(record: StoredRecord): number {
    return this.queue.dueAt?.(record) ?? 0;
  }

  /** Forgets what is scheduled (the runner stopped); the timers are cancelled. */
  clear(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    this.queued.clear();
    this.runQueue.length = 0;
    this.again.clear();
    this.gone.clear();
  }
}
