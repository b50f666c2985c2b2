import type { AppContext } from '../context.js';
import { put, type WriteOp } from '../store/store.js';
import type { EventType } from './event-types.js';
import { EVENTS, OUTBOX, type EventRecord, type OutboxEntry } from './records.js';
import { allSubscriptions } from './subscriptions.js';

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
export class EventBus {
  readonly #listeners: EventListener[] = [];
  readonly #afterCommit: ((ops?: readonly WriteOp[]) => void)[] = [];

  listen(listener: EventListener): void {
    this.#listeners.push(listener);
  }

  afterCommit(fn: (ops?: readonly WriteOp[]) => void): void {
    this.#afterCommit.push(fn);
  }

  opsFor(orgId: string, event: EventRecord): WriteOp[] {
    return this.#listeners.filter((l) => l.types.includes(event.type)).flatMap((l) => l.opsFor(orgId, event));
  }

  committed(ops?: readonly WriteOp[]): void {
    for (const fn of this.#afterCommit) fn(ops);
  }
}

/**
 * The store operations that publish an event: the event record, one outbox entry per active
 * subscription of the organisation that asked for the type (any surface), and the ops of
 * in-process listeners. Put them in the same `store.write` as the change that caused the event,
 * then call `eventsCommitted(ctx, ops)` once that write has resolved.
 */
export function eventOps(
  ctx: Pick<AppContext, 'store' | 'clock' | 'ids' | 'events'>,
  orgId: string,
  type: EventType,
  data: Record<string, unknown>,
): WriteOp[] {
  const now = ctx.clock.now();
  const event: EventRecord = {
    id: ctx.ids.next('evt'),
    type,
    created_at: new Date(now).toISOString(),
    organization_id: orgId,
    data,
  };
  const ops: WriteOp[] = [put(EVENTS, orgId, event)];
  for (const subscription of allSubscriptions(ctx, orgId)) {
    if (subscription.status !== 'active' || !subscription.events.includes(type)) continue;
    ops.push(
      put<OutboxEntry>(OUTBOX, orgId, {
        id: ctx.ids.next('dlv'),
        eventId: event.id,
        subscriptionId: subscription.id,
        attempts: 0,
        nextAttemptAt: now,
        createdAt: event.created_at,
      }),
    );
  }
  ops.push(...ctx.events.opsFor(orgId, event));
  return ops;
}

/**
 * Call after the write holding `eventOps` has resolved: starts delivery of the outbox entries
 * among `ops` at once and wakes in-process listeners. Without `ops` every pending delivery is
 * looked at (cost grows with the pending count). Forgetting the call delays delivery until the
 * worker's periodic sweep; it never loses an event.
 */
export function eventsCommitted(ctx: Pick<AppContext, 'events'>, ops?: readonly WriteOp[]): void {
  ctx.events.committed(ops);
}

export function getEvent(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): EventRecord | undefined {
  return ctx.store.get<EventRecord>(EVENTS, orgId, id);
}
