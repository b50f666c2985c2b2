import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../context.js';
import { defineJobQueue, type JobHandler, type JobRef } from '../jobs/index.js';
import { failedOnInternalAddress, INTERNAL_NO_ANSWER, internalAnswerText, OutboundRefusedError, post, sentHeaders, type OutboundClient, type PostResponse } from '../outbound/index.js';
import { del, put, type Transaction, type WriteOp } from '../store/index.js';
import { ATTEMPTS, OUTBOX, SUBSCRIPTIONS, type AttemptExchange, type AttemptOutcome, type AttemptRecord, type EventRecord, type OutboxEntry, type SubscriptionRecord } from './webhook-records.js';
import { classifyStatus, MAX_ATTEMPTS, retryDelayMs, type AnswerClass } from './schedule.js';
import { getSubscriptionRecord } from './subscriptions.js';
import { signingSecrets } from './rotation.js';
import { getEvent } from './outbox.js';
import { LISTED_ANSWER_CHARS, redactAttempt } from './attempts.js';

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

function errorText(error: unknown): string {
  if (failedOnInternalAddress(error)) return INTERNAL_NO_ANSWER;
  if (error instanceof OutboundRefusedError) return `refused by the SSRF guard: ${error.reason}`;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}

/** What one exchange gives the attempt log and the schedule. */
interface Exchanged {
  outcome: AttemptOutcome;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  retryAfterMs?: number | undefined;
  response: AttemptExchange['response'];
  answerWithheld: boolean;
}

const OUTCOME_OF: Record<AnswerClass, AttemptOutcome> = { delivered: 'delivered', gone: 'disabled', retry: 'retrying', fail: 'failed' };

function answerError(status: number, answerClass: AnswerClass): string | null {
  if (answerClass === 'delivered') return null;
  return answerClass === 'fail' && status >= 300 && status < 400 ? `redirect (HTTP ${status}) not followed` : `HTTP ${status}`;
}

function answered(answer: PostResponse): Exchanged {
  const answerClass = classifyStatus(answer.status);
  const common = { outcome: OUTCOME_OF[answerClass], latencyMs: answer.latencyMs, retryAfterMs: answer.retryAfterMs };
  if (answer.internal) {
    // The retry schedule still follows the exact answer; the log keeps only its class.
    const error = answerClass === 'delivered' ? null : internalAnswerText(answer.status);
    return { ...common, statusCode: null, responseBody: null, error, response: null, answerWithheld: true };
  }
  return {
    ...common,
    statusCode: answer.status,
    responseBody: answer.bodyText.slice(0, LISTED_ANSWER_CHARS) || null,
    error: answerError(answer.status, answerClass),
    response: { headers: answerHeaders(answer), ...bounded(answer.bodyText, LOGGED_RESPONSE_BYTES) },
    answerWithheld: false,
  };
}

function unanswered(failure: unknown, latencyMs: number): Exchanged {
  // A refused address stays refused: retrying would only knock on the same door.
  const outcome = failure instanceof OutboundRefusedError || failure instanceof TypeError ? 'failed' : 'retrying';
  return { outcome, statusCode: null, latencyMs, responseBody: null, error: errorText(failure), response: null, answerWithheld: failedOnInternalAddress(failure) };
}

/** The outcome once the schedule has had its say (a retry with no attempt left has failed), and when the next attempt is due. */
function scheduled(outcome: AttemptOutcome, attempt: number, retryAfterMs: number | undefined, now: number): { outcome: AttemptOutcome; nextAt?: number } {
  if (outcome !== 'retrying') return { outcome };
  const delay = retryDelayMs(attempt, retryAfterMs);
  return delay === undefined || attempt >= MAX_ATTEMPTS ? { outcome: 'failed' } : { outcome, nextAt: now + delay };
}

/** Webhook delivery: one job per outbox entry, due at its next attempt; WebhookDelivery handles it. */
export const WEBHOOK_DELIVERY = defineJobQueue<OutboxEntry>({ name: 'webhook-delivery', collection: OUTBOX, concurrency: DELIVERY_CONCURRENCY, dueAt: (entry) => entry.nextAttemptAt });

/**
 * Delivers the outbox, a queue of the job runner (jobs/runner.ts): one job per outbox entry, due
 * at its `nextAttemptAt`, DELIVERY_CONCURRENCY attempts at once. Each attempt's outcome (attempt
 * log entry, the outbox entry updated with its next due time or removed, a disabled subscription
 * on 410) is one store write, so a crash repeats at most the attempt in flight: at-least-once.
 */
