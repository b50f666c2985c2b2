import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Principal } from './principal.js';
import { redactUrlSecrets } from './redact-url.js';
import { redactBodyText, redactHeaders } from './redact-exchange.js';
import type { CapturedBody } from './response-capture.js';

/** The keyed surfaces an organisation's own credentials call. */
export const LOGGED_SURFACES = ['automation', 'assessment', 'graphql'] as const;
export type LoggedSurface = (typeof LOGGED_SURFACES)[number];

/** Requests kept per organisation and surface; older ones fall out. */
export const REQUESTS_KEPT = 100;
/** Characters shown of each body (after redaction). */
export const BODY_CHARS_KEPT = 4096;
/**
 * Bytes of each body (request and answer) the log keeps: enough to redact a JSON body as a whole
 * before it is cut to BODY_CHARS_KEPT. Nothing beyond this is read, copied or kept.
 */
export const BODY_BYTES_READ = 64 * 1024;

/** What a fault injected into an organisation's own request leaves for the log (faults/middleware.ts). */
export interface InjectedFaultMark {
  orgId: string;
  surface: LoggedSurface;
  faultId: string;
  kind: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      injectedFault?: InjectedFaultMark;
      /** The first BODY_BYTES_READ bytes of a JSON body as received (json-body.ts), for the log. */
      receivedBody?: CapturedBody;
    }
  }
}

/** A body as the log keeps it: redacted, then cut. */
export interface KeptBody {
  text: string;
  truncated: boolean;
}

/** The exchange in full, as far as the log keeps it: every header, and each body, redacted and bounded. */
export interface LoggedExchange {
  requestHeaders: Record<string, string>;
  /** Null when the request had no body, or one the log does not read (a file upload): `bodyNote` says which. */
  requestBody: KeptBody | null;
  bodyNote: string | null;
  responseHeaders: Record<string, string>;
  responseBody: KeptBody | null;
}

export interface LoggedRequest {
  /** `rql_…`: unique within this server's run; the detail page's address. */
  id: string;
  surface: LoggedSurface;
  at: number;
  method: string;
  /** The path and query, with any secret in them cut to its prefix. */
  path: string;
  /** 0 when the connection closed before an answer was sent (a disconnect fault, a client gone). */
  status: number;
  latencyMs: number;
  via: Principal['via'] | 'unknown';
  /** The key's id (its label is looked up when shown), or an access token's id. */
  credentialId: string | null;
  clientId: string | null;
  /** `flt_… 503`, when an injected fault answered instead of the API. */
  fault: string | null;
  exchange: LoggedExchange;
}

const kept = (text: string, truncated = false): KeptBody =>
  text.length <= BODY_CHARS_KEPT ? { text, truncated } : { text: text.slice(0, BODY_CHARS_KEPT), truncated: true };

/** A request body as the log holds it until shown: bytes as received, GraphQL's text, or nothing readable. */
type HeldBody = CapturedBody | string | undefined;

/** What the log holds of an exchange until it is shown: references, no copy, nothing redacted yet. */
interface HeldExchange {
  requestHeaders: Request['headers'];
  requestBody: HeldBody;
  responseHeaders: Record<string, string | string[] | number | undefined>;
  responseBody: CapturedBody | undefined;
}

/** The request's body as the log can show it: the JSON parser's bytes, or GraphQL's text (bounded by its parser's limit). */
function heldBody(req: Request): HeldBody {
  if (req.receivedBody) return req.receivedBody;
  const body: unknown = req.body;
  return typeof body === 'string' && body !== '' ? body.slice(0, BODY_BYTES_READ) : undefined;
}

/** The request body redacted and cut; a body the log does not read (a file upload) is described by its headers. */
function shownRequestBody(headers: Request['headers'], body: HeldBody): Pick<LoggedExchange, 'requestBody' | 'bodyNote'> {
  if (typeof body === 'string') return { requestBody: kept(redactBodyText(body, headers['content-type'])), bodyNote: null };
  const text = body?.text() ?? '';
  if (text !== '') return { requestBody: kept(redactBodyText(text, headers['content-type']), body?.truncated), bodyNote: null };
  const length = Number(headers['content-length'] ?? 0);
  if (length > 0) return { requestBody: null, bodyNote: `A ${headers['content-type'] ?? 'body'} of ${length} bytes; the log does not keep this kind of body.` };
  return { requestBody: null, bodyNote: null };
}

/** The exchange as shown: every header and both bodies redacted by rule (redact-exchange.ts), then cut. */
function shownExchange(held: HeldExchange): LoggedExchange {
  const answer = held.responseBody?.text() ?? '';
  return {
    requestHeaders: redactHeaders(held.requestHeaders),
    ...shownRequestBody(held.requestHeaders, held.requestBody),
    responseHeaders: redactHeaders(held.responseHeaders),
    responseBody: answer !== '' ? kept(redactBodyText(answer, held.responseHeaders['content-type']), held.responseBody?.truncated) : null,
  };
}

