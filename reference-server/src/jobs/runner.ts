import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Store, StoredRecord, WriteOp } from '../store/index.js';

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
  /** Attempts running at once, over all keys. One key never runs twice at once. */
  concurrency: number;
  /** When the job is due (epoch ms of the clock); without it, at once. */
  dueAt?(record: T): number;
  /**
   * One attempt. `signal` aborts when the runner stops: leave the job as it is on disk then. It may
   * answer a time before which it need not run again: kept in memory only, so a job that looks at
   * its clocks often need not rewrite its record to wait (after a restart it runs at its stored time).
   */
  run(ref: JobRef, signal: AbortSignal): Promise<void | JobWait>;
}

/** What an attempt may answer: run this job again no sooner than `notBefore` (epoch ms of the clock). */
export interface JobWait {
  notBefore: number;
}

/** Work done every `everyMs` of the clock (the first run one period after start). */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/** Durable jobs are looked at this often even if nobody woke the runner (a safety net). */
export const SWEEP_INTERVAL_MS = 30_000;

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

  constructor(readonly queue: JobQueue) {}

  known(key: string): boolean {
    return this.timers.has(key) || this.queued.has(key) || this.inFlight.has(key);
  }
}

/**
 * The server's one job runner: keyed, concurrency-limited queues of durable jobs scheduled on the
 * clock, plus periodic jobs. Started after the server listens (resuming every job on disk),
 * stopped on shutdown (timers cancelled, attempts in flight awaited). Timing comes from the
 * clock; only "run now" uses setImmediate, so a burst of jobs is queued before the first starts.
 */
export class JobRunner {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #queues = new Map<string, QueueState>();
  readonly #periodic: PeriodicState[] = [];
  #abort = new AbortController();
  #sweepTimer: (() => void) | undefined;
  #running = false;

  constructor(deps: { store: Store; clock: Clock; log: Logger }) {
    this.#store = deps.store;
    this.#clock = deps.clock;
    this.#log = deps.log;
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

  /** Resumes every job on disk and starts the periodic jobs. */
  start(): void {
    this.#running = true;
    this.#abort = new AbortController();
    this.#sweep();
    for (const periodic of this.#periodic) this.#tick(periodic);
  }

  /** Cancels what is scheduled and waits for the attempts and periodic runs in flight. */
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
    }
    for (const periodic of this.#periodic) periodic.cancel?.();
    await Promise.all(this.#periodic.map((p) => p.running));
    await this.idle();
  }

  /**
   * Told by the store's write hook once a batch is durable: schedules the jobs among its ops
   * (puts into a queue's collection).
   */
  committed(ops: readonly WriteOp[]): void {
    if (!this.#running) return;
    for (const op of ops) {
      if (op.op !== 'put') continue;
      const state = this.#queues.get(op.collection);
      if (state) this.#schedule(state, { scope: op.scope, id: op.record.id });
    }
  }

  /** True while a job is queued to run now or running. */
  get busy(): boolean {
    return [...this.#queues.values()].some((s) => s.inFlight.size > 0 || s.runQueue.length > 0);
  }

  /** Resolves once no job is queued to run now and none is running (tests await this). */
  async idle(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!this.busy) return;
      await Promise.all([...this.#queues.values()].flatMap((s) => [...s.inFlight.values()]));
    }
  }

  #sweep(): void {
    if (!this.#running) return;
    for (const state of this.#queues.values()) {
      const { collection } = state.queue;
      for (const scope of this.#store.scopes(collection)) {
        for (const record of this.#store.all(collection, scope)) {
          if (!state.known(keyOf({ scope, id: record.id }))) this.#schedule(state, { scope, id: record.id });
        }
      }
    }
    this.#sweepTimer?.();
    this.#sweepTimer = this.#clock.schedule(SWEEP_INTERVAL_MS, () => this.#sweep());
  }

  /** Reads the job's record and runs it when due (not before `notBefore`, when given): at once, or on a clock timer. */
  #schedule(state: QueueState, ref: JobRef, notBefore = 0): void {
    if (!this.#running) return;
    const key = keyOf(ref);
    if (state.inFlight.has(key)) {
      state.again.add(key);
      return;
    }
    state.timers.get(key)?.();
    state.timers.delete(key);
    const record = this.#store.get(state.queue.collection, ref.scope, ref.id);
    if (!record) return;
    const delayMs = Math.max(state.queue.dueAt?.(record) ?? 0, notBefore) - this.#clock.now();
    if (delayMs > 0) {
      state.timers.set(
        key,
        this.#clock.schedule(delayMs, () => {
          state.timers.delete(key);
          this.#enqueue(state, ref);
        }),
      );
    } else {
      this.#enqueue(state, ref);
    }
  }

  #enqueue(state: QueueState, ref: JobRef): void {
    const key = keyOf(ref);
    if (!this.#running || state.queued.has(key) || state.inFlight.has(key)) return;
    state.queued.add(key);
    state.runQueue.push(ref);
    setImmediate(() => this.#pump(state));
  }

  #pump(state: QueueState): void {
    while (this.#running && state.inFlight.size < state.queue.concurrency) {
      const ref = state.runQueue.shift();
      if (!ref) return;
      const key = keyOf(ref);
      state.queued.delete(key);
      const attempt = state.queue
        .run(ref, this.#abort.signal)
        .then(
          (answer) => ({ settled: true, notBefore: answer?.notBefore ?? 0 }),
          (error: unknown) => {
            // Left on disk as it was: the sweep looks at it again, never in a tight loop.
            this.#log.error({ err: error, queue: state.queue.name, job: ref.id }, 'job attempt failed unexpectedly');
            return { settled: false, notBefore: 0 };
          },
        )
        .then(({ settled, notBefore }) => {
          state.inFlight.delete(key);
          if (state.again.delete(key) || settled) this.#schedule(state, ref, notBefore);
          this.#pump(state);
        });
      state.inFlight.set(key, attempt);
    }
  }

  #tick(periodic: PeriodicState): void {
    periodic.cancel = this.#clock.schedule(periodic.job.everyMs, () => {
      periodic.running = periodic.job
        .run()
        .catch((error: unknown) => this.#log.error({ err: error, job: periodic.job.name }, 'periodic job failed; it runs again next period'))
        .finally(() => {
          if (this.#running) this.#tick(periodic);
        });
    });
  }
}