export class WebhookDelivery {
  readonly #ctx: AppContext;
  readonly #outbound: OutboundClient;
  readonly #counted: (outcome: AttemptOutcome) => void;

  /** `counted` is told each attempt's outcome once it is committed (the metrics). */
  constructor(ctx: AppContext, outbound: OutboundClient, counted: (outcome: AttemptOutcome) => void = () => undefined) {
    this.#ctx = ctx;
    this.#outbound = outbound;
    this.#counted = counted;
  }

  /** WEBHOOK_DELIVERY's handler: one attempt at one outbox entry. */
  readonly handle: JobHandler = (ref, signal) => this.#attempt(ref, signal);

  async #attempt({ scope: orgId, id }: JobRef, signal: AbortSignal): Promise<void> {
    const ctx = this.#ctx;
    // The runner holds this entry's lease: no other server attempts it meanwhile, so plain reads do.
    const entry = await ctx.db.get<OutboxEntry>(OUTBOX, orgId, id);
    if (!entry || signal.aborted) return;
    const [subscription, event] = await Promise.all([getSubscriptionRecord(ctx, orgId, entry.subscriptionId), getEvent(ctx, orgId, entry.eventId)]);
    if (!subscription || subscription.status !== 'active' || !event) {
      // Deleted or disabled meanwhile: nothing left to deliver to.
      await ctx.db.write([del(OUTBOX, orgId, id)]);
      return;
    }
    const attempt = entry.attempts + 1;
    const body = JSON.stringify(event);
    const sentAt = new Date(ctx.clock.now());
    const headers = this.#headers(subscription, event, sentAt, body);
    const exchanged = await this.#send(subscription.url, body, headers);
    const now = ctx.clock.now();
    const { outcome, nextAt } = scheduled(exchanged.outcome, attempt, exchanged.retryAfterMs, now);
    // Kept as the delivery log shows it: redacted before it reaches the store.
    const record: AttemptRecord = redactAttempt({
      id: ctx.ids.next('att'),
      delivery_id: entry.id,
      event_id: event.id,
      event_type: event.type,
      attempt,
      at: sentAt.toISOString(),
      status_code: exchanged.statusCode,
      latency_ms: exchanged.latencyMs,
      error: exchanged.error,
      response_body: exchanged.responseBody,
      outcome,
      next_attempt_at: nextAt !== undefined ? new Date(nextAt).toISOString() : null,
      exchange: {
        request: { method: 'POST', url: subscription.url, headers: sentHeaders(headers, Buffer.byteLength(body)), ...bounded(body, LOGGED_REQUEST_BYTES) },
        response: exchanged.response,
        ...(exchanged.answerWithheld ? { answerWithheld: true } : {}),
      },
      ...(entry.resendOf ? { resendOf: entry.resendOf } : {}),
    });
    await ctx.db.transaction(async (tx) => tx.write(await this.#outcomeOps(tx, orgId, { ...entry, attempts: attempt }, record, nextAt, now)));
    this.#counted(outcome);
  }

  async #send(url: string, body: string, headers: Record<string, string>): Promise<Exchanged> {
    const started = performance.now();
    try {
      return answered(await post(this.#outbound, url, body, headers, { timeoutMs: DELIVERY_TIMEOUT_MS, maxResponseBytes: LOGGED_RESPONSE_BYTES + 1 }));
    } catch (failure) {
      return unanswered(failure, Math.round(performance.now() - started));
    }
  }

  /** The attempt logged; the entry kept for its next attempt or removed; on 410 the subscription disabled. */
  async #outcomeOps(tx: Transaction, orgId: string, entry: OutboxEntry, record: AttemptRecord, nextAt: number | undefined, now: number): Promise<WriteOp[]> {
    const ops: WriteOp[] = [put(ATTEMPTS, entry.subscriptionId, record)];
    ops.push(nextAt !== undefined ? put<OutboxEntry>(OUTBOX, orgId, { ...entry, nextAttemptAt: nextAt }) : del(OUTBOX, orgId, entry.id));
    // Locked: an edit of the subscription made meanwhile is kept, only its status changes.
    const current = record.outcome === 'disabled' ? await tx.get<SubscriptionRecord>(SUBSCRIPTIONS, orgId, entry.subscriptionId, { forUpdate: true }) : undefined;
    if (current) {
      const disabledReason = `The receiver answered 410 Gone at ${record.at}.`;
      ops.push(put<SubscriptionRecord>(SUBSCRIPTIONS, orgId, { ...current, status: 'disabled', disabledReason, updatedAt: new Date(now).toISOString() }));
    }
    return ops;
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
