import type { Request, Response } from 'express';
import type { Principal } from './principal.js';
import { redactUrlSecrets } from './redact-url.js';

/** The keyed surfaces an organisation's own credentials call. */
export const LOGGED_SURFACES = ['automation', 'assessment', 'graphql'] as const;
export type LoggedSurface = (typeof LOGGED_SURFACES)[number];

/** Requests kept per organisation and surface; older ones fall out. */
export const REQUESTS_KEPT = 100;

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
    }
  }
}

export interface LoggedRequest {
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
 * organisation. No header or body is kept, so no credential can reach it.
 */
export class OrgRequestLog {
  readonly #rings = new Map<string, Ring>();
  /** Key id → epoch ms of its last request; keys and partner credentials only (access tokens are many and short-lived). */
  readonly #lastUsed = new Map<string, number>();

  /** Called by the request log when a response is done: costs nothing for requests of no organisation. */
  observe(req: Request, res: Response, latencyMs: number): void {
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
    ring.push({
      at,
      method: req.method,
      path: redactUrlSecrets(req.originalUrl).slice(0, 300),
      status: res.headersSent ? res.statusCode : 0,
      latencyMs,
      via: principal?.via ?? 'unknown',
      credentialId: principal?.credentialId ?? null,
      clientId: principal?.clientId ?? null,
      fault: fault ? `${fault.faultId} ${fault.kind}` : null,
    });
  }

  /** When the key with this id last made a request since the server started, in epoch ms. */
  lastUsed(keyId: string): number | undefined {
    return this.#lastUsed.get(keyId);
  }

  /** The organisation's kept requests of one surface, newest first. */
  recent(orgId: string, surface: LoggedSurface): LoggedRequest[] {
    return this.#rings.get(`${orgId} ${surface}`)?.newestFirst() ?? [];
  }
}
