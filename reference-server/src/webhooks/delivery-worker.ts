import { Webhook } from 'standardwebhooks';
import type { AppContext, Worker } from '../context.js';
import { OutboundRefusedError, post } from '../outbound/index.js';
import { del, put, type WriteOp } from '../store/store.js';
import { ATTEMPTS, OUTBOX, SUBSCRIPTIONS, type AttemptOutcome, type AttemptRecord, type EventRecord, type OutboxEntry, type SubscriptionRecord } from './records.js';
import { classifyStatus, MAX_ATTEMPTS, retryDelayMs } from './schedule.js';
import { getSubscriptionRecord, signingSecret } from './subscriptions.js';
import { getEvent } from './outbox.js';

/** Attempts in flight at once, over all receivers. */
export const DELIVERY_CONCURRENCY = 16;
/** Each attempt must be answered within this. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Safety net: every pending delivery is looked at this often even if nobody woke the worker. */
export const SWEEP_INTERVAL_MS = 30_000;

interface Target {
  orgId: string;
  id: string;
}

const keyOf = (t: Target) => `${t.orgId}/${t.id}`;
const isOutboxPut = (op: WriteOp): op is Extract<WriteOp, { op: 'put' }> => op.op === 'put' && op.collection === OUTBOX;

function errorText(error: unknown): string {
  if (error instanceof OutboundRefusedError) return `refused by the SSRF guard: ${error.reason}`;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}

/**
 * Delivers the outbox. Due entries go into a FIFO run queue worked by DELIVERY_CONCURRENCY
 * slots; each attempt's outcome (attempt log entry, updated or removed outbox entry, a disabled
 * subscription on 410) is one store write, so a crash repeats at most the attempt in flight:
 * at-least-once. Timing comes from ctx.clock; only "run now" uses setImmediate.
 */
export class DeliveryWorker implements Worker {
  readonly name = 'webhook-delivery';
  readonly #ctx: AppContext;
  readonly #timers = new Map<string, () => void>();
  readonly #queued = new Set<string>();
  readonly #runQueue: Target[] = [];
  readonly #inFlight = new Map<string, Promise<void>>();
  #sweepTimer: (() => void) | undefined;
  #running = false;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  start(): void {
    this.#running = true;
    this.#sweep();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#sweepTimer?.();
    for (const cancel of this.#timers.values()) cancel();
    this.#timers.clear();
    this.#runQueue.length = 0;
    this.#queued.clear();
    await this.idle();
  }

  /** True while something is queued to run now or running. */
  get busy(): boolean {
    return this.#inFlight.size > 0 || this.#runQueue.length > 0;
  }

  /** Resolves once nothing is queued to run now and no attempt is in flight (tests await this). */
  async idle(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#inFlight.size === 0 && this.#runQueue.length === 0) return;
      await Promise.all(this.#inFlight.values());
    }
  }

  /** Schedules the outbox entries among committed ops (or everything pending). */
  wake(ops?: readonly WriteOp[]): void {
    if (!this.#running) return;
    if (!ops) {
      this.#sweep();
      return;
    }
    const now = this.#ctx.clock.now();
    for (const op of ops.filter(isOutboxPut)) {
      const entry = op.record as OutboxEntry;
      this.#schedule({ orgId: op.scope, id: entry.id }, entry.nextAttemptAt - now);
    }
  }

  #sweep(): void {
    if (!this.#running) return;
    const now = this.#ctx.clock.now();
    for (const orgId of this.#ctx.store.scopes(OUTBOX)) {
      for (const entry of this.#ctx.store.all<OutboxEntry>(OUTBOX, orgId)) {
        const key = keyOf({ orgId, id: entry.id });
        if (!this.#timers.has(key) && !this.#queued.has(key) && !this.#inFlight.has(key)) {
          this.#schedule({ orgId, id: entry.id }, entry.nextAttemptAt - now);
        }
      }
    }
    this.#sweepTimer?.();
    this.#sweepTimer = this.#ctx.clock.schedule(SWEEP_INTERVAL_MS, () => this.#sweep());
  }

  #schedule(target: Target, delayMs: number): void {
    const key = keyOf(target);
    this.#timers.get(key)?.();
    this.#timers.delete(key);
    if (delayMs > 0) {
      this.#timers.set(
        key,
        this.#ctx.clock.schedule(delayMs, () => {
          this.#timers.delete(key);
          this.#enqueue(target);
        }),
      );
    } else {
      this.#enqueue(target);
    }
  }

  #enqueue(target: Target): void {
    const key = keyOf(target);
    if (!this.#running || this.#queued.has(key) || this.#inFlight.has(key)) return;
    this.#queued.add(key);
    this.#runQueue.push(target);
    // Deferred so a burst of events is queued before the first attempt starts.
    setImmediate(() => this.#pump());
  }

  #pump(): void {
    while (this.#running && this.#inFlight.size < DELIVERY_CONCURRENCY) {
      const target = this.#runQueue.shift();
      if (!target) return;
      const key = keyOf(target);
      this.#queued.delete(key);
      const attempt = this.#attempt(target)
        .catch((error: unknown) => this.#ctx.log.error({ err: error, delivery: target.id }, 'webhook attempt failed unexpectedly'))
        .finally(() => {
          this.#inFlight.delete(key);
          this.#pump();
        });
      this.#inFlight.set(key, attempt);
    }
  }

  async #attempt({ orgId, id }: Target): Promise<void> {
    const ctx = this.#ctx;
    const entry = ctx.store.get<OutboxEntry>(OUTBOX, orgId, id);
    if (!entry || !this.#running) return;
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
    const started = performance.now();
    try {
      const answer = await post(ctx, subscription.url, body, this.#headers(subscription, event, sentAt, body), { timeoutMs: DELIVERY_TIMEOUT_MS });
      statusCode = answer.status;
      latencyMs = answer.latencyMs;
      responseBody = answer.bodyText.slice(0, 512) || null;
      retryAfterMs = answer.retryAfterMs;
      const answerClass = classifyStatus(answer.status);
      outcome = answerClass === 'delivered' ? 'delivered' : answerClass === 'gone' ? 'disabled' : answerClass === 'retry' ? 'retrying' : 'failed';
      if (answerClass === 'fail') error = answer.status >= 300 && answer.status < 400 ? `redirect (HTTP ${answer.status}) not followed` : `HTTP ${answer.status}`;
      else if (answerClass !== 'delivered') error = `HTTP ${answer.status}`;
    } catch (failure) {
      latencyMs = Math.round(performance.now() - started);
      error = errorText(failure);
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
    if (nextAt !== undefined) this.#schedule({ orgId, id: entry.id }, nextAt - ctx.clock.now());
  }

  #headers(subscription: SubscriptionRecord, event: EventRecord, sentAt: Date, body: string): Record<string, string> {
    const signature = new Webhook(signingSecret(this.#ctx, subscription)).sign(event.id, sentAt, body);
    return {
      'content-type': 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
  }
}
