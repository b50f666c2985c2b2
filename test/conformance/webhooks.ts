import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { CheckFailure, ensure, ensureEqual, field, isObject, jsonObject, type JsonObject } from './assert.js';
import type { Delivery } from './receiver.js';
import type { CheckContext } from './runner.js';

export interface Subscription {
  id: string;
  secret: string;
  /** The receiver path this subscription delivers to. */
  path: string;
}

/** Where each surface manages its webhook subscriptions, and with which key. */
export const WEBHOOK_SURFACES = {
  automation: { path: '/api/automation/webhooks', key: 'automationKey' },
  assessment: { path: '/api/v1/webhooks', key: 'developerKey' },
} as const;

export type WebhookSurface = keyof typeof WEBHOOK_SURFACES;

export function receiverOf(t: CheckContext) {
  const receiver = t.receiver;
  if (!receiver) t.skip('no webhook receiver in this run');
  return receiver;
}

/** The first `count` deliveries on the subscription's receiver path; fewer in time fail the check. */
export function deliveriesTo(t: CheckContext, subscription: Subscription, count: number, timeoutMs = 15_000): Promise<Delivery[]> {
  return receiverOf(t)
    .waitFor(subscription.path, count, timeoutMs)
    .catch((error: Error) => {
      throw new CheckFailure(error.message);
    });
}

/** Subscribes a fresh receiver path; the signing secret is read from the create response (shown once). */
export async function subscribe(t: CheckContext, surface: WebhookSurface, events?: string[]): Promise<Subscription> {
  const receiver = receiverOf(t);
  const { path: apiPath, key } = WEBHOOK_SURFACES[surface];
  const path = `/${t.unique(`${surface}-`)}`;
  const reply = await t.http.post(apiPath, { headers: { 'x-api-key': t.cred(key) }, json: { url: receiver.url(path), ...(events ? { events } : {}) } });
  ensure(reply.status === 200 || reply.status === 201, `expected 201 (or 200), got ${reply.status}`);
  const body = jsonObject(reply);
  const record = isObject(body.webhook) ? body.webhook : isObject(body.subscription) ? body.subscription : body;
  const id = field<string>(record, 'id', 'string');
  const secret = [record.secret, body.secret, record.signing_secret, body.signing_secret].find((s): s is string => typeof s === 'string');
  ensure(secret, 'the create response does not show the signing secret');
  ensure(/^whsec_[A-Za-z0-9+/=]+$/.test(secret), 'the signing secret is not a Standard Webhooks whsec_ secret');
  t.secret(secret, `${surface} webhook secret`);
  return { id, secret, path };
}

export async function unsubscribe(t: CheckContext, surface: WebhookSurface, subscription: Subscription): Promise<void> {
  const { path, key } = WEBHOOK_SURFACES[surface];
  const reply = await t.http.delete(`${path}/${encodeURIComponent(subscription.id)}`, { headers: { 'x-api-key': t.cred(key) } });
  ensure(reply.status === 204 || reply.status === 200, `DELETE ${path}/{id}: expected 204 (or 200), got ${reply.status}`);
}

/** Runs `body` with a fresh subscription and deletes it afterwards, also when the body fails. */
export async function withSubscription(t: CheckContext, surface: WebhookSurface, events: string[] | undefined, body: (s: Subscription) => Promise<void>): Promise<void> {
  const subscription = await subscribe(t, surface, events);
  try {
    await body(subscription);
  } finally {
    await unsubscribe(t, surface, subscription);
  }
}

/** The check's `route`: a deployment whose subscription collection answers 404 lacks this surface's webhooks. */
export const webhookRoute = (surface: WebhookSurface) => ({ path: WEBHOOK_SURFACES[surface].path, credential: WEBHOOK_SURFACES[surface].key });

export interface VerifiedEvent {
  delivery: Delivery;
  event: JsonObject;
}

/** Checks a delivery with the stock `standardwebhooks` verifier, as a partner's receiver would. */
export function verifyDelivery(subscription: Subscription, delivery: Delivery): VerifiedEvent {
  const headers: Record<string, string> = {};
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const value = delivery.headers[name];
    ensure(typeof value === 'string', `the delivery has no ${name} header`);
    headers[name] = value;
  }
  let event: unknown;
  try {
    event = new Webhook(subscription.secret).verify(delivery.rawBody, headers);
  } catch (error) {
    ensure(!(error instanceof WebhookVerificationError), `standardwebhooks refused the signature: ${(error as Error).message}`);
    throw error;
  }
  ensure(isObject(event), 'the payload is not a JSON object');
  ensureEqual(delivery.method, 'POST', 'delivery method');
  ensure(/^application\/json/.test(String(delivery.headers['content-type'])), 'the delivery is not sent as application/json');
  field(event, 'id', 'string');
  field(event, 'type', 'string');
  field(event, 'created_at', 'string');
  field(event, 'organization_id', 'string');
  field(event, 'data', 'object');
  ensure(!Number.isNaN(Date.parse(String(event.created_at))), 'created_at is not a date');
  return { delivery, event };
}

/** Waits for a delivery of `type` on the subscription's path, verified. */
export async function waitForEvent(t: CheckContext, subscription: Subscription, type: string, timeoutMs = 15_000): Promise<VerifiedEvent> {
  const receiver = receiverOf(t);
  const deadline = Date.now() + timeoutMs;
  for (let count = 1; ; count += 1) {
    let deliveries: Delivery[];
    try {
      deliveries = await receiver.waitFor(subscription.path, count, Math.max(1, deadline - Date.now()));
    } catch (error) {
      const seen = receiver.received(subscription.path).map((d) => (JSON.parse(d.rawBody) as { type?: string }).type);
      ensure(false, `no ${type} event arrived within ${timeoutMs} ms (received: ${seen.join(', ') || 'nothing'}): ${(error as Error).message}`);
      throw error;
    }
    const latest = deliveries[count - 1] as Delivery;
    const verified = verifyDelivery(subscription, latest);
    if (verified.event.type === type) return verified;
  }
}
