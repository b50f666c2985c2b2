import { put } from '../store/store.js';
import { eventTypesFor } from './event-types.js';
import { eventsCommitted, getEvent } from './outbox.js';
import { EVENTS, OUTBOX } from './records.js';
/** Test events' ids start with this, so a receiver (or its logs) can tell them from real ones. */
export const TEST_EVENT_PREFIX = 'evt_test';
function delivery(ctx, orgId, event, subscription) {
    return put(OUTBOX, orgId, {
        id: ctx.ids.next('dlv'),
        eventId: event.id,
        subscriptionId: subscription.id,
        attempts: 0,
        nextAttemptAt: ctx.clock.now(),
        createdAt: new Date(ctx.clock.now()).toISOString(),
    });
}
const inactive = (subscription) => subscription.status === 'active' ? undefined : 'The subscription is disabled, so nothing is sent to it: enable it first.';
/**
 * Why `type` may not be sent to this subscription, or undefined: the same rule the outbox
 * applies to real events (the subscription's API carries the type, and its event filter lists
 * it), so a resend or a test can never put an event in front of a receiver that did not ask for
 * it (a submission event at an assessment-only endpoint).
 */
export function filterRefusal(subscription, type) {
    if (!eventTypesFor(subscription.surface).includes(type))
        return `A ${subscription.surface} subscription cannot receive ${type} events.`;
    if (!subscription.events.includes(type))
        return `This endpoint is subscribed to ${subscription.events.join(', ')}, not to ${type}: add ${type} to its events to send it one.`;
    return undefined;
}
/**
 * Sends a stored event to one subscription again, as a new delivery with its own attempts and the
 * same payload and `webhook-id` (receivers that drop repeats by it will drop this one too), if
 * the subscription takes its type (`filterRefusal`). The caller has checked the subscription is
 * the organisation's.
 */
export async function resendEvent(ctx, orgId, subscription, eventId) {
    const refusal = inactive(subscription);
    if (refusal)
        return { ok: false, message: refusal };
    const event = getEvent(ctx, orgId, eventId);
    if (!event)
        return { ok: false, message: `The event ${eventId} is no longer kept (delivered events are pruned after the retention window), so it cannot be sent again.` };
    const filtered = filterRefusal(subscription, event.type);
    if (filtered)
        return { ok: false, message: filtered };
    const ops = [delivery(ctx, orgId, event, subscription)];
    await ctx.store.write(ops);
    eventsCommitted(ctx, ops);
    return { ok: true, eventId: event.id };
}
/**
 * Sends a test event of `type` carrying `data` to one subscription only: signed and retried like
 * any delivery, its id starting with `evt_test`. It reaches no other subscription and no
 * in-process listener (a test `assessment.completed` re-scores nothing).
 */
export async function sendTestEvent(ctx, orgId, subscription, type, data) {
    const refusal = inactive(subscription);
    if (refusal)
        return { ok: false, message: refusal };
    const filtered = filterRefusal(subscription, type);
    if (filtered)
        return { ok: false, message: filtered };
    const event = {
        id: ctx.ids.next(TEST_EVENT_PREFIX),
        type,
        created_at: new Date(ctx.clock.now()).toISOString(),
        organization_id: orgId,
        data,
    };
    const ops = [put(EVENTS, orgId, event), delivery(ctx, orgId, event, subscription)];
    await ctx.store.write(ops);
    eventsCommitted(ctx, ops);
    return { ok: true, eventId: event.id };
}
//# sourceMappingURL=redelivery.js.map