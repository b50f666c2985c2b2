import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { detached, logFault } from '../http/index.js';
import type { AsyncStore, StoredRecord } from '../store/index.js';
import { claimAndRun, type Lease, releaseJob } from './attempt.js';
import { PeriodicJobs, type PeriodicJob } from './periodic.js';
import type { InClaimJob, InClaimJobHandler, JobHandler, JobQueue, JobRef, QueuedJob } from './queue.js';
import { keyOf, QueueState } from './queue-state.js';
import { JOBS_CHANNEL, parseWakeUp, WakingStore } from './wake-ups.js';

/** Durable jobs are looked at this often even if nobody woke the runner (a safety net). */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * The server's one job runner: keyed, concurrency-limited queues of durable jobs scheduled on the
 * clock, plus periodic jobs. It is made with its queues (job-queues.ts, each defined beside its
 * handler by `defineJobQueue`) and handed each queue's handler; it knows a queue by that object,
 * never by a name. Any number of servers may run one over the same database
 * (docs/decisions/jobs-across-servers.md): before an attempt the runner claims the job under a
 * lease (`Transaction.claim`, `FOR UPDATE SKIP LOCKED` on PostgreSQL), so two servers never run
 * one job at once and a dead server's job is taken over when its lease ends; a queue whose work
 * is store work only (`inClaim`) is claimed and done in one transaction instead, its row lock the
 * claim (docs/decisions/jobs-done-inside-their-claim.md); every server is
 * woken by the writing transaction's notification (`JOBS_CHANNEL`) and, on the file store, by
 * the store's write hook (`committed`). Started after the server listens (resuming every job in
 * the store), stopped on shutdown (timers cancelled, attempts in flight awaited, leases released).
 */
export class JobRunner {
  readonly #lease: Lease;
  /** This runner's name in the leases it holds. */
  readonly holder: string;
  readonly #states: ReadonlyMap<JobQueue, QueueState>;
  readonly #periodic: PeriodicJobs;
  #abort = new AbortController();
  #sweepTimer: (() => void) | undefined;
  #sweeping: Promise<void> = Promise.resolve();
  /** Sweeps asked for and not yet finished: on PostgreSQL one takes several round trips before it schedules what it found. */
  #sweepsPending = 0;
  #unlisten: Promise<(() => Promise<void>) | undefined> = Promise.resolve(undefined);
  #running = false;
  /** Work a request left behind after its answer (track): idle and stop wait for it. */
  readonly #tracked = new Set<Promise<void>>();

  constructor(deps: { db: AsyncStore; clock: Clock; log: Logger; holder?: string; queues: readonly JobQueue[] }) {
    this.holder = deps.holder ?? `runner_${randomBytes(8).toString('hex')}`;
    // In-claim attempts write through the view every module writes through: their job writes wake
    // the runners, their job deletes tell this one (jobsDeleted) that nothing is left to read.
    const work = deps.queues.some((queue) => queue.inClaim) ? new WakingStore(deps.db, deps.queues, this.jobsDeleted) : deps.db;
    this.#lease = { db: deps.db, work, clock: deps.clock, log: deps.log, holder: this.holder };
    const collections = new Set(deps.queues.map((queue) => queue.collection));
    if (collections.size !== deps.queues.length) throw new Error('two job queues share a collection');
    this.#states = new Map(deps.queues.map((queue) => [queue, new QueueState(queue)]));
    this.#periodic = new PeriodicJobs({ ...this.#lease, running: () => this.#running });
  }

  /** The queues this runner runs (the store's wake-ups are told of writes to these). */
  get queues(): readonly JobQueue[] {
    return [...this.#states.keys()];
  }

  /** Gives a queue its handler, run under a lease (before start). */
  handle<T extends StoredRecord>(queue: JobQueue<T>, handler: JobHandler): void {
    if (queue.inClaim) throw new Error(`job queue ${queue.name} runs inside its claim: handleInClaim`);
    this.#stateToHandle(queue).handler = { underLease: handler };
  }

  /**
   * Gives an `inClaim` queue its handler, run inside the transaction that claims each job (before
   * start): an InClaimJob when the run starts with reads its job's ref names, asked beside the claim.
   */
  handleInClaim<T extends StoredRecord, R>(queue: JobQueue<T>, handler: InClaimJobHandler | InClaimJob<R>): void {
    if (!queue.inClaim) throw new Error(`job queue ${queue.name} runs under a lease: handle`);
    this.#stateToHandle(queue).handler = { inClaim: typeof handler === 'function' ? { run: (ref, tx, _first, signal) => handler(ref, tx, signal) } : handler };
  }

  #stateToHandle(queue: JobQueue): QueueState {
    const state = this.#states.get(queue);
    if (!state) throw new Error(`job queue ${queue.name} is not one of this runner's (job-queues.ts)`);
    if (state.handler) throw new Error(`job queue ${queue.name} already has a handler`);
    return state;
  }

  /** Adds work done periodically (before start). */
  every(job: PeriodicJob): void {
    this.#periodic.add(job);
  }

  /**
   * Told by the store every module writes through (WakingStore) of the job records a committed
   * transaction deleted: a job whose attempt deleted its own record needs no read to learn it is
   * gone (a put after that wakes the runner again, as any put does).
   */
  jobsDeleted = (jobs: readonly QueuedJob[]): void => {
    for (const job of jobs) {
      const state = this.#states.get(job.queue);
      const key = keyOf(job);
      if (state?.inFlight.has(key)) state.gone.add(key);
    }
  };

