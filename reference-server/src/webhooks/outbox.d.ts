import type { AppContext } from '../context.js';
import { type WriteOp } from '../store/store.js';
import type { EventType } from './event-types.js';
import { type EventRecord, type OutboxEntry } from './records.js';
/**
 * The store operations that publish an event: the event record, one outbox entry per active
 * subscription of the organisation that asked for the type (any surface), and the ops of
 * in-process listeners. Put them in the same `store.write` as the change that caused the event,
 * then call `eventsCommitted(ctx, ops)` once that write has resolved.
 */
export declare function eventOps(ctx: Pick<AppContext, 'store' | 'clock' | 'ids' | 'events'>, orgId: string, type: EventType, data: Record<string, unknown>): WriteOp[];
/**
 * Call after the write holding `eventOps` has resolved: starts delivery of the outbox entries
 * among `ops` at once and wakes in-process listeners. Without `ops` every pending delivery is
 * looked at (cost grows with the pending count). Forgetting the call delays delivery until the
 * worker's periodic sweep; it never loses an event.
 */
export declare function eventsCommitted(ctx: Pick<AppContext, 'events'>, ops?: readonly WriteOp[]): void;
export declare function getEvent(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): EventRecord | undefined;
/** The deliveries of one subscription still waiting for an attempt, oldest first (at most PENDING_SCAN looked at). */
export declare function pendingDeliveries(ctx: Pick<AppContext, 'store'>, orgId: string, subscriptionId: string): OutboxEntry[];
