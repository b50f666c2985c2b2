/** Collections of the webhook engine. Subscriptions, events and the outbox live in the organisation's scope. */
export const SUBSCRIPTIONS = 'webhook_subscriptions';
export const EVENTS = 'webhook_events';
/** Pending deliveries only: an entry is removed once delivered, failed for good, or cancelled. */
export const OUTBOX = 'webhook_outbox';
/** The attempts log, scoped by subscription id, so one subscription's history pages at flat cost. */
export const ATTEMPTS = 'webhook_attempts';
//# sourceMappingURL=records.js.map