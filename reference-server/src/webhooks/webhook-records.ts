import type { StoredRecord } from '../store/index.js';
import type { AttemptView } from './contract.js';
import type { EventType, WebhookSurface } from './event-types.js';

/** Collections of the webhook engine. Subscriptions, events and the outbox live in the organisation's scope. */
export const SUBSCRIPTIONS = 'webhook_subscriptions';
export const EVENTS = 'webhook_events';
/** Pending deliveries only: an entry is removed once delivered, failed for good, or cancelled. */
export const OUTBOX = 'webhook_outbox';
/** The attempts log, scoped by subscription id, so one subscription's history pages at flat cost. */
export const ATTEMPTS = 'webhook_attempts';
/**
 * One record per organisation and surface (id = the surface), locked by every create of a
 * subscription there: what makes the per-surface limit one limit across servers (subscriptions.ts).
 */
export const SUBSCRIPTION_LOCKS = 'webhook_subscription_locks';

export interface SubscriptionLock extends StoredRecord {
  id: WebhookSurface;
}

export interface SubscriptionRecord extends StoredRecord {
  /** `whk_…` */
  id: string;
  orgId: string;
  surface: WebhookSurface;
  url: string;
  events: EventType[];
  description: string | null;
  status: 'active' | 'disabled';
  disabledReason: string | null;
  /** The `whsec_` signing secret, sealed with the keyring; never stored in the clear. */
  sealedSecret: string;
  /**
   * The secret replaced by the last rotation, sealed like the current one, and when it stops being
   * used: until then every delivery is signed with both (rotation.ts). Absent when never rotated.
   */
  previousSecret?: { sealed: string; until: string } | null;
  /** When the secret was last rotated. */
  rotatedAt?: string;
  /** The key (`key_…`) of the API request that made it, so what a certification run's keys made ends with the run. */
  createdWith?: string;
  createdAt: string;
  updatedAt: string;
}

/** Exactly what is delivered: the payload of every attempt of every subscription. */
export interface EventRecord extends StoredRecord {
  /** `evt_…`; also the `webhook-id` header, so receivers can drop repeats. */
  id: string;
  type: EventType;
  created_at: string;
  organization_id: string;
  data: Record<string, unknown>;
}

export interface OutboxEntry extends StoredRecord {
  /** `dlv_…` */
  id: string;
  eventId: string;
  subscriptionId: string;
  /** Attempts made so far. */
  attempts: number;
  /** Epoch ms of the next attempt. */
  nextAttemptAt: number;
  createdAt: string;
  /** Set when a person sent the event again: the attempt (`att_…`) it was sent again after. */
  resendOf?: string;
}

export type AttemptOutcome = AttemptView['outcome'];

/**
 * The exact exchange of one attempt, for the workspace's delivery log: what left the server
 * (every header, the body) and what came back, each body cut at a bound (webhook-records.ts keeps the
 * journal small; the event record holds the whole payload).
 */
export interface AttemptExchange {
  request: { method: 'POST'; url: string; headers: Record<string, string>; body: string; bodyTruncated: boolean };
  /** Null when no answer came (network error, timeout, refused address) or it was withheld. */
  response: { headers: Record<string, string>; body: string; bodyTruncated: boolean } | null;
  /**
   * True when the receiver is an internal address the operator's allowlist let through: its
   * answer (headers, body, exact status, network error) is not kept, only the outcome's class.
   */
  answerWithheld?: boolean;
}

/**
 * The attempts log: what `GET …/webhooks/{id}/attempts` lists (contract.ts), plus the exchange
 * the workspace shows (absent on attempts logged before it was kept; never listed by the API).
 */
export interface AttemptRecord extends StoredRecord, AttemptView {
  /** `att_…` */
  id: string;
  exchange?: AttemptExchange;
  /** The attempt this delivery was a resend of (OutboxEntry.resendOf), for the workspace's log; never listed by the API. */
  resendOf?: string;
}
