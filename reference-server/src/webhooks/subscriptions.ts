import { generateWebhookSecret } from '../crypto/index.js';
import { textMatches } from '../search-words.js';
import type { AppContext } from '../context.js';
import { checkOutboundUrl } from '../outbound/index.js';
import { create, del, put, StoreConflictError, type Page, type Transaction } from '../store/index.js';
import type { SubscriptionView } from './contract.js';
import { eventTypesFor, type EventType, type WebhookSurface } from './event-types.js';
import { SUBSCRIPTION_LOCKS, SUBSCRIPTIONS, type SubscriptionLock, type SubscriptionRecord } from './webhook-records.js';

/** Subscriptions an organisation may hold per surface; each delivery fans out to all of them. */
export const MAX_SUBSCRIPTIONS_PER_SURFACE = 50;

export interface SubscriptionInput {
  url: string;
  /** Omitted or empty: every event type of the surface. */
  events?: EventType[];
  description?: string;
  surface: WebhookSurface;
  /** The key of the API request that makes it (absent for the operator's, the workspace's and a run's own). */
  createdWith?: string;
}

export type { SubscriptionView };

export type CreateResult =
  | { ok: true; subscription: SubscriptionView; secret: string }
  | { ok: false; field: 'url' | 'events' | 'subscriptions'; message: string };

export function subscriptionView(record: SubscriptionRecord): SubscriptionView {
  return {
    id: record.id,
    url: record.url,
    events: record.events,
    description: record.description,
    status: record.status,
    disabled_reason: record.disabledReason,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

export function getSubscriptionRecord(ctx: Pick<AppContext, 'db'>, orgId: string, id: string): Promise<SubscriptionRecord | undefined> {
  return ctx.db.get<SubscriptionRecord>(SUBSCRIPTIONS, orgId, id);
}

/** Every subscription of the organisation (all surfaces); bounded by MAX_SUBSCRIPTIONS_PER_SURFACE. */
export function allSubscriptions(ctx: Pick<AppContext, 'db'>, orgId: string): Promise<SubscriptionRecord[]> {
  return ctx.db.all<SubscriptionRecord>(SUBSCRIPTIONS, orgId);
}

/**
 * Registers a URL. The URL is refused (ok: false, field 'url') when the SSRF guard would refuse
 * it now; event types outside the surface's list are refused (field 'events'). The `whsec_`
 * secret is returned here and only here; the store keeps it sealed.
 */
export async function createSubscription(ctx: AppContext, orgId: string, input: SubscriptionInput): Promise<CreateResult> {
  const allowed = eventTypesFor(input.surface);
  const unknown = (input.events ?? []).filter((type) => !allowed.includes(type));
  if (unknown.length > 0) {
    return { ok: false, field: 'events', message: `Unknown event types for this API: ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}.` };
  }
  const refusal = await checkOutboundUrl(ctx, input.url);
  if (refusal) return { ok: false, field: 'url', message: `The URL is refused: ${refusal}.` };
  const secret = generateWebhookSecret();
  const now = new Date(ctx.clock.now()).toISOString();
  const events = input.events?.length ? [...new Set(input.events)] : allowed;
  const record: SubscriptionRecord = {
    id: ctx.ids.next('whk'),
    orgId,
    surface: input.surface,
    url: input.url,
    events,
    description: input.description ?? null,
    status: 'active',
    disabledReason: null,
    sealedSecret: ctx.keyring.encrypt(secret),
    ...(input.createdWith ? { createdWith: input.createdWith } : {}),
    createdAt: now,
    updatedAt: now,
  };
  if (!(await saveWithinLimit(ctx, record))) {
    return { ok: false, field: 'subscriptions', message: `An organisation may hold at most ${MAX_SUBSCRIPTIONS_PER_SURFACE} subscriptions on this API; delete one first.` };
  }
  return { ok: true, subscription: subscriptionView(record), secret };
}

/** Runs of the create's transaction: the first may lose the lock record's `create` to another server's. */
const SAVE_RUNS = 2;

/**
 * Writes the subscription unless the organisation holds the limit on its surface already. Counted
 * in the transaction that writes, under the organisation's lock record for the surface (read for
 * update, made with `create` the first time): of two servers' creates at once, the second waits
 * for the first's commit and counts its subscription. False when the limit is reached.
 */
async function saveWithinLimit(ctx: Pick<AppContext, 'db'>, record: SubscriptionRecord): Promise<boolean> {
  for (let run = 1; ; run += 1) {
    try {
      return await ctx.db.transaction(async (tx) => {
        await lockSurface(tx, record.orgId, record.surface);
        const count = (await tx.all<SubscriptionRecord>(SUBSCRIPTIONS, record.orgId)).filter((s) => s.surface === record.surface).length;
        if (count >= MAX_SUBSCRIPTIONS_PER_SURFACE) return false;
        await tx.write([put(SUBSCRIPTIONS, record.orgId, record)]);
        return true;
      });
    } catch (error) {
      // The other server made the lock record first: run again, now waiting on its lock.
      if (!(error instanceof StoreConflictError) || run >= SAVE_RUNS) throw error;
    }
  }
}

async function lockSurface(tx: Transaction, orgId: string, surface: WebhookSurface): Promise<void> {
  if (await tx.get<SubscriptionLock>(SUBSCRIPTION_LOCKS, orgId, surface, { forUpdate: true })) return;
  await tx.write([create<SubscriptionLock>(SUBSCRIPTION_LOCKS, orgId, { id: surface })]);
}

/** A page of the surface's subscriptions, newest first. */
export async function listSubscriptions(
  ctx: Pick<AppContext, 'db'>,
  orgId: string,
  surface: WebhookSurface,
  query: { limit?: number; after?: string; search?: string } = {},
): Promise<Page<SubscriptionView>> {
  const page = await ctx.db.page<SubscriptionRecord>(SUBSCRIPTIONS, orgId, {
    limit: query.limit ?? MAX_SUBSCRIPTIONS_PER_SURFACE,
    ...(query.after ? { after: query.after } : {}),
    filter: (s) => s.surface === surface && textMatches([s.description, s.url, s.id, ...s.events], query.search),
  });
  return { items: page.items.map(subscriptionView), ...(page.next ? { next: page.next } : {}) };
}

/** The surface's subscription, or undefined for an unknown id, another organisation's or another surface's. */
export async function getSubscription(ctx: Pick<AppContext, 'db'>, orgId: string, surface: WebhookSurface, id: string): Promise<SubscriptionView | undefined> {
  const record = await getSubscriptionRecord(ctx, orgId, id);
  return record && record.surface === surface ? subscriptionView(record) : undefined;
}

/** Removes a subscription; its pending deliveries are dropped by the worker. False when unknown. */
export async function deleteSubscription(ctx: AppContext, orgId: string, surface: WebhookSurface, id: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const record = await tx.get<SubscriptionRecord>(SUBSCRIPTIONS, orgId, id, { forUpdate: true });
    if (!record || record.surface !== surface) return false;
    await tx.write([del(SUBSCRIPTIONS, orgId, id)]);
    return true;
  });
}

