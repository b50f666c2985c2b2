import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../context.js';
import { generateWebhookSecret } from '../crypto/index.js';
import { failedOnInternalAddress, INTERNAL_NO_ANSWER, internalAnswerText, OutboundRefusedError, OutboundTimeoutError, post, statusClass, type OutboundClient, type PostResponse } from '../outbound/index.js';
import { getSubscriptionRecord, signingSecret, type EventType } from '../webhooks/index.js';
import type { CheckId } from './checks.js';
import { addEvidence, decide, type Verdict } from './outcomes.js';
import type { Evidence, RunRecord } from './run-records.js';

/** A receiver must answer a delivery within this (the delivery worker's own timeout). */
export const PROBE_TIMEOUT_MS = 10_000;
/** `webhook.fast-ack`: Standard Webhooks asks receivers to acknowledge first and work later. */
export const FAST_ACK_MS = 5_000;
/** How far the stale and future probes' timestamps are from now: twice the usual 5-minute tolerance. */
export const SKEW_S = 600;
/** After the repeated delivery, API calls about its subject are counted this long. */
export const REPEAT_WATCH_MS = 5_000;
/**
 * A pause before the repeated pair: the earlier probes carry the same subject, and a receiver
 * that looks it up after acknowledging (as it should) would otherwise have its lookup for the
 * previous probe counted against the repeat.
 */
export const BEFORE_REPEAT_MS = 2_000;
/**
 * A receiver that refuses the first correctly signed delivery (401/403) is tried once more after
 * this pause: one that was just reconfigured with the run's secret, or restarted, gets a second
 * chance before the whole webhook group is lost.
 */
export const REFUSED_PAUSE_MS = 3_000;

/** What a run delivers: the organisation's own data when it has some (compose.ts hands in the sampler). */
export type EventSampler = (orgId: string, type: EventType) => Record<string, unknown> | Promise<Record<string, unknown>>;
const PROBE_EVENT: EventType = 'submission.completed';

interface Delivery {
  id: string;
  body: string;
  headers: Record<string, string>;
}

type Sign = (id: string, at: Date, body: string) => string;

/** Each probe: how its delivery is made wrong (or right), and which check its answer decides. */
interface Probe {
  name: string;
  check: CheckId;
  /** True when a 2xx is the right answer. */
  acknowledge: boolean;
  make(base: { id: string; body: string; now: Date }, sign: Sign, forge: Sign): Delivery;
}

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));
const signed = (id: string, at: Date, body: string, signature: string): Delivery => ({
  id,
  body,
  headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': seconds(at), 'webhook-signature': signature },
});

/** One byte of the body changed, the JSON still valid: a receiver that parses before verifying still parses it. */
function tamper(body: string): string {
  const at = body.lastIndexOf('"organization_id":"') + '"organization_id":"'.length;
  const byte = body[at] === 'x' ? 'y' : 'x';
  return body.slice(0, at) + byte + body.slice(at + 1);
}

export const PROBES: readonly Probe[] = [
  { name: 'a correctly signed delivery', check: 'webhook.accepts-valid', acknowledge: true, make: ({ id, body, now }, sign) => signed(id, now, body, sign(id, now, body)) },
  { name: 'a delivery signed with another secret', check: 'webhook.rejects-forged', acknowledge: false, make: ({ id, body, now }, _sign, forge) => signed(id, now, body, forge(id, now, body)) },
  {
    name: 'a delivery whose body changed by one byte after signing',
    check: 'webhook.rejects-tampered',
    acknowledge: false,
    make: ({ id, body, now }, sign) => ({ ...signed(id, now, body, sign(id, now, body)), body: tamper(body) }),
  },
  {
    name: 'a delivery without a webhook-signature header',
    check: 'webhook.rejects-missing-signature',
    acknowledge: false,
    make: ({ id, body, now }) => {
      const { 'webhook-signature': _dropped, ...headers } = signed(id, now, body, '').headers;
      return { id, body, headers };
    },
  },
  {
    name: `a correctly signed delivery stamped ${SKEW_S / 60} minutes ago`,
    check: 'webhook.rejects-stale',
    acknowledge: false,
    make: ({ id, body, now }, sign) => {
      const at = new Date(now.getTime() - SKEW_S * 1000);
      return signed(id, at, body, sign(id, at, body));
    },
  },
  {
    name: `a correctly signed delivery stamped ${SKEW_S / 60} minutes ahead`,
    check: 'webhook.rejects-future',
    acknowledge: false,
    make: ({ id, body, now }, sign) => {
      const at = new Date(now.getTime() + SKEW_S * 1000);
      return signed(id, at, body, sign(id, at, body));
    },
  },
  {
    name: 'a delivery with two signatures, the first by an unknown secret, the second valid',
    check: 'webhook.accepts-rotated-secret',
    acknowledge: true,
    make: ({ id, body, now }, sign, forge) => signed(id, now, body, `${forge(id, now, body)} ${sign(id, now, body)}`),
  },
  { name: 'a delivery whose webhook-id is then sent again', check: 'webhook.idempotent', acknowledge: true, make: ({ id, body, now }, sign) => signed(id, now, body, sign(id, now, body)) },
  { name: 'the same delivery again (same webhook-id)', check: 'webhook.idempotent', acknowledge: true, make: ({ id, body, now }, sign) => signed(id, now, body, sign(id, now, body)) },
];

