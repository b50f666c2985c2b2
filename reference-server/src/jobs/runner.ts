import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { detached, logFault } from '../http/index.js';
import type { AsyncStore, StoredRecord, WriteOp } from '../store/index.js';
import { JOBS_CHANNEL, parseWakeUp } from './wake-ups.js';
import { backoffMs, settledInPlace } from './no-progress.js';
import { takePeriod } from './periods.js';

/** One durable job: a record `id` in a queue's collection, under `scope` (an organisation). */
export interface JobRef {
  scope: string;
  id: string;
}

/**
 * A kind of durable job. Each pending job is one record in `collection`, written in the same
 * store write as the change that calls for it, so a job survives a crash with its cause. An
 * attempt settles its job durably itself: it deletes the record when done, or stores the next
 * due time (its backoff) with the attempt's outcome. After each attempt the runner reads the
 * record again and schedules whatever is left, so the store is the only schedule.
 */
export interface JobQueue<T extends StoredRecord = StoredRecord> {
  name: string;
  collection: string;
  /** Attempts running at once on this server, over all keys. One key never runs twice at once, on any server. */
  concurrency: number;
  /** When the job is due (epoch ms of the clock); without it, at once. */
  dueAt?(record: T): number;
  /**
   * One attempt. `signal` aborts when the runner stops (or lost the job's lease): leave the job as
   * it is in the store then. It may answer a time before which it need not run again: kept in
   * memory only, so a job that looks at its clocks often need not rewrite its record to wait
   * (after a restart, or on another server, it runs at its stored time).
   */
  run(ref: JobRef, signal: AbortSignal): Promise<void | JobWait>;
}

/** What an attempt may answer: run this job again no sooner than `notBefore` (epoch ms of the clock). */
export interface JobWait {
  notBefore: number;
}

/** Work done every `everyMs` of the clock (the first run one period after start), once per period across every server. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/** Durable jobs are looked at this often even if nobody woke the runner (a safety net). */
export const SWEEP_INTERVAL_MS = 30_000;
/**
 * How long a claimed job is this server's: another server takes it over once it ends (the server
 * died). Renewed every third of it while an attempt runs, so only a server that stopped renewing
 * loses a job; longer than any attempt's own timeout (webhooks: 10 s) by a wide margin.
 */
export const LEASE_MS = 60_000;
const RENEW_MS = LEASE_MS / 3;
/** A job another transaction held locked when claimed is looked at again after this (its writer's notification usually comes first). */
const LOCKED_RETRY_MS = 1_000;

const keyOf = (ref: JobRef) => `${ref.scope}/${ref.id}`;

interface PeriodicState {
  job: PeriodicJob;
  cancel?: () => void;
  running: Promise<void>;
}

class QueueState {
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

  constructor(readonly queue: JobQueue) {}

  known(key: string): boolean {
    return this.timers.has(key) || this.queued.has(key) || this.inFlight.has(key);
  }

  dueAt(record: StoredRecord): number {
    return this.queue.dueAt?.(record) ?? 0;
  }
}

/**
 * The server's one job runner: keyed, concurrency-limited queues of durable jobs scheduled on the
 * clock, plus periodic jobs. Any number of servers may run one over the same database
 * (docs/decisions/jobs-across-servers.md): before an attempt the runner claims the job under a
 * lease (`Transaction.claim`, `FOR UPDATE SKIP LOCKED` on PostgreSQL), so two servers never run
 * one job at once and a dead server's job is taken over when its lease ends; every server is
 * woken by the writing transaction's notification (`JOBS_CHANNEL`) and, on the file store, by
 * the store's write hook (`committed`). Started after the server listens (resuming every job in
 * the store), stopped on shutdown (timers cancelled, attempts in flight awaited, leases released).
 */
export class JobRunner {
  readonly #db: AsyncStore;
  readonly #clock: Clock;
  readonly #log: Logger;
  /** This runner's name in the leases it holds. */
  readonly holder: string;
  readonly #queues = new Map<string, QueueState>();
  readonly #periodic: PeriodicState[] = [];
  #abort = new AbortController();
  #sweepTimer: (() => void) | undefined;
  #sweeping: Promise<void> = Promise.resolve();
  /** Sweeps asked for and not yet finished: on PostgreSQL one takes several round trips before it schedules what it found. */
  #sweepsPending = 0;
  #unlisten: Promise<(() => Promise<void>) | undefined> = Promise.resolve(undefined);
  #running = false;
  /** Work a request left behind after its answer (track): idle and stop wait for it. */
  readonly #tracked = new Set<Promise<void>>();

