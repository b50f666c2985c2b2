import type { AppContext } from '../context.js';
import { put, type WriteOp } from '../store/index.js';
import type { EventType } from './event-types.js';
import { EVENTS, OUTBOX, type EventRecord, type OutboxEntry } from './records.js';
import { allSubscriptions } from './subscriptions.js';

/**
 * The store operations that publish an event: the event record, one outbox entry per active
 * subscription of the organisation that asked for the type (any surface), and the ops of
 * in-process listeners. Put them in the same `store.write` as the change that caused the event;
 * once that write is durable, the store's write hook wakes the job runner for the deliveries.
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

export function getEvent(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): EventRecord | undefined {
  return ctx.store.get<EventRecord>(EVENTS, orgId, id);
}

/** How many of an organisation's pending deliveries `pendingDeliveries` looks at. */
const PENDING_SCAN = 1000;

/** The deliveries of one subscription still waiting for an attempt, oldest first (at most PENDING_SCAN looked at). */
export function pendingDeliveries(ctx: Pick<AppContext, 'store'>, orgId: string, subscriptionId: string): OutboxEntry[] {
  return ctx.store.page<OutboxEntry>(OUTBOX, orgId, { limit: PENDING_SCAN, newestFirst: false, filter: (e) => e.subscriptionId === subscriptionId, maxScan: PENDING_SCAN }).items;
}
