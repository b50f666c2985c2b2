import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isSharedServer } from '../config.js';
import { addressPolicy, isIpLiteral } from './address-policy.js';
import { guardedLookup, OutboundRefusedError } from './guarded-lookup.js';
export { OutboundRefusedError } from './guarded-lookup.js';
export class OutboundTimeoutError extends Error {
    timeoutMs;
    code = 'EOUTBOUNDTIMEOUT';
    constructor(timeoutMs) {
        super(`no complete answer within ${timeoutMs} ms`);
        this.timeoutMs = timeoutMs;
        this.name = 'OutboundTimeoutError';
    }
}
// Failures of an exchange with an internal address (see PostResponse.internal): kept aside
// rather than written onto the error, so any error type (a node network error, a timeout) can be.
const internalFailures = new WeakSet();
/** True when `error` is a failure of `post` on an internal address (its detail names that address or network). */
export function failedOnInternalAddress(error) {
    return typeof error === 'object' && error !== null && internalFailures.has(error);
}
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 4096;
// One policy and keep-alive pool per server; idle pooled sockets are unref'd by node's Agent.
const clients = new WeakMap();
function clientFor(ctx) {
    let client = clients.get(ctx);
    if (!client) {
        const policy = addressPolicy(ctx.config.outboundAllowlist);
        const lookup = guardedLookup(policy);
        client = {
            policy,
            http: new HttpAgent({ keepAlive: true, maxSockets: 64, lookup }),
            https: new HttpsAgent({ keepAlive: true, maxSockets: 64, lookup }),
        };
        clients.set(ctx, client);
    }
    return client;
}
function parseTarget(url) {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new TypeError(`only http and https URLs are allowed, not ${target.protocol}`);
    if (target.username || target.password)
        throw new TypeError('URLs with credentials are not allowed');
    return target;
}
const bareHost = (hostname) => (hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);
/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value, now) {
    if (!value)
        return undefined;
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed))
        return Number(trimmed) * 1000;
    const at = Date.parse(trimmed);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
/**
 * Why the server would refuse to send to `url`, or undefined when it would send. Used when a
 * partner registers a URL (a webhook subscription, a CRM endpoint): checks the scheme, an IP
 * literal, and every address the name resolves to now. A name that does not resolve now is
 * accepted — resolution is checked again, on the address actually used, at every attempt.
 */
export async function checkOutboundUrl(ctx, url) {
    let target;
    try {
        target = parseTarget(url);
    }
    catch (error) {
        return error instanceof TypeError && !/Invalid URL/.test(error.message) ? error.message : 'not a valid absolute URL';
    }
    const { policy } = clientFor(ctx);
    const host = bareHost(target.hostname);
    if (isIpLiteral(host))
        return policy.refusal(host);
    if (policy.allowsHost(host))
        return undefined;
    let resolved;
    try {
        resolved = await dnsLookup(host, { all: true });
    }
    catch {
        return undefined;
    }
    const refusals = resolved.map((entry) => policy.refusal(entry.address)).filter((r) => r !== undefined);
    return refusals.length === resolved.length && refusals.length > 0 ? `${host} resolves to ${refusals.join(', ')}` : undefined;
}
const USER_AGENT = 'reference-server-webhooks/1';
/** Every header a `post` of a body of `length` bytes sends with `headers`: what a delivery log shows. */
export function sentHeaders(headers, length) {
    return { 'user-agent': USER_AGENT, ...headers, 'content-length': String(length) };
}
/**
 * POSTs `body` to `url` the way every partner-directed request leaves the server: SSRF guard on
 * the address actually connected to (IP literals checked here, names in the agent's lookup),
 * redirects never followed (a 3xx is just an answer), one deadline for the whole exchange, and
 * only a bounded prefix of the answer kept. Rejects with OutboundRefusedError,
 * OutboundTimeoutError or a network error; any HTTP status resolves.
 */
export function post(ctx, url, body, headers, options = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    return new Promise((resolve, reject) => {
        let target;
        try {
            target = parseTarget(url);
        }
        catch (error) {
            reject(error);
            return;
        }
        const client = clientFor(ctx);
        const host = bareHost(target.hostname);
        if (isIpLiteral(host)) {
            const refusal = client.policy.refusal(host);
            if (refusal) {
                reject(new OutboundRefusedError(host, refusal));
                return;
            }
        }
        // Where the exchange went, for `internal`: the literal, the address the guarded lookup chose
        // (a fresh socket), or the pooled socket's peer; a failed connect names its address too.
        let peer = isIpLiteral(host) ? host : undefined;
        const internal = (failure) => {
            // Read per exchange: the public URL is known only once the server listens.
            if (!isSharedServer(ctx.config))
                return false;
            if (client.policy.allowsHost(host))
                return true;
            const failedAt = failure?.address;
            const address = request.socket?.remoteAddress ?? (typeof failedAt === 'string' ? failedAt : peer);
            return address !== undefined && !client.policy.isPublic(address);
        };
        const fail = (error) => {
            clearTimeout(deadline);
            if (typeof error === 'object' && error !== null && internal(error))
                internalFailures.add(error);
            reject(error);
        };
        const started = performance.now();
        const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
        const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
        const request = send(target, {
            method: 'POST',
            agent: target.protocol === 'https:' ? client.https : client.http,
            headers: sentHeaders(headers, payload.length),
        });
        const deadline = setTimeout(() => request.destroy(new OutboundTimeoutError(timeoutMs)), timeoutMs);
        deadline.unref();
        request.once('socket', (socket) => {
            socket.once('lookup', (_error, address) => {
                if (typeof address === 'string')
                    peer = address;
            });
        });
        request.once('error', fail);
        request.once('response', (response) => {
            const chunks = [];
            let kept = 0;
            response.on('data', (chunk) => {
                if (kept >= maxBytes)
                    return;
                chunks.push(chunk.subarray(0, maxBytes - kept));
                kept += Math.min(chunk.length, maxBytes - kept);
            });
            response.once('error', fail);
            response.once('end', () => {
                clearTimeout(deadline);
                const retryAfter = retryAfterMs(response.headers['retry-after'], Date.now());
                resolve({
                    status: response.statusCode ?? 0,
                    headers: response.headers,
                    bodyText: Buffer.concat(chunks).toString('utf8'),
                    latencyMs: Math.round(performance.now() - started),
                    internal: internal(),
                    ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
                });
            });
        });
        request.end(payload);
    });
}
/** `post` with a JSON body and `content-type: application/json`. */
export function postJson(ctx, url, body, headers = {}, options = {}) {
    return post(ctx, url, JSON.stringify(body), { 'content-type': 'application/json', ...headers }, options);
}
//# sourceMappingURL=post.js.map