/**
 * A kept request. What a request costs to show (redacting its URL, headers and bodies) is paid
 * the first time it is shown, not when it is made: most kept requests are never opened. Until
 * then the exchange is held as it was (by reference, each body cut at BODY_BYTES_READ); once
 * redacted, only the redacted form is kept.
 */
class KeptRequest implements LoggedRequest {
  readonly #url: string;
  #path: string | undefined;
  #held: HeldExchange | undefined;
  #exchange: LoggedExchange | undefined;

  constructor(
    readonly id: string,
    readonly surface: LoggedSurface,
    readonly at: number,
    readonly method: string,
    url: string,
    readonly status: number,
    readonly latencyMs: number,
    readonly via: LoggedRequest['via'],
    readonly credentialId: string | null,
    readonly clientId: string | null,
    readonly fault: string | null,
    held: HeldExchange,
  ) {
    this.#url = url;
    this.#held = held;
  }

  get path(): string {
    return (this.#path ??= redactUrlSecrets(this.#url).slice(0, 300));
  }

  get exchange(): LoggedExchange {
    if (!this.#exchange) {
      this.#exchange = shownExchange(this.#held as HeldExchange);
      this.#held = undefined;
    }
    return this.#exchange;
  }
}

const SURFACE_OF: Record<Principal['via'], LoggedSurface> = {
  automation_key: 'automation',
  developer_key: 'assessment',
  partner_credential: 'graphql',
  oauth_access_token: 'graphql',
};

/** A fixed-size ring: the newest REQUESTS_KEPT entries, read newest first. */
class Ring {
  readonly #entries: LoggedRequest[] = [];
  #next = 0;

  push(entry: LoggedRequest): void {
    if (this.#entries.length < REQUESTS_KEPT) this.#entries.push(entry);
    else this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % REQUESTS_KEPT;
  }

  newestFirst(): LoggedRequest[] {
    const older = this.#entries.slice(this.#next);
    const newer = this.#entries.slice(0, this.#next);
    return [...older, ...newer].reverse();
  }
}

/**
 * The last requests each organisation's credentials made, per surface, for the workspace's
 * request log: in memory and bounded by construction (it starts empty at every start; see
 * docs/decisions/workspace-request-log.md). Only requests a credential guard accepted, or a fault
 * injected for the organisation answered, are kept: an unauthenticated request belongs to no
 * organisation. Headers and bodies are shown redacted (redact-exchange.ts: credentials, cookies,
 * secret-named fields, issued secrets) and cut at BODY_CHARS_KEPT; the redaction is done when a
 * request is first shown (KeptRequest), so a request costs the log a few references.
 */
export class OrgRequestLog {
  readonly #rings = new Map<string, Ring>();
  /** Key id → epoch ms of its last request; keys and partner credentials only (access tokens are many and short-lived). */
  readonly #lastUsed = new Map<string, number>();
  readonly #idPrefix = `rql_${randomBytes(4).toString('hex')}`;
  #count = 0;

  /**
   * Called by the request log when a response is done, with the answer's first bytes (captured
   * for requests that carry a credential): costs nothing for requests of no organisation, and
   * for the others a few references (the exchange is redacted when it is first shown).
   */
  observe(req: Request, res: Response, latencyMs: number, answer?: CapturedBody): void {
    const principal = req.principal;
    const fault = req.injectedFault;
    if (!principal && !fault) return;
    const orgId = principal?.orgId ?? (fault as InjectedFaultMark).orgId;
    const surface = principal ? SURFACE_OF[principal.via] : (fault as InjectedFaultMark).surface;
    const at = Date.now();
    if (principal && principal.via !== 'oauth_access_token') this.#lastUsed.set(principal.credentialId, at);
    const key = `${orgId} ${surface}`;
    let ring = this.#rings.get(key);
    if (!ring) this.#rings.set(key, (ring = new Ring()));
    ring.push(
      new KeptRequest(
        `${this.#idPrefix}${(this.#count += 1).toString(36)}`,
        surface,
        at,
        req.method,
        req.originalUrl,
        res.headersSent ? res.statusCode : 0,
        latencyMs,
        principal?.via ?? 'unknown',
        principal?.credentialId ?? null,
        principal?.clientId ?? null,
        fault ? `${fault.faultId} ${fault.kind}` : null,
        { requestHeaders: req.headers, requestBody: heldBody(req), responseHeaders: res.getHeaders(), responseBody: answer },
      ),
    );
  }

  /** When the key with this id last made a request since the server started, in epoch ms. */
  lastUsed(keyId: string): number | undefined {
    return this.#lastUsed.get(keyId);
  }

  /** The organisation's kept requests of one surface, newest first. */
  recent(orgId: string, surface: LoggedSurface): LoggedRequest[] {
    return this.#rings.get(`${orgId} ${surface}`)?.newestFirst() ?? [];
  }

  /** One kept request of the organisation, by id; another organisation's id is not found. */
  find(orgId: string, id: string): LoggedRequest | undefined {
    for (const surface of LOGGED_SURFACES) {
      const found = this.recent(orgId, surface).find((r) => r.id === id);
      if (found) return found;
    }
    return undefined;
  }
}
