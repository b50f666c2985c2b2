import { put } from '../store/store.js';
import { EVENTS, OUTBOX } from './records.js';
import { allSubscriptions } from './subscriptions.js';
/**
 * The store operations that publish an event: the event record, one outbox entry per active
 * subscription of the organisation that asked for the type (any surface), and the ops of
 * in-process listeners. Put them in the same `store.write` as the change that caused the event,
 * then call `eventsCommitted(ctx, ops)` once that write has resolved.
 */
export function eventOps(ctx, orgId, type, data) {
    const now = ctx.clock.now();
    const event = {
        id: ctx.ids.next('evt'),
        type,
        created_at: new Date(now).toISOString(),
        organization_id: orgId,
        data,
    };
    const ops = [put(EVENTS, orgId, event)];
    for (const subscription of allSubscriptions(ctx, orgId)) {
        if (subscription.status !== 'active' || !subscription.events.includes(type))
            continue;
        ops.push(put(OUTBOX, orgId, {
            id: ctx.ids.next('dlv'),
            eventId: event.id,
            subscriptionId: subscription.id,
            attempts: 0,
            nextAttemptAt: now,
            createdAt: event.created_at,
        }));
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
export function eventsCommitted(ctx, ops) {
    ctx.events.committed(ops);
}
export function getEvent(ctx, orgId, id) {
    return ctx.store.get(EVENTS, orgId, id);
}
/** How many of an organisation's pending deliveries `pendingDeliveries` looks at. */
const PENDING_SCAN = 1000;
/** The deliveries of one subscription still waiting for an attempt, oldest first (at most PENDING_SCAN looked at). */
export function pendingDeliveries(ctx, orgId, subscriptionId) {
    return ctx.store.page(OUTBOX, orgId, { limit: PENDING_SCAN, newestFirst: false, filter: (e) => e.subscriptionId === subscriptionId, maxScan: PENDING_SCAN }).items;
}
//# sourceMappingURL=outbox.js.map