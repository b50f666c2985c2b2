import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../context.js';
import type { JobQueue, JobRef } from '../jobs/index.js';
import { failedOnInternalAddress, OutboundRefusedError, post, sentHeaders, type OutboundClient, type PostResponse } from '../outbound/index.js';
import { del, put, type WriteOp } from '../store/index.js';
import { ATTEMPTS, OUTBOX, SUBSCRIPTIONS, type AttemptExchange, type AttemptOutcome, type AttemptRecord, type EventRecord, type OutboxEntry, type SubscriptionRecord } from './records.js';
import { classifyStatus, MAX_ATTEMPTS, retryDelayMs } from './schedule.js';
import { getSubscriptionRecord } from './subscriptions.js';
import { signingSecrets } from './rotation.js';
import { getEvent } from './outbox.js';

/** Attempts in flight at once, over all receivers. */
export const DELIVERY_CONCURRENCY = 16;
/** Each attempt must be answered within this. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The delivery log keeps this much of each body sent (payloads are rarely larger) … */
export const LOGGED_REQUEST_BYTES = 16 * 1024;
/** … and of each answer (one byte more is read, to tell a cut answer), whose first 512 characters the API also lists. */
export const LOGGED_RESPONSE_BYTES = 4 * 1024;

const bounded = (text: string, max: number) => (Buffer.byteLength(text) <= max ? { body: text, bodyTruncated: false } : { body: Buffer.from(text).subarray(0, max).toString('utf8'), bodyTruncated: true });

function answerHeaders(answer: PostResponse): Record<string, string> {
  return Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]));
}

/** `404` → `4xx`: all the log says of an internal address's answer. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * What the log says of an exchange with an internal address (one the operator's allowlist let
 * through, not a public one): the outcome's class, never the answer's headers or body, the exact
 * status or the network error, which would let an organisation's admin read the operator's
 * services or scan their ports through the delivery log. `ECONNREFUSED` and a timeout read alike.
 */
export const INTERNAL_NO_ANSWER = 'no answer from an internal address (the detail is not kept)';
export const internalAnswerText = (status: number): string => `HTTP ${statusClass(status)} from an internal address (only the class is kept)`;

function errorText(error: unknown): string {
  if (failedOnInternalAddress(error)) return INTERNAL_NO_ANSWER;
  if (error instanceof OutboundRefusedError) return `refused by the SSRF guard: ${error.reason}`;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}

/**
 * Delivers the outbox, a queue of the job runner (jobs/runner.ts): one job per outbox entry, due
 * at its `nextAttemptAt`, DELIVERY_CONCURRENCY attempts at once. Each attempt's outcome (attempt
 * log entry, the outbox entry updated with its next due time or removed, a disabled subscription
 * on 410) is one store write, so a crash repeats at most the attempt in flight: at-least-once.
 */
export class WebhookDelivery {
  readonly #ctx: AppContext;
  readonly #outbound: OutboundClient;

  constructor(ctx: AppContext, outbound: OutboundClient) {
    this.#ctx = ctx;
    this.#outbound = outbound;
  }

  readonly queue: JobQueue<OutboxEntry> = {
    name: 'webhook-delivery',
    collection: OUTBOX,
    concurrency: DELIVERY_CONCURRENCY,
    dueAt: (entry) => entry.nextAttemptAt,
    run: (ref, signal) => this.#attempt(ref, signal),
  };

  async #attempt({ scope: orgId, id }: JobRef, signal: AbortSignal): Promise<void> {
    const ctx = this.#ctx;
    const entry = ctx.store.get<OutboxEntry>(OUTBOX, orgId, id);
    if (!entry || signal.aborted) return;
    const subscription = getSubscriptionRecord(ctx, orgId, entry.subscriptionId);
    const event = getEvent(ctx, orgId, entry.eventId);
    if (!subscription || subscription.status !== 'active' || !event) {
      // Deleted or disabled meanwhile: nothing left to deliver to.
      await ctx.store.write([del(OUTBOX, orgId, id)]);
      return;
    }

