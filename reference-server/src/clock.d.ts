/**
 * Time as a dependency: expiry, grace windows, queues and retry schedules read it from here,
 * so tests move time forward instead of sleeping.
 */
export interface Clock {
    now(): number;
    /** Runs `fn` after `ms` of this clock's time; returns a function that cancels it. */
    schedule(ms: number, fn: () => void): () => void;
}
export declare const systemClock: Clock;
/** A clock that only moves when told to; `advance` runs every task that falls due, in order. */
export declare class ManualClock implements Clock {
    #private;
    constructor(start?: number);
    now(): number;
    schedule(ms: number, fn: () => void): () => void;
    advance(ms: number): void;
}
