import { generateWebhookSecret } from '../crypto/secrets.js';
import { textMatches } from '../search-words.js';
import { checkOutboundUrl } from '../outbound/index.js';
import { del, put } from '../store/store.js';
import { eventTypesFor } from './event-types.js';
import { SUBSCRIPTIONS } from './records.js';
/** Subscriptions an organisation may hold per surface; each delivery fans out to all of them. */
export const MAX_SUBSCRIPTIONS_PER_SURFACE = 50;
export function subscriptionView(record) {
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
export function getSubscriptionRecord(ctx, orgId, id) {
    return ctx.store.get(SUBSCRIPTIONS, orgId, id);
}
/** Every subscription of the organisation (all surfaces); bounded by MAX_SUBSCRIPTIONS_PER_SURFACE. */
export function allSubscriptions(ctx, orgId) {
    return ctx.store.all(SUBSCRIPTIONS, orgId);
}
/**
 * Registers a URL. The URL is refused (ok: false, field 'url') when the SSRF guard would refuse
 * it now; event types outside the surface's list are refused (field 'events'). The `whsec_`
 * secret is returned here and only here; the store keeps it sealed.
 */
export async function createSubscription(ctx, orgId, input) {
    const allowed = eventTypesFor(input.surface);
    const unknown = (input.events ?? []).filter((type) => !allowed.includes(type));
    if (unknown.length > 0) {
        return { ok: false, field: 'events', message: `Unknown event types for this API: ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}.` };
    }
    const refusal = await checkOutboundUrl(ctx, input.url);
    if (refusal)
        return { ok: false, field: 'url', message: `The URL is refused: ${refusal}.` };
    // Counted after the await, right before the write, so concurrent creates cannot overshoot.
    const count = allSubscriptions(ctx, orgId).filter((s) => s.surface === input.surface).length;
    if (count >= MAX_SUBSCRIPTIONS_PER_SURFACE) {
        return { ok: false, field: 'subscriptions', message: `An organisation may hold at most ${MAX_SUBSCRIPTIONS_PER_SURFACE} subscriptions on this API; delete one first.` };
    }
    const secret = generateWebhookSecret();
    const now = new Date(ctx.clock.now()).toISOString();
    const events = input.events?.length ? [...new Set(input.events)] : allowed;
    const record = {
        id: ctx.ids.next('whk'),
        orgId,
        surface: input.surface,
        url: input.url,
        events,
        description: input.description ?? null,
        status: 'active',
        disabledReason: null,
        sealedSecret: ctx.keyring.encrypt(secret),
        createdAt: now,
        updatedAt: now,
    };
    await ctx.store.write([put(SUBSCRIPTIONS, orgId, record)]);
    return { ok: true, subscription: subscriptionView(record), secret };
}
/** A page of the surface's subscriptions, newest first. */
export function listSubscriptions(ctx, orgId, surface, query = {}) {
    const page = ctx.store.page(SUBSCRIPTIONS, orgId, {
        limit: query.limit ?? MAX_SUBSCRIPTIONS_PER_SURFACE,
        ...(query.after ? { after: query.after } : {}),
        filter: (s) => s.surface === surface && textMatches([s.description, s.url, s.id, ...s.events], query.search),
    });
    return { items: page.items.map(subscriptionView), ...(page.next ? { next: page.next } : {}) };
}
/** The surface's subscription, or undefined for an unknown id, another organisation's or another surface's. */
export function getSubscription(ctx, orgId, surface, id) {
    const record = getSubscriptionRecord(ctx, orgId, id);
    return record && record.surface === surface ? subscriptionView(record) : undefined;
}
/** Removes a subscription; its pending deliveries are dropped by the worker. False when unknown. */
export async function deleteSubscription(ctx, orgId, surface, id) {
    const record = getSubscriptionRecord(ctx, orgId, id);
    if (!record || record.surface !== surface)
        return false;
    await ctx.store.write([del(SUBSCRIPTIONS, orgId, id)]);
    return true;
}
/** Turns a disabled subscription (after a 410, say) back on. Undefined when unknown. */
export function enableSubscription(ctx, orgId, surface, id) {
    return setStatus(ctx, orgId, surface, id, 'active', null);
}
/**
 * Pauses a subscription by hand: nothing is delivered to it (pending deliveries are dropped by
 * the worker, as after a 410) until it is enabled again. Undefined when unknown.
 */
export function disableSubscription(ctx, orgId, surface, id, reason) {
    return setStatus(ctx, orgId, surface, id, 'disabled', reason);
}
async function setStatus(ctx, orgId, surface, id, status, disabledReason) {
    const record = getSubscriptionRecord(ctx, orgId, id);
    if (!record || record.surface !== surface)
        return undefined;
    const updated = { ...record, status, disabledReason, updatedAt: new Date(ctx.clock.now()).toISOString() };
    await ctx.store.write([put(SUBSCRIPTIONS, orgId, updated)]);
    return subscriptionView(updated);
}
export function signingSecret(ctx, record) {
    return ctx.keyring.decrypt(record.sealedSecret);
}
//# sourceMappingURL=subscriptions.js.map