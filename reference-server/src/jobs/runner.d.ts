import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Store, StoredRecord, WriteOp } from '../store/store.js';
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
    /** One attempt. `signal` aborts when the runner stops: leave the job as it is on disk then. */
    run(ref: JobRef, signal: AbortSignal): Promise<void>;
}
/** Work done every `everyMs` of the clock (the first run one period after start). */
export interface PeriodicJob {
    name: string;
    everyMs: number;
    run(): Promise<void>;
}
/** Durable jobs are looked at this often even if nobody woke the runner (a safety net). */
export declare const SWEEP_INTERVAL_MS = 30000;
/**
 * The server's one job runner: keyed, concurrency-limited queues of durable jobs scheduled on the
 * clock, plus periodic jobs. Started after the server listens (resuming every job on disk),
 * stopped on shutdown (timers cancelled, attempts in flight awaited). Timing comes from the
 * clock; only "run now" uses setImmediate, so a burst of jobs is queued before the first starts.
 */
export declare class JobRunner {
    #private;
    constructor(deps: {
        store: Store;
        clock: Clock;
        log: Logger;
    });
    /** Adds a kind of durable job (before start). */
    add<T extends StoredRecord>(queue: JobQueue<T>): void;
    /** Adds work done periodically (before start). */
    every(job: PeriodicJob): void;
    /** Resumes every job on disk and starts the periodic jobs. */
    start(): void;
    /** Cancels what is scheduled and waits for the attempts and periodic runs in flight. */
    stop(): Promise<void>;
    /**
     * Call once a write is durable: schedules the jobs among its ops (puts into a queue's
     * collection); without ops, everything on disk is looked at.
     */
    committed(ops?: readonly WriteOp[]): void;
    /** True while a job is queued to run now or running. */
    get busy(): boolean;
    /** Resolves once no job is queued to run now and none is running (tests await this). */
    idle(): Promise<void>;
}
