import type { AppContext } from '../context.js';
import { put, type AsyncReader, type WriteOp } from '../store/index.js';
import type { EventType } from './event-types.js';
import { EVENTS, OUTBOX, SUBSCRIPTIONS, type EventRecord, type OutboxEntry, type SubscriptionRecord } from './webhook-records.js';

/** The ops that publish one event of an organisation, its subscriptions already read. */
export type Publish = (type: EventType, data: Record<string, unknown>) => Promise<WriteOp[]>;

/**
 * The store operations that publish an event: the event record, one outbox entry per active
 * subscription of the organisation that asked for the type (any surface), and the ops of
 * in-process listeners. Put them in the same write as the change that caused the event, read
 * through `tx`, the transaction that write is in (so the subscriptions read are those it commits
 * with); once it commits, the job runner is woken for the deliveries (jobs/wake-ups.ts).
 */
export async function eventOps(
  ctx: Pick<AppContext, 'clock' | 'ids' | 'events'>,
  tx: AsyncReader,
  orgId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<WriteOp[]> {
  return (await eventPublisher(ctx, tx, orgId))(type, data);
}

/**
 * eventOps in two steps: the subscriptions read now (asked for beside a transaction's other
 * reads, in the same round trip on PostgreSQL), the ops made once the event's data is known.
 */
export async function eventPublisher(ctx: Pick<AppContext, 'clock' | 'ids' | 'events'>, tx: AsyncReader, orgId: string): Promise<Publish> {
  const subscriptions = await tx.all<SubscriptionRecord>(SUBSCRIPTIONS, orgId);
  return async (type, data) => {
    const now = ctx.clock.now();
    const event: EventRecord = {
      id: ctx.ids.next('evt'),
      type,
      created_at: new Date(now).toISOString(),
      organization_id: orgId,
      data,
    };
    const ops: WriteOp[] = [put(EVENTS, orgId, event)];
    for (const subscription of subscriptions) {
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
    ops.push(...(await ctx.events.opsFor(orgId, event, tx)));
    return ops;
  };
}

export function getEvent(ctx: Pick<AppContext, 'db'>, orgId: string, id: string): Promise<EventRecord | undefined> {
  return ctx.db.get<EventRecord>(EVENTS, orgId, id);
}

/** How many of an organisation's pending deliveries `pendingDeliveries` looks at. */
const PENDING_SCAN = 1000;

/** The deliveries of one subscription still waiting for an attempt, oldest first (at most PENDING_SCAN looked at). */
export async function pendingDeliveries(ctx: Pick<AppContext, 'db'>, orgId: string, subscriptionId: string): Promise<OutboxEntry[]> {
  const page = await ctx.db.page<OutboxEntry>(OUTBOX, orgId, { limit: PENDING_SCAN, newestFirst: false, filter: (e) => e.subscriptionId === subscriptionId, maxScan: PENDING_SCAN });
  return page.items;
}
