import type { AppContext } from '../context.js';
import { type EventType } from '../webhooks/index.js';
import type { CheckId } from './checks.js';
import type { RunRecord } from './records.js';
/** A receiver must answer a delivery within this (the delivery worker's own timeout). */
export declare const PROBE_TIMEOUT_MS = 10000;
/** `webhook.fast-ack`: Standard Webhooks asks receivers to acknowledge first and work later. */
export declare const FAST_ACK_MS = 5000;
/** How far the stale and future probes' timestamps are from now: twice the usual 5-minute tolerance. */
export declare const SKEW_S = 600;
/** After the repeated delivery, API calls about its subject are counted this long. */
export declare const REPEAT_WATCH_MS = 5000;
/**
 * A pause before the repeated pair: the earlier probes carry the same subject, and a receiver
 * that looks it up after acknowledging (as it should) would otherwise have its lookup for the
 * previous probe counted against the repeat.
 */
export declare const BEFORE_REPEAT_MS = 2000;
/** What a run delivers: the organisation's own data when it has some (compose.ts hands in the sampler). */
export type EventSampler = (orgId: string, type: EventType) => Record<string, unknown>;
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
    make(base: {
        id: string;
        body: string;
        now: Date;
    }, sign: Sign, forge: Sign): Delivery;
}
export declare const PROBES: readonly Probe[];
/**
 * Sends the run's next receiver probe and grades the answer. Returns how long to wait before the
 * next step: a receiver that is not listening yet (its command is starting) is tried again in a
 * second; otherwise the next probe goes at once.
 */
export declare function sendNextProbe(ctx: AppContext, sample: EventSampler, run: RunRecord, update: (fn: (run: RunRecord) => void) => Promise<void>): Promise<number>;
/** `webhook.idempotent`, once the repeat was acknowledged: decided when the watch ends. */
export declare function settleRepeat(run: RunRecord, now: number): void;
export declare const probesDone: (run: RunRecord) => boolean;
export {};
