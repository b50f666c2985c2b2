import type { AppContext } from '../context.js';
import { put, type WriteOp } from '../store/index.js';
import { eventTypesFor, type EventType } from './event-types.js';
import { getEvent } from './outbox.js';
import { ATTEMPTS, EVENTS, OUTBOX, type AttemptRecord, type EventRecord, type OutboxEntry, type SubscriptionRecord } from './webhook-records.js';
import { MAX_SCAN } from './attempts.js';

/** Test events' ids start with this, so a receiver (or its logs) can tell them from real ones. */
export const TEST_EVENT_PREFIX = 'evt_test';

export type RedeliveryResult = { ok: true; eventId: string } | { ok: false; message: string };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'ids'>;

function delivery(ctx: Ctx, orgId: string, event: EventRecord, subscription: SubscriptionRecord, resendOf?: string): WriteOp {
  return put<OutboxEntry>(OUTBOX, orgId, {
    id: ctx.ids.next('dlv'),
    eventId: event.id,
    subscriptionId: subscription.id,
    attempts: 0,
    nextAttemptAt: ctx.clock.now(),
    createdAt: new Date(ctx.clock.now()).toISOString(),
    ...(resendOf ? { resendOf } : {}),
  });
}

const inactive = (subscription: SubscriptionRecord) =>
  subscription.status === 'active' ? undefined : 'The subscription is disabled, so nothing is sent to it: enable it first.';

/**
 * Why `type` may not be sent to this subscription, or undefined: the same rule the outbox
 * applies to real events (the subscription's API carries the type, and its event filter lists
 * it), so a resend or a test can never put an event in front of a receiver that did not ask for
 * it (a submission event at an assessment-only endpoint).
 */
export function filterRefusal(subscription: SubscriptionRecord, type: EventType): string | undefined {
  if (!eventTypesFor(subscription.surface).includes(type)) return `A ${subscription.surface} subscription cannot receive ${type} events.`;
  if (!subscription.events.includes(type)) return `This endpoint is subscribed to ${subscription.events.join(', ')}, not to ${type}: add ${type} to its events to send it one.`;
  return undefined;
}

/**
 * Sends a stored event to one subscription again, as a new delivery with its own attempts and the
 * same payload and `webhook-id` (receivers that drop repeats by it will drop this one too), if
 * the subscription takes its type (`filterRefusal`). `resendOf` names the attempt a person sent
 * it again from: the new attempts are marked as a resend of it. The caller has checked the
 * subscription is the organisation's.
 */
export async function resendEvent(ctx: Ctx, orgId: string, subscription: SubscriptionRecord, eventId: string, resendOf?: string): Promise<RedeliveryResult> {
  const refusal = inactive(subscription);
  if (refusal) return { ok: false, message: refusal };
  return ctx.db.transaction(async (tx): Promise<RedeliveryResult> => {
    const event = await tx.get<EventRecord>(EVENTS, orgId, eventId);
    if (!event) return { ok: false, message: `The event ${eventId} is no longer kept (delivered events are pruned after the retention window), so it cannot be sent again.` };
    const filtered = filterRefusal(subscription, event.type);
    if (filtered) return { ok: false, message: filtered };
    await tx.write([delivery(ctx, orgId, event, subscription, resendOf)]);
    return { ok: true, eventId: event.id };
  });
}

/**
 * The deliveries that failed for good since `since`: per event, its newest attempt at this
 * subscription when that attempt failed (an event delivered by a later resend is not among them),
 * newest first, still kept (an event past its retention cannot be sent again).
 */
export async function failedSince(ctx: Pick<AppContext, 'db'>, orgId: string, subscriptionId: string, since: number): Promise<AttemptRecord[]> {
  const newestPerEvent = new Map<string, AttemptRecord>();
  // Newest first: the first attempt seen of an event is its newest; stop at the first one before `since`.
  const recent = await ctx.db.page<AttemptRecord>(ATTEMPTS, subscriptionId, { limit: MAX_SCAN });
  for (const attempt of recent.items) {
    if (Date.parse(attempt.at) < since) break;
    if (!newestPerEvent.has(attempt.event_id)) newestPerEvent.set(attempt.event_id, attempt);
  }
  const failed = [...newestPerEvent.values()].filter((a) => a.outcome === 'failed');
  const kept = await Promise.all(failed.map((a) => getEvent(ctx, orgId, a.event_id)));
  return failed.filter((_a, i) => kept[i] !== undefined);
}

/** Sends every delivery `failedSince` finds again, each marked as a resend of its failed attempt, in one write. */
export async function resendFailed(ctx: Ctx, orgId: string, subscription: SubscriptionRecord, since: number): Promise<{ ok: true; count: number } | { ok: false; message: string }> {
  const refusal = inactive(subscription);
  if (refusal) return { ok: false, message: refusal };
  const failed = await failedSince(ctx, orgId, subscription.id, since);
  const count = await ctx.db.transaction(async (tx) => {
    const ops: WriteOp[] = [];
    for (const attempt of failed) {
      const event = await tx.get<EventRecord>(EVENTS, orgId, attempt.event_id);
      if (event && !filterRefusal(subscription, event.type)) ops.push(delivery(ctx, orgId, event, subscription, attempt.id));
    }
    if (ops.length > 0) await tx.write(ops);
    return ops.length;
  });
  return { ok: true, count };
}

/**
 * Sends a test event of `type` carrying `data` to one subscription only: signed and retried like
 * any delivery, its id starting with `evt_test`. It reaches no other subscription and no
 * in-process listener (a test `assessment.completed` re-scores nothing).
 */
export async function sendTestEvent(ctx: Ctx, orgId: string, subscription: SubscriptionRecord, type: EventType, data: Record<string, unknown>): Promise<RedeliveryResult> {
  const refusal = inactive(subscription);
  if (refusal) return { ok: false, message: refusal };
  const filtered = filterRefusal(subscription, type);
  if (filtered) return { ok: false, message: filtered };
  const event: EventRecord = {
    id: ctx.ids.next(TEST_EVENT_PREFIX),
    type,
    created_at: new Date(ctx.clock.now()).toISOString(),
    organization_id: orgId,
    data,
  };
  await ctx.db.write([put(EVENTS, orgId, event), delivery(ctx, orgId, event, subscription)]);
  return { ok: true, eventId: event.id };
}
