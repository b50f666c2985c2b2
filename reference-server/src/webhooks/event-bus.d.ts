import type { WriteOp } from '../store/store.js';
import type { EventType } from './event-types.js';
import type { EventRecord } from './records.js';
/**
 * An in-process reaction to an event: ops written in the same batch as the event itself (so the
 * reaction survives or vanishes with the change that caused it).
 */
export interface EventListener {
    types: readonly EventType[];
    opsFor(orgId: string, event: EventRecord): WriteOp[];
}
/**
 * The in-process side of publishing, built once by the composition root: the listeners that add
 * ops to a publishing write, and who is told once such a write is durable (the job runner, which
 * picks up the outbox entries and jobs among the ops).
 */
export declare class EventBus {
    #private;
    listen(listener: EventListener): void;
    afterCommit(fn: (ops?: readonly WriteOp[]) => void): void;
    opsFor(orgId: string, event: EventRecord): WriteOp[];
    committed(ops?: readonly WriteOp[]): void;
}
