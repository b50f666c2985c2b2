import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { isSharedServer, type ServerConfig } from '../config.js';
import { detached, type Fault } from '../http/index.js';
import { addressPolicy, isIpLiteral, isLocalhostName } from './address-policy.js';
import type { OutboundClient } from './client.js';
import { OutboundRefusedError } from './guarded-lookup.js';

export { OutboundRefusedError } from './guarded-lookup.js';

export class OutboundTimeoutError extends Error {
  readonly code = 'EOUTBOUNDTIMEOUT';
  constructor(readonly timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
    this.name = 'OutboundTimeoutError';
  }
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

// Failures of an exchange with an internal address (see PostResponse.internal): kept aside
// rather than written onto the error, so any error type (a node network error, a timeout) can be.
const internalFailures = new WeakSet<object>();

/** True when `error` is a failure of `post` on an internal address (its detail names that address or network). */
export function failedOnInternalAddress(error: unknown): boolean {
  return typeof error === 'object' && error !== null && internalFailures.has(error);
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 4096;

function parseTarget(url: string): URL {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError(`only http and https URLs are allowed, not ${target.protocol}`);
  if (target.username || target.password) throw new TypeError('URLs with credentials are not allowed');
  return target;
}

const bareHost = (hostname: string) => (hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Why the server would refuse to send to `url`, or undefined when it would send. Used when a
 * partner registers a URL (a webhook subscription, a CRM endpoint): checks the scheme, an IP
 * literal, and every address the name resolves to now. A name that does not resolve now is
 * accepted — resolution is checked again, on the address actually used, at every attempt.
 */
export async function checkOutboundUrl(ctx: { config: Pick<ServerConfig, 'outboundAllowlist'> }, url: string): Promise<string | undefined> {
  let target: URL;
  try {
    target = parseTarget(url);
  } catch (error) {
    return error instanceof TypeError && !/Invalid URL/.test(error.message) ? error.message : 'not a valid absolute URL';
  }
  const policy = addressPolicy(ctx.config.outboundAllowlist);
  const host = bareHost(target.hostname);
  if (isIpLiteral(host)) return policy.refusal(host);
  if (policy.allowsHost(host)) return undefined;
  if (isLocalhostName(host)) {
    const refusal = policy.refusal('127.0.0.1');
    return refusal && `${host} resolves to ${refusal} (a localhost name is loopback by definition)`;
  }
  let resolved: { address: string }[];
  try {
    resolved = await dnsLookup(host, { all: true });
  } catch {
    return undefined;
  }
  const refusals = resolved.map((entry) => policy.refusal(entry.address)).filter((r): r is string => r !== undefined);
  return refusals.length === resolved.length && refusals.length > 0 ? `${host} resolves to ${refusals.join(', ')}` : undefined;
}

const USER_AGENT = 'reference-server-webhooks/1';

/** Every header a `post` of a body of `length` bytes sends with `headers`: what a delivery log shows. */
export function sentHeaders(headers: Record<string, string>, length: number): Record<string, string> {
  return { 'user-agent': USER_AGENT, ...headers, 'content-length': String(length) };
}

/** The URL to send to, refused before any connection when it is not http(s), carries credentials, or is a refused IP literal. */
function guardedTarget(client: OutboundClient, url: string): { target: URL; host: string } {
  const target = parseTarget(url);
  const host = bareHost(target.hostname);
  const refusal = isIpLiteral(host) ? client.policy.refusal(host) : undefined;
  if (refusal) throw new OutboundRefusedError(host, refusal);
  return { target, host };
}

function openRequest(client: OutboundClient, target: URL, payload: Buffer, headers: Record<string, string>): ClientRequest {
  const https = target.protocol === 'https:';
  return (https ? httpsRequest : httpRequest)(target, { method: 'POST', agent: https ? client.https : client.http, headers: sentHeaders(headers, payload.length) });
}

/**
 * Whether the exchange went to an internal address (see PostResponse.internal), asked at its end:
 * the literal, the address the guarded lookup chose (a fresh socket), or the pooled socket's
 * peer; a failed connect names its address too.
 */
function internalCheck(client: OutboundClient, host: string, request: ClientRequest, onFault: Fault): (failure?: unknown) => boolean {
  let peer: string | undefined = isIpLiteral(host) ? host : undefined;
  request.once(
    'socket',
    detached(onFault, (socket: Socket) => {
      // Only a new socket looks its name up; a pooled one has its peer already, and a listener
      // added to it would never fire and never go.
      if (!socket.connecting) return;
      socket.once(
        'lookup',
        detached(onFault, (_error: unknown, address: unknown) => {
          if (typeof address === 'string') peer = address;
        }),
      );
    }),
  );
  return (failure) => {
    if (!isSharedServer(client.config)) return false;
    if (client.policy.allowsHost(host)) return true;
    const failedAt = (failure as { address?: unknown } | undefined)?.address;
    const address = request.socket?.remoteAddress ?? (typeof failedAt === 'string' ? failedAt : peer);
    return address !== undefined && !client.policy.isPublic(address);
  };
}

/** Reads the whole answer, keeping only its first `maxBytes`; the returned function gives them as UTF-8. */
function keepPrefix(response: IncomingMessage, maxBytes: number, onFault: Fault): () => string {
  const chunks: Buffer[] = [];
  let kept = 0;
  response.on(
    'data',
    detached(onFault, (chunk: Buffer) => {
      if (kept >= maxBytes) return;
      chunks.push(chunk.subarray(0, maxBytes - kept));
      kept += Math.min(chunk.length, maxBytes - kept);
    }),
  );
  return () => Buffer.concat(chunks).toString('utf8');
}

/**
 * POSTs `body` to `url` the way every partner-directed request leaves the server: SSRF guard on
 * the address actually connected to (IP literals checked here, names in the agent's lookup),
 * redirects never followed (a 3xx is just an answer), one deadline for the whole exchange, and
 * only a bounded prefix of the answer kept. Rejects with OutboundRefusedError,
 * OutboundTimeoutError or a network error; any HTTP status resolves.
 */
export function post(
  client: OutboundClient,
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  options: PostOptions = {},
): Promise<PostResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  // A refused target throws here, in the executor: the promise rejects before any connection.
  return new Promise<PostResponse>((resolve, reject) => {
    const { target, host } = guardedTarget(client, url);
    const started = performance.now();
    const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const request = openRequest(client, target, payload, headers);
    // These callbacks run on the socket's events, outside this executor: a fault in one ends
    // this exchange (the promise rejects and the socket is closed), never the process.
    const fail = (error: unknown) => {
      clearTimeout(deadline);
      try {
        if (typeof error === 'object' && error !== null && internal(error)) internalFailures.add(error);
      } catch {
        // The exchange's own error is what the caller needs; the address check that failed is not.
      }
      request.destroy();
      reject(error);
    };
    const internal = internalCheck(client, host, request, fail);
    const deadline = setTimeout(detached(fail, () => request.destroy(new OutboundTimeoutError(timeoutMs))), timeoutMs);
    deadline.unref();
    request.once('error', fail);
    request.once('response', detached(fail, (response: IncomingMessage) => {
      const bodyText = keepPrefix(response, maxBytes, fail);
      response.once('error', fail);
      response.once('end', detached(fail, () => {
        clearTimeout(deadline);
        const retryAfter = retryAfterMs(response.headers['retry-after'], Date.now());
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          bodyText: bodyText(),
          latencyMs: Math.round(performance.now() - started),
          internal: internal(),
          ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
        });
      }));
    }));
    request.end(payload);
  });
}

/** `post` with a JSON body and `content-type: application/json`. */
export function postJson(
  client: OutboundClient,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  options: PostOptions = {},
): Promise<PostResponse> {
  return post(client, url, JSON.stringify(body), { 'content-type': 'application/json', ...headers }, options);
}