/**
 * Removes, in one write, every subscription of the organisation (either surface) made with one
 * of these keys: a certification run's keys end with the run, and so does what they subscribed.
 * Returns the ids removed.
 */
export async function deleteSubscriptionsMadeWith(ctx: AppContext, orgId: string, keyIds: readonly string[]): Promise<string[]> {
  const made = (await allSubscriptions(ctx, orgId)).filter((s) => s.createdWith !== undefined && keyIds.includes(s.createdWith));
  // A delete of a record already gone is no error: no read-decide-write to guard.
  if (made.length) await ctx.db.write(made.map((s) => del(SUBSCRIPTIONS, orgId, s.id)));
  return made.map((s) => s.id);
}

/** Turns a disabled subscription (after a 410, say) back on. Undefined when unknown. */
export function enableSubscription(ctx: AppContext, orgId: string, surface: WebhookSurface, id: string): Promise<SubscriptionView | undefined> {
  return setStatus(ctx, orgId, surface, id, 'active', null);
}

/**
 * Pauses a subscription by hand: nothing is delivered to it (pending deliveries are dropped by
 * the worker, as after a 410) until it is enabled again. Undefined when unknown.
 */
export function disableSubscription(ctx: AppContext, orgId: string, surface: WebhookSurface, id: string, reason: string): Promise<SubscriptionView | undefined> {
  return setStatus(ctx, orgId, surface, id, 'disabled', reason);
}

async function setStatus(
  ctx: AppContext,
  orgId: string,
  surface: WebhookSurface,
  id: string,
  status: SubscriptionRecord['status'],
  disabledReason: string | null,
): Promise<SubscriptionView | undefined> {
  return ctx.db.transaction(async (tx) => {
    const record = await tx.get<SubscriptionRecord>(SUBSCRIPTIONS, orgId, id, { forUpdate: true });
    if (!record || record.surface !== surface) return undefined;
    const updated: SubscriptionRecord = { ...record, status, disabledReason, updatedAt: new Date(ctx.clock.now()).toISOString() };
    await tx.write([put(SUBSCRIPTIONS, orgId, updated)]);
    return subscriptionView(updated);
  });
}

export function signingSecret(ctx: Pick<AppContext, 'keyring'>, record: SubscriptionRecord): string {
  return ctx.keyring.decrypt(record.sealedSecret);
}
