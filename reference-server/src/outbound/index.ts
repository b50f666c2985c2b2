/**
 * The one way the server sends HTTP to an address a partner chose (webhook deliveries, CRM sync).
 *
 *   new OutboundClient(config)   the keep-alive pools and address policy (one per server, compose.ts)
 *   post(client, url, body: string|Buffer, headers, {timeoutMs?, maxResponseBytes?}) → PostResponse
 *   postJson(client, url, value, headers?, options?)       → PostResponse (JSON body)
 *   checkOutboundUrl(ctx, url) → Promise<string|undefined>  why a URL would be refused, at registration
 *   retryAfterMs(headerValue, now)                          Retry-After (seconds or date) → ms
 *
 * `PostResponse` = {status, headers, bodyText (first 4 KiB), latencyMs, retryAfterMs?}. Every HTTP
 * status resolves (3xx included: redirects are never followed). Rejections: `OutboundRefusedError`
 * (SSRF guard; `.reason` names the address), `OutboundTimeoutError`, `TypeError` (bad URL/scheme),
 * or a node network error (`ECONNREFUSED`…).
 *
 * SSRF guard: private, loopback, link-local/metadata, unique-local, CGNAT and other non-public
 * addresses are refused on the address actually connected to (a custom `lookup` at connect time,
 * and IP literals before connecting), unless `ctx.config.outboundAllowlist` lists the address,
 * its CIDR range or the host name. See docs/webhooks.md#ssrf-guard.
 */
export { checkOutboundUrl, failedOnInternalAddress, OutboundRefusedError, OutboundTimeoutError, post, postJson, retryAfterMs, sentHeaders } from './post.js';
export type { PostOptions, PostResponse } from './post.js';
export { OutboundClient } from './client.js';
export { INTERNAL_NO_ANSWER, internalAnswerText, statusClass } from './internal-outcome.js';
export { addressPolicy, type AddressPolicy } from './address-policy.js';