  /** Listens for wake-ups, resumes every job in the store and starts the periodic jobs. */
  start(): void {
    const unhandled = [...this.#states.values()].filter((state) => !state.handler).map((state) => state.queue.name);
    if (unhandled.length > 0) throw new Error(`job queues without a handler: ${unhandled.join(', ')}`);
    this.#running = true;
    this.#abort = new AbortController();
    const { db, log } = this.#lease;
    const fault = logFault(log, 'job wake-up');
    this.#unlisten = db.listen(JOBS_CHANNEL, detached(fault, (payload: string) => this.#wake(payload)), detached(fault, () => this.#sweep())).catch((error: unknown) => {
      // The periodic sweep still finds every job; only the wake-ups of other servers are missed.
      log.error({ err: error }, 'job runner could not listen for wake-ups; the sweep still runs every job');
      return undefined;
    });
    // At once, without waiting for the LISTEN connection; and again once it listens, for the jobs
    // committed in between (their notifications reached no one, and the next sweep is 30 s away).
    this.#sweep();
    this.#unlisten.then(() => this.#sweep()).catch(fault);
    this.#periodic.start();
  }

  /** Cancels what is scheduled, waits for the attempts and periodic runs in flight, and releases the leases kept. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#abort.abort();
    this.#sweepTimer?.();
    for (const state of this.#states.values()) state.clear();
    this.#periodic.cancel();
    await (await this.#unlisten)?.().catch(logFault(this.#lease.log, 'job runner unlisten'));
    await this.#periodic.running();
    await this.#sweeping;
    await this.idle();
    for (const state of this.#states.values()) {
      for (const ref of state.kept.values()) await releaseJob(this.#lease, state, ref);
      state.kept.clear();
    }
  }

  /**
   * Told by the file store's write hook once a batch is durable: the jobs of `queue` it put
   * (`queue.jobsIn(ops)`), whichever store API wrote them. Scheduled now.
   */
  committed(queue: JobQueue, jobs: readonly JobRef[]): void {
    const state = this.#states.get(queue);
    if (!this.#running || !state) return;
    for (const ref of jobs) this.#schedule(state, ref);
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
    return this.#sweepsPending > 0 || this.#tracked.size > 0 || [...this.#states.values()].some((s) => s.inFlight.size > 0 || s.runQueue.length > 0);
  }

  /** Resolves once the runner listens, and no sweep, no job queued to run now or running, nor a periodic run is left (tests await this). */
  async idle(): Promise<void> {
    await this.#unlisten;
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      // A periodic run the clock started (a test's clock moves synchronously) counts as work in flight.
      await this.#periodic.running();
      if (!this.busy) return;
      await Promise.all([this.#sweeping, ...this.#tracked, ...[...this.#states.values()].flatMap((s) => [...s.inFlight.values()])]);
    }
  }

  /** A notification names the job's collection (the wire between servers): the queue holding it, if any, runs it. */
  #wake(payload: string): void {
    const wake = parseWakeUp(payload);
    if (!wake) return;
    for (const state of this.#states.values()) if (state.queue.holds(wake.collection)) this.#schedule(state, { scope: wake.scope, id: wake.id });
  }

  #sweep(): void {
    if (!this.#running) return;
    const { clock, log } = this.#lease;
    // The next sweep first: a job whose record cannot be read must not end the safety net.
    this.#sweepTimer?.();
    this.#sweepTimer = clock.schedule(SWEEP_INTERVAL_MS, detached(logFault(log, 'job sweep'), () => this.#sweep()));
    // One running and one waiting at most: the waiting one has not read yet, so it finds whatever
    // a further one would (a sweep slower than its interval, or a test clock moved by a day, would
    // otherwise queue one per interval).
    if (this.#sweepsPending >= 2) return;
    this.#sweepsPending += 1;
    this.#sweeping = this.#sweeping
      .then(() => this.#sweepOnce())
      .catch(logFault(log, 'job sweep'))
      .finally(() => {
        this.#sweepsPending -= 1;
      });
  }

  async #sweepOnce(): Promise<void> {
    const { db } = this.#lease;
    for (const state of this.#states.values()) {
      if (!this.#running) return;
      const { collection } = state.queue;
      for (const scope of await db.scopes(collection)) {
        for (const record of await db.all(collection, scope)) {
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
    const delayMs = at - this.#lease.clock.now();
    if (delayMs <= 0) {
      this.#enqueue(state, ref);
      return;
    }
    state.timers.set(
      key,
      this.#lease.clock.schedule(
        delayMs,
        detached(logFault(this.#lease.log, `job ${state.queue.name} timer`), () => {
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
    setImmediate(detached(logFault(this.#lease.log, `job ${state.queue.name} pump`), () => this.#pump(state)));
  }

  #pump(state: QueueState): void {
    const { log } = this.#lease;
    while (this.#running && state.inFlight.size < state.queue.concurrency) {
      const ref = state.runQueue.shift();
      if (!ref) return;
      const key = keyOf(ref);
      state.queued.delete(key);
      const attempt = claimAndRun(this.#lease, state, ref, this.#abort.signal)
        .catch((error: unknown) => {
          // The store could not be reached to claim or settle: looked at again by the next sweep.
          log.error({ err: error, queue: state.queue.name, job: ref.id }, 'job could not be claimed');
          return undefined;
        })
        .then((next) => {
          state.inFlight.delete(key);
          if (state.again.delete(key)) this.#schedule(state, ref, next);
          else if (next !== undefined) this.#runAt(state, ref, next);
          this.#pump(state);
        })
        .catch(logFault(log, `job ${state.queue.name} after an attempt`));
      state.inFlight.set(key, attempt);
    }
  }
}
