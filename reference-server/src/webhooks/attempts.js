import { ATTEMPTS } from './records.js';
/** A page of one subscription's delivery attempts, newest first (the caller checks the subscription is theirs). */
export function listAttempts(ctx, subscriptionId, query) {
    return ctx.store.page(ATTEMPTS, subscriptionId, {
        limit: query.limit,
        ...(query.after ? { after: query.after } : {}),
        ...(query.eventId ? { filter: (a) => a.event_id === query.eventId, maxScan: 1000 } : {}),
    });
}
/** One attempt of the subscription, with its exchange, or undefined. */
export function getAttempt(ctx, subscriptionId, id) {
    return ctx.store.get(ATTEMPTS, subscriptionId, id);
}
/** What the API lists of an attempt: the documented fields, without the exchange the workspace shows. */
export function attemptView({ exchange: _exchange, ...view }) {
    return view;
}
//# sourceMappingURL=attempts.js.map