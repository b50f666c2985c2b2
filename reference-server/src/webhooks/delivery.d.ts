import type { AppContext } from '../context.js';
import type { JobQueue } from '../jobs/runner.js';
import { type OutboxEntry } from './records.js';
/** Attempts in flight at once, over all receivers. */
export declare const DELIVERY_CONCURRENCY = 16;
/** Each attempt must be answered within this. */
export declare const DELIVERY_TIMEOUT_MS = 10000;
/** The delivery log keeps this much of each body sent (payloads are rarely larger) … */
export declare const LOGGED_REQUEST_BYTES: number;
/** … and of each answer (one byte more is read, to tell a cut answer), whose first 512 characters the API also lists. */
export declare const LOGGED_RESPONSE_BYTES: number;
/** `404` → `4xx`: all the log says of an internal address's answer. */
export declare const statusClass: (status: number) => string;
/**
 * What the log says of an exchange with an internal address (one the operator's allowlist let
 * through, not a public one): the outcome's class, never the answer's headers or body, the exact
 * status or the network error, which would let an organisation's admin read the operator's
 * services or scan their ports through the delivery log. `ECONNREFUSED` and a timeout read alike.
 */
export declare const INTERNAL_NO_ANSWER = "no answer from an internal address (the detail is not kept)";
export declare const internalAnswerText: (status: number) => string;
/**
 * Delivers the outbox, a queue of the job runner (jobs/runner.ts): one job per outbox entry, due
 * at its `nextAttemptAt`, DELIVERY_CONCURRENCY attempts at once. Each attempt's outcome (attempt
 * log entry, the outbox entry updated with its next due time or removed, a disabled subscription
 * on 410) is one store write, so a crash repeats at most the attempt in flight: at-least-once.
 */
export declare class WebhookDelivery {
    #private;
    constructor(ctx: AppContext);
    readonly queue: JobQueue<OutboxEntry>;
}