const FIRST_REPEAT = PROBES.length - 2;

type Answer = { ok: true; response: PostResponse } | { ok: false; error: unknown };

/** An internal address's answer (PostResponse.internal) or failure: the report keeps its outcome class only, as the delivery log does. */
const isInternal = (answer: Answer): boolean => (answer.ok ? answer.response.internal : failedOnInternalAddress(answer.error));

function responseEvidence(answer: Answer): Evidence['response'] {
  if (!answer.ok) return { status: null, error: isInternal(answer) ? INTERNAL_NO_ANSWER : answer.error instanceof Error ? answer.error.message.slice(0, 300) : String(answer.error) };
  const { status, latencyMs, bodyText, internal } = answer.response;
  if (internal) return acknowledged(answer) ? { status: null } : { status: null, error: internalAnswerText(status) };
  return { status, latencyMs, body: bodyText.slice(0, 512) };
}

function evidenceOf(probe: Probe, url: string, delivery: Delivery, sentAt: Date, answer: Answer): Evidence {
  return {
    at: sentAt.toISOString(),
    note: `Sent ${probe.name}.`,
    request: { method: 'POST', url, headers: delivery.headers, body: delivery.body.slice(0, 2048) },
    response: responseEvidence(answer),
  };
}

const acknowledged = (answer: Answer) => answer.ok && answer.response.status >= 200 && answer.response.status < 300;
function answerText(answer: Answer): string {
  if (!answer.ok) return isInternal(answer) ? 'no answer from an internal address' : 'no answer';
  return answer.response.internal ? `HTTP ${statusClass(answer.response.status)} from an internal address` : `HTTP ${answer.response.status}`;
}
/** 401/403: the receiver verified and said no, which a stale secret explains (not told of an internal address: only its class is). */
const refusal = (answer: Answer) => answer.ok && !answer.response.internal && (answer.response.status === 401 || answer.response.status === 403);

/**
 * Sends the run's next receiver probe and grades the answer. Returns how long to wait before the
 * next step: a receiver that is not listening yet (its command is starting) is tried again in a
 * second; otherwise the next probe goes at once.
 *
 * The answer is graded only if the run still waits for this probe: a driver that lost its lease
 * while the receiver was slow, and whose run another server took over and moved on, changes
 * nothing. A probe whose answer was never recorded (its server died) is sent again by the next
 * driver, the repeated pair with the event id the run recorded: at least once, the same id.
 */
export async function sendNextProbe(ctx: AppContext, outbound: OutboundClient, sample: EventSampler, run: RunRecord, update: (fn: (run: RunRecord) => void) => Promise<void>): Promise<number> {
  const index = run.webhook.next;
  const probe = PROBES[index];
  const subscription = run.credentials.subscriptionId ? await getSubscriptionRecord(ctx, run.orgId, run.credentials.subscriptionId) : undefined;
  if (!probe || !subscription) return 0;
  const atThisProbe = (fn: (r: RunRecord) => void) =>
    update((r) => {
      if (r.webhook.next === index) fn(r);
    });
  const secret = await signingSecret(ctx, subscription);
  const repeat = index >= FIRST_REPEAT ? run.webhook.repeated : undefined;
  const id = repeat?.eventId ?? ctx.ids.next('evt');
  const now = new Date(ctx.clock.now());
  const data = await sample(run.orgId, PROBE_EVENT);
  const body = JSON.stringify({ id, type: PROBE_EVENT, created_at: now.toISOString(), organization_id: run.orgId, data });
  const other = generateWebhookSecret();
  const delivery = probe.make({ id, body, now }, (i, at, b) => new Webhook(secret).sign(i, at, b), (i, at, b) => new Webhook(other).sign(i, at, b));
  const subjectId = typeof data['id'] === 'string' ? data['id'] : id;
  // Counting starts before the first delivery: a receiver may call the API before it answers.
  if (index === FIRST_REPEAT && !repeat) {
    await atThisProbe((r) => {
      r.webhook.repeated ??= { eventId: id, subjectId, apiCalls: 0 };
    });
  }

  let answer: Answer;
  try {
    answer = { ok: true, response: await post(outbound, subscription.url, delivery.body, delivery.headers, { timeoutMs: PROBE_TIMEOUT_MS, maxResponseBytes: 1024 }) };
  } catch (error) {
    answer = { ok: false, error };
  }
  const evidence = evidenceOf(probe, subscription.url, delivery, now, answer);
  // A receiver not listening yet (its command is starting) is tried again; an internal address is
  // decided at once whatever it did, or a closed port (still pending) would read apart from an open one.
  const notListening = !answer.ok && !isInternal(answer) && !(answer.error instanceof OutboundTimeoutError) && !(answer.error instanceof OutboundRefusedError);
  if (probe.check === 'webhook.accepts-valid' && notListening) {
    await atThisProbe((r) => {
      r.webhook.unreachable += 1;
    });
    return 1000;
  }
  if (probe.check === 'webhook.accepts-valid' && refusal(answer) && !run.webhook.refusedOnce) {
    await atThisProbe((r) => {
      r.webhook.refusedOnce = true;
      addEvidence(r, 'webhook.accepts-valid', { ...evidence, note: `${evidence.note} Refused: tried again in ${REFUSED_PAUSE_MS / 1000} s.` });
    });
    return REFUSED_PAUSE_MS;
  }
  await atThisProbe((r) => grade(r, probe, answer, evidence));
  return index + 1 === FIRST_REPEAT ? BEFORE_REPEAT_MS : 0;
}

