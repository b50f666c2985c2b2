import type { Credentials } from '../credentials.js';

/** A request as the mutating proxy holds it; edit `url`, `headers`, `json` or `form` in place. */
export interface ProxiedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The body parsed as JSON (when it was JSON); edited values are sent on. */
  json?: unknown;
  /** The body parsed as a form (when it was urlencoded); edited values are sent on. */
  form?: URLSearchParams;
  /** The raw body, sent when neither `json` nor `form` applies. */
  body: Buffer;
}

/** An answer, from the real server or made by a mutant; edit `json` (when set) to change the body. */
export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  json?: unknown;
  body: Buffer;
}

export interface MutantContext {
  /** The real server's demo credentials: what a deployment "knows" about its own clients and keys. */
  demo: Credentials;
  /** Memory for stateful bugs (codes seen, tokens issued), fresh for each mutant run. */
  state: Map<string, unknown>;
  /** Sends a request to the real server, past the mutant (for a bug that does more than one thing). */
  upstream(method: string, path: string, options?: { headers?: Record<string, string>; json?: unknown }): Promise<ProxiedAnswer>;
  /** The webhook signing secret of the subscription that delivers to `url` (for bugs that re-sign a changed payload). */
  secretFor(url: string): string | undefined;
}

/**
 * A realistic deployment bug against one clause, injected by a proxy in front of a real
 * reference server. `target` is the id of the check meant to catch it; the mutant is against
 * that check's clause (any check catching it counts).
 */
export interface Mutant {
  id: string;
  target: string;
  /** The bug, as a person would describe it in a post-mortem. */
  bug: string;
  /** Changes a request before the server sees it, or answers it instead of the server. */
  request?(req: ProxiedRequest, ctx: MutantContext): void | ProxiedAnswer | Promise<void | ProxiedAnswer>;
  /** Changes the server's answer before the suite sees it. */
  response?(req: ProxiedRequest, answer: ProxiedAnswer, ctx: MutantContext): void | Promise<void>;
  /**
   * Changes an outbound webhook delivery (the proxy relays subscriptions through itself when a
   * mutant has this hook): `send` delivers to the real receiver and gives its answer, which the
   * hook may change before the server sees it.
   */
  delivery?(req: ProxiedRequest, send: (req: ProxiedRequest) => Promise<ProxiedAnswer>, ctx: MutantContext): Promise<ProxiedAnswer>;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `METHOD /path` of a request, without its query. */
export const route = (req: ProxiedRequest) => `${req.method} ${req.url.pathname}`;

/** A JSON answer made by a mutant. */
export function answer(status: number, json: unknown, headers: Record<string, string> = {}): ProxiedAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, json, body: Buffer.alloc(0) };
}

/** The request's parameters, wherever they are (OAuth takes JSON and forms; authorize takes the query and its forms). */
export function params(req: ProxiedRequest): { get(name: string): string | undefined; set(name: string, value: string): void; delete(name: string): void } {
  if (isRecord(req.json)) {
    const json = req.json;
    return { get: (n) => (typeof json[n] === 'string' ? (json[n] as string) : undefined), set: (n, v) => void (json[n] = v), delete: (n) => void delete json[n] };
  }
  const source = req.form ?? req.url.searchParams;
  return { get: (n) => source.get(n) ?? undefined, set: (n, v) => source.set(n, v), delete: (n) => source.delete(n) };
}
