import type { AppContext } from '../context.js';
import { type EventType } from './event-types.js';
import { type SubscriptionRecord } from './records.js';
/** Test events' ids start with this, so a receiver (or its logs) can tell them from real ones. */
export declare const TEST_EVENT_PREFIX = "evt_test";
export type RedeliveryResult = {
    ok: true;
    eventId: string;
} | {
    ok: false;
    message: string;
};
type Ctx = Pick<AppContext, 'store' | 'clock' | 'ids' | 'events'>;
/**
 * Why `type` may not be sent to this subscription, or undefined: the same rule the outbox
 * applies to real events (the subscription's API carries the type, and its event filter lists
 * it), so a resend or a test can never put an event in front of a receiver that did not ask for
 * it (a submission event at an assessment-only endpoint).
 */
export declare function filterRefusal(subscription: SubscriptionRecord, type: EventType): string | undefined;
/**
 * Sends a stored event to one subscription again, as a new delivery with its own attempts and the
 * same payload and `webhook-id` (receivers that drop repeats by it will drop this one too), if
 * the subscription takes its type (`filterRefusal`). The caller has checked the subscription is
 * the organisation's.
 */
export declare function resendEvent(ctx: Ctx, orgId: string, subscription: SubscriptionRecord, eventId: string): Promise<RedeliveryResult>;
/**
 * Sends a test event of `type` carrying `data` to one subscription only: signed and retried like
 * any delivery, its id starting with `evt_test`. It reaches no other subscription and no
 * in-process listener (a test `assessment.completed` re-scores nothing).
 */
export declare function sendTestEvent(ctx: Ctx, orgId: string, subscription: SubscriptionRecord, type: EventType, data: Record<string, unknown>): Promise<RedeliveryResult>;
export {};