    const attempt = entry.attempts + 1;
    const body = JSON.stringify(event);
    const sentAt = new Date(ctx.clock.now());
    let statusCode: number | null = null;
    let latencyMs = 0;
    let responseBody: string | null = null;
    let error: string | null = null;
    let outcome: AttemptOutcome;
    let retryAfterMs: number | undefined;
    const headers = this.#headers(subscription, event, sentAt, body);
    const exchange: AttemptExchange = {
      request: { method: 'POST', url: subscription.url, headers: sentHeaders(headers, Buffer.byteLength(body)), ...bounded(body, LOGGED_REQUEST_BYTES) },
      response: null,
    };
    const started = performance.now();
    try {
      const answer = await post(this.#outbound, subscription.url, body, headers, { timeoutMs: DELIVERY_TIMEOUT_MS, maxResponseBytes: LOGGED_RESPONSE_BYTES + 1 });
      latencyMs = answer.latencyMs;
      retryAfterMs = answer.retryAfterMs;
      const answerClass = classifyStatus(answer.status);
      outcome = answerClass === 'delivered' ? 'delivered' : answerClass === 'gone' ? 'disabled' : answerClass === 'retry' ? 'retrying' : 'failed';
      if (answer.internal) {
        // The retry schedule still follows the exact answer; the log keeps only its class.
        exchange.answerWithheld = true;
        if (answerClass !== 'delivered') error = internalAnswerText(answer.status);
      } else {
        exchange.response = { headers: answerHeaders(answer), ...bounded(answer.bodyText, LOGGED_RESPONSE_BYTES) };
        statusCode = answer.status;
        responseBody = answer.bodyText.slice(0, 512) || null;
        if (answerClass === 'fail') error = answer.status >= 300 && answer.status < 400 ? `redirect (HTTP ${answer.status}) not followed` : `HTTP ${answer.status}`;
        else if (answerClass !== 'delivered') error = `HTTP ${answer.status}`;
      }
    } catch (failure) {
      latencyMs = Math.round(performance.now() - started);
      error = errorText(failure);
      if (failedOnInternalAddress(failure)) exchange.answerWithheld = true;
      // A refused address stays refused: retrying would only knock on the same door.
      outcome = failure instanceof OutboundRefusedError || failure instanceof TypeError ? 'failed' : 'retrying';
    }

    const delay = outcome === 'retrying' ? retryDelayMs(attempt, retryAfterMs) : undefined;
    if (outcome === 'retrying' && (delay === undefined || attempt >= MAX_ATTEMPTS)) outcome = 'failed';
    const now = ctx.clock.now();
    const nextAt = outcome === 'retrying' && delay !== undefined ? now + delay : undefined;
    const record: AttemptRecord = {
      id: ctx.ids.next('att'),
      delivery_id: entry.id,
      event_id: event.id,
      event_type: event.type,
      attempt,
      at: sentAt.toISOString(),
      status_code: statusCode,
      latency_ms: latencyMs,
      error,
      response_body: responseBody,
      outcome,
      next_attempt_at: nextAt !== undefined ? new Date(nextAt).toISOString() : null,
      exchange,
      ...(entry.resendOf ? { resendOf: entry.resendOf } : {}),
    };
    const ops: WriteOp[] = [put(ATTEMPTS, subscription.id, record)];
    if (nextAt !== undefined) ops.push(put<OutboxEntry>(OUTBOX, orgId, { ...entry, attempts: attempt, nextAttemptAt: nextAt }));
    else ops.push(del(OUTBOX, orgId, entry.id));
    if (outcome === 'disabled') {
      const current = getSubscriptionRecord(ctx, orgId, subscription.id);
      if (current) {
        ops.push(
          put<SubscriptionRecord>(SUBSCRIPTIONS, orgId, {
            ...current,
            status: 'disabled',
            disabledReason: `The receiver answered 410 Gone at ${record.at}.`,
            updatedAt: new Date(now).toISOString(),
          }),
        );
      }
    }
    await ctx.store.write(ops);
  }

  #headers(subscription: SubscriptionRecord, event: EventRecord, sentAt: Date, body: string): Record<string, string> {
    // During a rotation's overlap both secrets sign: a receiver on either one verifies.
    const signature = signingSecrets(this.#ctx, subscription, sentAt.getTime())
      .map((secret) => new Webhook(secret).sign(event.id, sentAt, body))
      .join(' ');
    return {
      'content-type': 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
  }
}
