import type { AppContext } from '../context.js';
import { type Page } from '../store/store.js';
import type { SubscriptionView } from './contract.js';
import { type EventType, type WebhookSurface } from './event-types.js';
import { type SubscriptionRecord } from './records.js';
/** Subscriptions an organisation may hold per surface; each delivery fans out to all of them. */
export declare const MAX_SUBSCRIPTIONS_PER_SURFACE = 50;
export interface SubscriptionInput {
    url: string;
    /** Omitted or empty: every event type of the surface. */
    events?: EventType[];
    description?: string;
    surface: WebhookSurface;
}
export type { SubscriptionView };
export type CreateResult = {
    ok: true;
    subscription: SubscriptionView;
    secret: string;
} | {
    ok: false;
    field: 'url' | 'events' | 'subscriptions';
    message: string;
};
export declare function subscriptionView(record: SubscriptionRecord): SubscriptionView;
export declare function getSubscriptionRecord(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): SubscriptionRecord | undefined;
/** Every subscription of the organisation (all surfaces); bounded by MAX_SUBSCRIPTIONS_PER_SURFACE. */
export declare function allSubscriptions(ctx: Pick<AppContext, 'store'>, orgId: string): SubscriptionRecord[];
/**
 * Registers a URL. The URL is refused (ok: false, field 'url') when the SSRF guard would refuse
 * it now; event types outside the surface's list are refused (field 'events'). The `whsec_`
 * secret is returned here and only here; the store keeps it sealed.
 */
export declare function createSubscription(ctx: AppContext, orgId: string, input: SubscriptionInput): Promise<CreateResult>;
/** A page of the surface's subscriptions, newest first. */
export declare function listSubscriptions(ctx: Pick<AppContext, 'store'>, orgId: string, surface: WebhookSurface, query?: {
    limit?: number;
    after?: string;
    search?: string;
}): Page<SubscriptionView>;
/** The surface's subscription, or undefined for an unknown id, another organisation's or another surface's. */
export declare function getSubscription(ctx: Pick<AppContext, 'store'>, orgId: string, surface: WebhookSurface, id: string): SubscriptionView | undefined;
/** Removes a subscription; its pending deliveries are dropped by the worker. False when unknown. */
export declare function deleteSubscription(ctx: AppContext, orgId: string, surface: WebhookSurface, id: string): Promise<boolean>;
/** Turns a disabled subscription (after a 410, say) back on. Undefined when unknown. */
export declare function enableSubscription(ctx: AppContext, orgId: string, surface: WebhookSurface, id: string): Promise<SubscriptionView | undefined>;
/**
 * Pauses a subscription by hand: nothing is delivered to it (pending deliveries are dropped by
 * the worker, as after a 410) until it is enabled again. Undefined when unknown.
 */
export declare function disableSubscription(ctx: AppContext, orgId: string, surface: WebhookSurface, id: string, reason: string): Promise<SubscriptionView | undefined>;
export declare function signingSecret(ctx: Pick<AppContext, 'keyring'>, record: SubscriptionRecord): string;