  constructor(deps: { db: AsyncStore; clock: Clock; log: Logger; holder?: string }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#log = deps.log;
    this.holder = deps.holder ?? `runner_${randomBytes(8).toString('hex')}`;
  }

  /** Adds a kind of durable job (before start). */
  add<T extends StoredRecord>(queue: JobQueue<T>): void {
    if (this.#queues.has(queue.collection)) throw new Error(`a job queue already uses ${queue.collection}`);
    this.#queues.set(queue.collection, new QueueState(queue as unknown as JobQueue));
  }

  /** Adds work done periodically (before start). */
  every(job: PeriodicJob): void {
    this.#periodic.push({ job, running: Promise.resolve() });
  }

  /** The collections of the queues added (job-collections.ts lists them for the operator commands). */
  get collections(): string[] {
    return [...this.#queues.keys()];
  }

  /** The collections holding jobs: a write putting a record into one wakes the runners (wake-ups.ts). */
  isJobCollection = (collection: string): boolean => this.#queues.has(collection);

  /**
   * Told by the store every module writes through (WakingStore) of the job records a committed
   * transaction deleted: a job whose attempt deleted its own record needs no read to learn it is
   * gone (a put after that wakes the runner again, as any put does).
   */
  jobsDeleted = (jobs: readonly { collection: string; scope: string; id: string }[]): void => {
    for (const job of jobs) {
      const state = this.#queues.get(job.collection);
      const key = keyOf(job);
      if (state?.inFlight.has(key)) state.gone.add(key);
    }
  };

  /** Listens for wake-ups, resumes every job in the store and starts the periodic jobs. */
  start(): void {
    this.#running = true;
    this.#abort = new AbortController();
    const fault = logFault(this.#log, 'job wake-up');
    this.#unlisten = this.#db
      .listen(JOBS_CHANNEL, detached(fault, (payload: string) => this.#wake(payload)), detached(fault, () => this.#sweep()))
      .catch((error: unknown) => {
        // The periodic sweep still finds every job; only the wake-ups of other servers are missed.
        this.#log.error({ err: error }, 'job runner could not listen for wake-ups; the sweep still runs every job');
        return undefined;
      });
    // At once, without waiting for the LISTEN connection; and again once it listens, for the jobs
    // committed in between (their notifications reached no one, and the next sweep is 30 s away).
    this.#sweep();
    this.#unlisten.then(() => this.#sweep()).catch(fault);
    for (const periodic of this.#periodic) this.#tick(periodic);
  }

  /** Cancels what is scheduled, waits for the attempts and periodic runs in flight, and releases the leases kept. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#abort.abort();
    this.#sweepTimer?.();
    for (const state of this.#queues.values()) {
      for (const cancel of state.timers.values()) cancel();
      state.timers.clear();
      state.queued.clear();
      state.runQueue.length = 0;
      state.again.clear();
      state.gone.clear();
    }
    for (const periodic of this.#periodic) periodic.cancel?.();
    await (await this.#unlisten)?.().catch(logFault(this.#log, 'job runner unlisten'));
    await Promise.all(this.#periodic.map((p) => p.running));
    await this.#sweeping;
    await this.idle();
    for (const state of this.#queues.values()) {
      for (const ref of state.kept.values()) await this.#release(state, ref);
      state.kept.clear();
    }
  }

  /**
   * Told by the file store's write hook once a batch is durable: schedules the jobs among its ops
   * (puts into a queue's collection), whichever store API wrote them.
   */
  committed(ops: readonly WriteOp[]): void {
    if (!this.#running) return;
    for (const op of ops) {
      if (op.op !== 'put') continue;
      const state = this.#queues.get(op.collection);
      if (state) this.#schedule(state, { scope: op.scope, id: op.record.id });
    }
  }

  /**
   * Work started outside the runner that must not be cut off (a request's observation, written
   * after its answer left): `idle` and `stop` wait for it. `work` handles its own faults.
   */
  track(work: Promise<void>): void {
    this.#tracked.add(work);
    const done = () => void this.#tracked.delete(work);
    work.then(done, done);
  }

  /** True while a sweep looks for jobs, a job is queued to run now or running, or tracked work is unfinished. */
  get busy(): boolean {
    return this.#sweepsPending > 0 || this.#tracked.size > 0 || [...this.#queues.values()].some((s) => s.inFlight.size > 0 || s.runQueue.length > 0);
  }

  /** Resolves once the runner listens, and no sweep, no job queued to run now or running, nor a periodic run is left (tests await this). */
  async idle(): Promise<void> {
    await this.#unlisten;
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      // A periodic run the clock started (a test's clock moves synchronously) counts as work in flight.
      await Promise.all(this.#periodic.map((p) => p.running));
      if (!this.busy) return;
      await Promise.all([this.#sweeping, ...this.#tracked, ...[...this.#queues.values()].flatMap((s) => [...s.inFlight.values()])]);
    }
  }

  #wake(payload: string): void {
    const wake = parseWakeUp(payload);
    const state = wake && this.#queues.get(wake.collection);
    if (wake && state) this.#schedule(state, { scope: wake.scope, id: wake.id });
  }

  #sweep(): void {
    if (!this.#running) return;
    // The next sweep first: a job whose record cannot be read must not end the safety net.
    this.#sweepTimer?.();
    this.#sweepTimer = this.#clock.schedule(SWEEP_INTERVAL_MS, detached(logFault(this.#log, 'job sweep'), () => this.#sweep()));
    // One running and one waiting at most: the waiting one has not read yet, so it finds whatever
    // a further one would (a sweep slower than its interval, or a test clock moved by a day, would
    // otherwise queue one per interval).
    if (this.#sweepsPending >= 2) return;
    this.#sweepsPending += 1;
    this.#sweeping = this.#sweeping
      .then(() => this.#sweepOnce())
      .catch(logFault(this.#log, 'job sweep'))
      .finally(() => {
        this.#sweepsPending -= 1;
      });
  }

  async #sweepOnce(): Promise<void> {
    for (const state of this.#queues.values()) {
      if (!this.#running) return;
      const { collection } = state.queue;
      for (const scope of await this.#db.scopes(collection)) {
        for (const record of await this.#db.all(collection, scope)) {
          if (!this.#running) return;
          if (!state.known(keyOf({ scope, id: record.id }))) this.#schedule(state, { scope, id: record.id });
        }
      }
    }
  }

  /**
   * Runs the job when due (not before `notBefore`, when given): at once, or on a clock timer. The
   * claim reads the record and declines it until it is due (then it waits for its time), so a
   * wake-up costs no read of its own: one round trip per job fewer on PostgreSQL.
   */
  #schedule(state: QueueState, ref: JobRef, notBefore = 0): void {
    if (!this.#running) return;
    const key = keyOf(ref);
    if (state.inFlight.has(key)) {
      state.again.add(key);
      return;
    }
    this.#runAt(state, ref, notBefore);
  }

  #runAt(state: QueueState, ref: JobRef, at: number): void {
    if (!this.#running) return;
    const key = keyOf(ref);
    state.timers.get(key)?.();
    state.timers.delete(key);
    const delayMs = at - this.#clock.now();
    if (delayMs <= 0) {
      this.#enqueue(state, ref);
      return;
    }
    state.timers.set(
      key,
      this.#clock.schedule(
        delayMs,
        detached(logFault(this.#log, `job ${state.queue.name} timer`), () => {
          state.timers.delete(key);
          this.#enqueue(state, ref);
        }),
      ),
    );
  }

  #enqueue(state: QueueState, ref: JobRef): void {
    const key = keyOf(ref);
    if (!this.#running || state.queued.has(key) || state.inFlight.has(key)) return;
    state.queued.add(key);
    state.runQueue.push(ref);
    setImmediate(detached(logFault(this.#log, `job ${state.queue.name} pump`), () => this.#pump(state)));
  }

  #pump(state: QueueState): void {
    while (this.#running && state.inFlight.size < state.queue.concurrency) {
      const ref = state.runQueue.shift();
      if (!ref) return;
      const key = keyOf(ref);
      state.queued.delete(key);
      const attempt = this.#claimAndRun(state, ref)
        .catch((error: unknown) => {
          // The store could not be reached to claim or settle: looked at again by the next sweep.
          this.#log.error({ err: error, queue: state.queue.name, job: ref.id }, 'job could not be claimed');
          return undefined;
        })
        .then((next) => {
          state.inFlight.delete(key);
          if (state.again.delete(key)) this.#schedule(state, ref, next);
          else if (next !== undefined) this.#runAt(state, ref, next);
          this.#pump(state);
        })
        .catch(logFault(this.#log, `job ${state.queue.name} after an attempt`));
      state.inFlight.set(key, attempt);
    }
  }

  /** Claims the job and runs it if due; answers when to look at it next (undefined: it is gone). */
  async #claimAndRun(state: QueueState, ref: JobRef): Promise<number | undefined> {
    const key = keyOf(ref);
    const now = this.#clock.now();
    const claim = await this.#claim(state, ref, now, (record) => state.dueAt(record) <= now);
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
      case 'claimed':
    }
    const before = claim.record;
    state.gone.delete(key);
    const { answer, threw } = await this.#attemptUnderLease(state, ref);
    const after = state.gone.delete(key) ? undefined : await this.#db.get(state.queue.collection, ref.scope, ref.id);
    const ended = this.#clock.now();
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
      if (!threw) this.#log.warn({ queue: state.queue.name, job: ref.id, failures }, 'job attempt left its job due at once, unchanged: counted as failed, backing off');
    } else {
      state.failures.delete(key);
    }
    // A job due again before its lease ends keeps it (its next claim renews it): one lease write per attempt, not two.
    if (next < now + LEASE_MS - RENEW_MS) state.kept.set(key, ref);
    else {
      state.kept.delete(key);
      await this.#release(state, ref);
    }
    return next;
  }

  /** Runs one attempt, renewing its lease while it runs; aborts it if the lease was lost to another server. */
  async #attemptUnderLease(state: QueueState, ref: JobRef): Promise<{ answer: void | JobWait; threw: boolean }> {
    const attempt = new AbortController();
    const stopped = () => attempt.abort();
    this.#abort.signal.addEventListener('abort', stopped);
    let cancelRenew = () => undefined as void;
    const renew = () => {
      cancelRenew = this.#clock.schedule(
        RENEW_MS,
        detached(logFault(this.#log, `job ${state.queue.name} lease`), async () => {
          const claim = await this.#claim(state, ref, this.#clock.now());
          // Lost (this server stalled past its lease and another took the job): stop, the other one carries on.
          if (claim.outcome === 'held') attempt.abort();
          else if (claim.outcome !== 'absent') renew();
        }),
      );
    };
    renew();
    try {
      // A run that throws before returning its promise is a failed attempt like any other.
      const answer = await new Promise<void | JobWait>((resolve) => resolve(state.queue.run(ref, attempt.signal)));
      return { answer, threw: false };
    } catch (error) {
      this.#log.error({ err: error, queue: state.queue.name, job: ref.id }, 'job attempt failed unexpectedly');
      return { answer: undefined, threw: true };
    } finally {
      cancelRenew();
      this.#abort.signal.removeEventListener('abort', stopped);
    }
  }

  #claim(state: QueueState, ref: JobRef, now: number, when?: (record: StoredRecord) => boolean) {
    return this.#db.transaction((tx) =>
      tx.claim(state.queue.collection, ref.scope, ref.id, { holder: this.holder, now, until: now + LEASE_MS, ...(when ? { when } : {}) }),
    );
  }

  async #release(state: QueueState, ref: JobRef): Promise<void> {
    await this.#db.transaction((tx) => tx.release(state.queue.collection, ref.scope, ref.id, this.holder)).catch(logFault(this.#log, `job ${state.queue.name} release`));
  }

  #tick(periodic: PeriodicState): void {
    const fault = logFault(this.#log, `periodic job ${periodic.job.name}`);
    periodic.cancel = this.#clock.schedule(periodic.job.everyMs, detached(fault, () => {
      periodic.running = takePeriod(this.#db, periodic.job, this.holder, this.#clock.now())
        .then((mine) => (mine ? periodic.job.run() : undefined))
        .catch((error: unknown) => this.#log.error({ err: error, job: periodic.job.name }, 'periodic job failed; it runs again next period'))
        .finally(() => {
          if (this.#running) this.#tick(periodic);
        })
        .catch(fault);
    }));
  }
}
