import { type IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../context.js';
export { OutboundRefusedError } from './guarded-lookup.js';
export declare class OutboundTimeoutError extends Error {
    readonly timeoutMs: number;
    readonly code = "EOUTBOUNDTIMEOUT";
    constructor(timeoutMs: number);
}
export interface PostOptions {
    /** The whole exchange (connect, send, answer) must finish within this; default 10 s. */
    timeoutMs?: number;
    /** At most this much of the answer's body is kept (the rest is read and dropped); default 4 KiB. */
    maxResponseBytes?: number;
}
export interface PostResponse {
    status: number;
    headers: IncomingHttpHeaders;
    /** The first `maxResponseBytes` of the answer, as UTF-8. */
    bodyText: string;
    latencyMs: number;
    /** Retry-After (seconds or an HTTP date) in milliseconds from now, when the answer carries one. */
    retryAfterMs?: number;
    /**
     * True when the answer came from a non-public address the allowlist let through (or a host
     * allowed by name) on a shared server (`isSharedServer`): the operator's own network, whose
     * answers are not an organisation's to read. On someone's own loopback server it is false:
     * their local n8n's answer is what they came to see.
     */
    internal: boolean;
}
/** True when `error` is a failure of `post` on an internal address (its detail names that address or network). */
export declare function failedOnInternalAddress(error: unknown): boolean;
/** What the client needs of a server's context: its configuration (the allowlist). */
export type OutboundCtx = Pick<AppContext, 'config'>;
/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export declare function retryAfterMs(value: string | undefined, now: number): number | undefined;
/**
 * Why the server would refuse to send to `url`, or undefined when it would send. Used when a
 * partner registers a URL (a webhook subscription, a CRM endpoint): checks the scheme, an IP
 * literal, and every address the name resolves to now. A name that does not resolve now is
 * accepted — resolution is checked again, on the address actually used, at every attempt.
 */
export declare function checkOutboundUrl(ctx: OutboundCtx, url: string): Promise<string | undefined>;
/** Every header a `post` of a body of `length` bytes sends with `headers`: what a delivery log shows. */
export declare function sentHeaders(headers: Record<string, string>, length: number): Record<string, string>;
/**
 * POSTs `body` to `url` the way every partner-directed request leaves the server: SSRF guard on
 * the address actually connected to (IP literals checked here, names in the agent's lookup),
 * redirects never followed (a 3xx is just an answer), one deadline for the whole exchange, and
 * only a bounded prefix of the answer kept. Rejects with OutboundRefusedError,
 * OutboundTimeoutError or a network error; any HTTP status resolves.
 */
export declare function post(ctx: OutboundCtx, url: string, body: string | Buffer, headers: Record<string, string>, options?: PostOptions): Promise<PostResponse>;
/** `post` with a JSON body and `content-type: application/json`. */
export declare function postJson(ctx: OutboundCtx, url: string, body: unknown, headers?: Record<string, string>, options?: PostOptions): Promise<PostResponse>;