function grade(run: RunRecord, probe: Probe, answer: Answer, evidence: Evidence): void {
  run.webhook.next += 1;
  const ok = acknowledged(answer);
  if (probe.check === 'webhook.accepts-valid') {
    if (!ok) {
      const refused = run.webhook.refusedOnce && refusal(answer) ? ` twice, ${REFUSED_PAUSE_MS / 1000} s apart: the receiver refused a valid signature. Is it using this run's signing secret?` : ', not a 2xx.';
      decide(run, 'webhook.accepts-valid', 'fail', `A correctly signed delivery got ${answerText(answer)}${refused}`, [evidence]);
      for (const other of PROBES.slice(1)) decide(run, other.check, 'not_run', 'Cannot be judged: the receiver does not acknowledge correctly signed deliveries either.');
      decide(run, 'webhook.fast-ack', 'not_run', 'Cannot be judged: no delivery was acknowledged.');
      run.webhook.next = PROBES.length;
      return;
    }
    const latency = answer.ok ? answer.response.latencyMs : 0;
    const fast = latency <= FAST_ACK_MS;
    // An internal address's latency is not reported, only whether it was within the bound.
    const took = isInternal(answer) ? `${fast ? 'within' : 'after'} ${FAST_ACK_MS} ms` : `in ${latency} ms (at most ${FAST_ACK_MS} ms)`;
    decide(run, 'webhook.accepts-valid', 'pass', `A correctly signed delivery got ${answerText(answer)}.`, [evidence]);
    decide(run, 'webhook.fast-ack', fast ? 'pass' : 'fail', `A valid delivery was answered ${took}.`, [evidence]);
    return;
  }
  if (run.webhook.next - 1 === FIRST_REPEAT) {
    if (!ok) {
      decide(run, probe.check, 'fail', `A valid delivery got ${answerText(answer)}, not a 2xx.`, [evidence]);
      run.webhook.next = PROBES.length;
    }
    return;
  }
  if (run.webhook.next - 1 === FIRST_REPEAT + 1) {
    if (ok && run.webhook.repeated) run.webhook.repeated.secondAckAt = evidence.at;
    else decide(run, probe.check, 'fail', `The same webhook-id sent again got ${answerText(answer)}: a receiver acknowledges a repeat (2xx) and drops it.`, [evidence]);
    return;
  }
  const verdict: Verdict = ok === probe.acknowledge ? 'pass' : 'fail';
  const said = probe.acknowledge ? (ok ? 'acknowledged it' : `refused it (${answerText(answer)})`) : ok ? `acknowledged it (${answerText(answer)})` : `refused it (${answerText(answer)})`;
  decide(run, probe.check, verdict, `Sent ${probe.name}: the receiver ${said}.`, [evidence]);
}

/** `webhook.idempotent`, once the repeat was acknowledged: decided when the watch ends. */
export function settleRepeat(run: RunRecord, now: number): void {
  const repeated = run.webhook.repeated;
  if (!repeated?.secondAckAt || now - Date.parse(repeated.secondAckAt) < REPEAT_WATCH_MS) return;
  const calls = repeated.apiCalls;
  decide(
    run,
    'webhook.idempotent',
    calls <= 1 ? 'pass' : 'fail',
    `Both deliveries of ${repeated.eventId} were acknowledged; the run's credentials then called the API about ${repeated.subjectId} ${calls} time(s)${calls > 1 ? ': once per delivery, so a repeat is processed twice' : ''}.`,
  );
}

export const probesDone = (run: RunRecord): boolean => run.webhook.next >= PROBES.length;
