/** Durable jobs are looked at this often even if nobody woke the runner (a safety net). */
export const SWEEP_INTERVAL_MS = 30_000;
const keyOf = (ref) => `${ref.scope}/${ref.id}`;
class QueueState {
    queue;
    timers = new Map();
    queued = new Set();
    runQueue = [];
    inFlight = new Map();
    /** Keys asked for while running: looked at again once the attempt ends. */
    again = new Set();
    constructor(queue) {
        this.queue = queue;
    }
    known(key) {
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
    #store;
    #clock;
    #log;
    #queues = new Map();
    #periodic = [];
    #abort = new AbortController();
    #sweepTimer;
    #running = false;
    constructor(deps) {
        this.#store = deps.store;
        this.#clock = deps.clock;
        this.#log = deps.log;
    }
    /** Adds a kind of durable job (before start). */
    add(queue) {
        if (this.#queues.has(queue.collection))
            throw new Error(`a job queue already uses ${queue.collection}`);
        this.#queues.set(queue.collection, new QueueState(queue));
    }
    /** Adds work done periodically (before start). */
    every(job) {
        this.#periodic.push({ job, running: Promise.resolve() });
    }
    /** Resumes every job on disk and starts the periodic jobs. */
    start() {
        this.#running = true;
        this.#abort = new AbortController();
        this.#sweep();
        for (const periodic of this.#periodic)
            this.#tick(periodic);
    }
    /** Cancels what is scheduled and waits for the attempts and periodic runs in flight. */
    async stop() {
        this.#running = false;
        this.#abort.abort();
        this.#sweepTimer?.();
        for (const state of this.#queues.values()) {
            for (const cancel of state.timers.values())
                cancel();
            state.timers.clear();
            state.queued.clear();
            state.runQueue.length = 0;
            state.again.clear();
        }
        for (const periodic of this.#periodic)
            periodic.cancel?.();
        await Promise.all(this.#periodic.map((p) => p.running));
        await this.idle();
    }
    /**
     * Call once a write is durable: schedules the jobs among its ops (puts into a queue's
     * collection); without ops, everything on disk is looked at.
     */
    committed(ops) {
        if (!this.#running)
            return;
        if (!ops) {
            this.#sweep();
            return;
        }
        for (const op of ops) {
            if (op.op !== 'put')
                continue;
            const state = this.#queues.get(op.collection);
            if (state)
                this.#schedule(state, { scope: op.scope, id: op.record.id });
        }
    }
    /** True while a job is queued to run now or running. */
    get busy() {
        return [...this.#queues.values()].some((s) => s.inFlight.size > 0 || s.runQueue.length > 0);
    }
    /** Resolves once no job is queued to run now and none is running (tests await this). */
    async idle() {
        for (;;) {
            await new Promise((resolve) => setImmediate(resolve));
            if (!this.busy)
                return;
            await Promise.all([...this.#queues.values()].flatMap((s) => [...s.inFlight.values()]));
        }
    }
    #sweep() {
        if (!this.#running)
            return;
        for (const state of this.#queues.values()) {
            const { collection } = state.queue;
            for (const scope of this.#store.scopes(collection)) {
                for (const record of this.#store.all(collection, scope)) {
                    if (!state.known(keyOf({ scope, id: record.id })))
                        this.#schedule(state, { scope, id: record.id });
                }
            }
        }
        this.#sweepTimer?.();
        this.#sweepTimer = this.#clock.schedule(SWEEP_INTERVAL_MS, () => this.#sweep());
    }
    /** Reads the job's record and runs it when due: at once, or on a clock timer. */
    #schedule(state, ref) {
        if (!this.#running)
            return;
        const key = keyOf(ref);
        if (state.inFlight.has(key)) {
            state.again.add(key);
            return;
        }
        state.timers.get(key)?.();
        state.timers.delete(key);
        const record = this.#store.get(state.queue.collection, ref.scope, ref.id);
        if (!record)
            return;
        const delayMs = (state.queue.dueAt?.(record) ?? 0) - this.#clock.now();
        if (delayMs > 0) {
            state.timers.set(key, this.#clock.schedule(delayMs, () => {
                state.timers.delete(key);
                this.#enqueue(state, ref);
            }));
        }
        else {
            this.#enqueue(state, ref);
        }
    }
    #enqueue(state, ref) {
        const key = keyOf(ref);
        if (!this.#running || state.queued.has(key) || state.inFlight.has(key))
            return;
        state.queued.add(key);
        state.runQueue.push(ref);
        setImmediate(() => this.#pump(state));
    }
    #pump(state) {
        while (this.#running && state.inFlight.size < state.queue.concurrency) {
            const ref = state.runQueue.shift();
            if (!ref)
                return;
            const key = keyOf(ref);
            state.queued.delete(key);
            const attempt = state.queue
                .run(ref, this.#abort.signal)
                .then(() => true, (error) => {
                // Left on disk as it was: the sweep looks at it again, never in a tight loop.
                this.#log.error({ err: error, queue: state.queue.name, job: ref.id }, 'job attempt failed unexpectedly');
                return false;
            })
                .then((settled) => {
                state.inFlight.delete(key);
                if (state.again.delete(key) || settled)
                    this.#schedule(state, ref);
                this.#pump(state);
            });
            state.inFlight.set(key, attempt);
        }
    }
    #tick(periodic) {
        periodic.cancel = this.#clock.schedule(periodic.job.everyMs, () => {
            periodic.running = periodic.job
                .run()
                .catch((error) => this.#log.error({ err: error, job: periodic.job.name }, 'periodic job failed; it runs again next period'))
                .finally(() => {
                if (this.#running)
                    this.#tick(periodic);
            });
        });
    }
}
//# sourceMappingURL=runner.js.map