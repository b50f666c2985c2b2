/**
 * The webhook engine shared by the Automation and Assessment APIs.
 *
 * Publishing an event (in the same store write as the change that caused it):
 *
 *   await ctx.db.transaction(async (tx) => {
 *     await tx.write([...changeOps, ...(await eventOps(ctx, tx, orgId, 'assessment.completed', data))]);
 *   });                                  // once committed, the job runner starts the deliveries
 *
 * The payload delivered is `{id, type, created_at, organization_id, data}` (id = `evt_…` =
 * the `webhook-id` header), signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`, `whsec_` secrets). Every active subscription of
 * the organisation (either surface) whose `events` include the type gets one delivery.
 *
 * Subscriptions: `createSubscription(ctx, orgId, {url, events?, description?, surface})` →
 * `{ok: true, subscription, secret}` (the secret shown once) or `{ok: false, field, message}`
 * (URL refused by the SSRF guard, unknown event type, too many); `listSubscriptions`,
 * `getSubscription`, `updateSubscription` (edit.ts: URL, events, description; secret and log kept),
 * `deleteSubscription`, `enableSubscription`, `disableSubscription`;
 * `listAttempts(ctx, subId, …)` (each attempt's exact exchange kept for the workspace);
 * `resendEvent` and `sendTestEvent` (redelivery.ts) for the workspace's delivery log.
 *
 * HTTP: `webhookRoutes(ctx, surface)` is the whole CRUD router (see webhook-routes.ts); mount it at
 * `/webhooks` behind the surface's guard and JSON parser. The delivery worker is built by the
 * composition root (compose.ts), which also builds `ctx.events` and the store's write hook.
 *
 * In-process reactions: `ctx.events.listen({types, opsFor})` adds ops to the publishing write
 * (the submission processor re-scores submissions on `assessment.*` this way).
 *
 * Event types: `EVENT_TYPES` (event-types.ts), documented in docs/webhooks.md; retry schedule
 * in schedule.ts.
 */
export { attemptView, getAttempt, listAttempts } from './attempts.js';
export { failedSince, resendEvent, resendFailed, sendTestEvent, TEST_EVENT_PREFIX, type RedeliveryResult } from './redelivery.js';
export { WEBHOOK_DELIVERY, WebhookDelivery } from './delivery.js';
export { updateSubscription, type SubscriptionChanges, type UpdateResult } from './edit.js';
export { DEFAULT_OVERLAP_HOURS, isOverlapHours, OVERLAP_HOURS, overlapUntil, rotateSecret, type OverlapHours, type Rotation } from './rotation.js';
export { EVENT_TYPES, eventTypesFor, isEventType, WEBHOOK_SURFACES, type EventType, type WebhookSurface } from './event-types.js';
export { eventOps, eventPublisher, getEvent, pendingDeliveries, type Publish } from './outbox.js';
export type { AttemptExchange, AttemptRecord, EventRecord, SubscriptionRecord } from './webhook-records.js';
export { webhookRoutes } from './webhook-routes.js';
export { classifyStatus, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from './schedule.js';
export {
  allSubscriptions,
  createSubscription,
  deleteSubscription,
  deleteSubscriptionsMadeWith,
  disableSubscription,
  enableSubscription,
  getSubscriptionRecord,
  getSubscription,
  listSubscriptions,
  signingSecret,
  type CreateResult,
  type SubscriptionInput,
  type SubscriptionView,
} from './subscriptions.js';
export { createSubscriptionBody, eventPayloadSchema, webhookEventsOpenApi, webhookOpenApi } from './contract.js';
export { ATTEMPTS, EVENTS, OUTBOX, type OutboxEntry } from './webhook-records.js';
export { subscriptionView } from './subscriptions.js';
export { eventRetention } from './event-retention.js';
