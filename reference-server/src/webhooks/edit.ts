import type { AppContext } from '../context.js';
import { checkOutboundUrl } from '../outbound/index.js';
import { put } from '../store/index.js';
import { eventTypesFor, type EventType } from './event-types.js';
import { SUBSCRIPTIONS, type SubscriptionRecord } from './webhook-records.js';

/** What an endpoint's edit may change: its address, its events and its description. */
export interface SubscriptionChanges {
  url: string;
  /** Empty: every event type of the subscription's surface. */
  events: EventType[];
  description: string | null;
}

export type UpdateResult =
  | { ok: true; subscription: SubscriptionRecord }
  | { ok: false; field: 'url' | 'events'; message: string }
  | { ok: false; field: 'subscription'; message: string };

/**
 * Changes an endpoint's URL, events and description in place: its id, signing secret (and a
 * rotation's overlap), status and delivery log stay, and deliveries still waiting go to the new
 * URL. The URL passes the same outbound address policy as a registration, checked before the
 * transaction (it may resolve a name); the write then re-reads the record under a lock, so an
 * edit racing a delete or a rotation never brings back what the other removed or replaced.
 */
export async function updateSubscription(ctx: AppContext, orgId: string, id: string, changes: SubscriptionChanges): Promise<UpdateResult> {
  const current = await ctx.db.get<SubscriptionRecord>(SUBSCRIPTIONS, orgId, id);
  if (!current) return { ok: false, field: 'subscription', message: 'The endpoint was deleted meanwhile.' };
  const allowed = eventTypesFor(current.surface);
  const unknown = changes.events.filter((type) => !allowed.includes(type));
  if (unknown.length > 0) return { ok: false, field: 'events', message: `Unknown event types for this API: ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}.` };
  if (changes.url !== current.url) {
    const refusal = await checkOutboundUrl(ctx, changes.url);
    if (refusal) return { ok: false, field: 'url', message: `The URL is refused: ${refusal}.` };
  }
  return ctx.db.transaction(async (tx) => {
    const record = await tx.get<SubscriptionRecord>(SUBSCRIPTIONS, orgId, id, { forUpdate: true });
    if (!record) return { ok: false, field: 'subscription', message: 'The endpoint was deleted meanwhile.' } as const;
    const updated: SubscriptionRecord = {
      ...record,
      url: changes.url,
      events: changes.events.length > 0 ? [...new Set(changes.events)] : allowed,
      description: changes.description,
      updatedAt: new Date(ctx.clock.now()).toISOString(),
    };
    await tx.write([put(SUBSCRIPTIONS, orgId, updated)]);
    return { ok: true, subscription: updated } as const;
  });
}
