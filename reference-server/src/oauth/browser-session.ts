import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { AppContext } from '../context.js';
import { generateSecret } from '../crypto/secrets.js';
import { del, GLOBAL, put } from '../store/store.js';
import type { User } from '../tenancy/records.js';
import { getUser } from '../tenancy/users.js';
import { OAUTH_SESSIONS, type SessionRecord } from './records.js';
import { cookieName } from '../pages/cookies.js';
import { clientAddress } from './sign-in-check.js';
import { iso, issuerOf, SESSION_IDLE_MS, SESSION_TOUCH_MS, SESSION_TTL_MS } from './settings.js';

const lastSeen = (record: SessionRecord): number => Date.parse(record.lastSeenAt ?? record.authTime);

/** Live: within its absolute lifetime, and used within the idle timeout. */
const sessionLive = (record: SessionRecord, now: number): boolean => Date.parse(record.expiresAt) > now && lastSeen(record) + SESSION_IDLE_MS > now;

/**
 * The browser side of sign-in: the session cookie, the CSRF token of the forms, a one-shot
 * "flash" message carried across a 303, and the headers every page sends.
 *
 * Cookies are HttpOnly and SameSite=Lax, and named `__Host-…` over TLS (pages/cookies.ts).
 * Lax (not Strict) because the user arrives by a top-level navigation from the partner's site,
 * and a Strict session cookie would not be sent then, so every sign-in would ask for the
 * password again. They are scoped to the whole origin because
 * one sign-in serves both the OAuth pages and the workspace (`/workspace`).
 */
export const COOKIES = {
  session: 'pis_session',
  /** A random per-browser id the CSRF token is bound to before anyone has signed in. */
  browser: 'pis_browser',
  csrf: 'pis_csrf',
  flash: 'pis_flash',
} as const;

const COOKIE_PATH = '/';

function cookieOptions(ctx: AppContext, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: COOKIE_PATH,
    secure: issuerOf(ctx).startsWith('https:'),
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  };
}

const cookie = (req: Request, name: string): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

export interface BrowserSession {
  record: SessionRecord;
  user: User;
}

/** The session behind this browser's cookie, if it is neither past its 12 hours nor idle too long. */
export function currentSession(ctx: AppContext, req: Request): BrowserSession | undefined {
  const token = cookie(req, cookieName(ctx, COOKIES.session));
  if (!token) return undefined;
  const record = ctx.store.get<SessionRecord>(OAUTH_SESSIONS, GLOBAL, ctx.keyring.hash(token));
  if (!record || !sessionLive(record, ctx.clock.now())) return undefined;
  const user = getUser(ctx, record.userId);
  return user ? { record, user } : undefined;
}

/**
 * `currentSession`, and the session's use noted (`lastSeenAt`) for the idle timeout. Written at
 * most once per SESSION_TOUCH_MS, so browsing the pages does not write on every request.
 */
export async function activeSession(ctx: AppContext, req: Request): Promise<BrowserSession | undefined> {
  const session = currentSession(ctx, req);
  if (!session) return undefined;
  const now = ctx.clock.now();
  if (now - lastSeen(session.record) < SESSION_TOUCH_MS) return session;
  const record: SessionRecord = { ...session.record, lastSeenAt: iso(now) };
  try {
    await ctx.store.write([put(OAUTH_SESSIONS, GLOBAL, record)]);
  } catch (error) {
    // A store refusing writes (a full disk) must not take the read-only pages down with it:
    // the session is used unnoted, so at worst it ends up to a minute early.
    ctx.log.warn({ err: error }, 'could not note a session as used');
    return session;
  }
  return { record, user: session.user };
}

/** A new session for a user who just signed in: always a new value, so a planted one is useless. */
export async function startSession(ctx: AppContext, req: Request, res: Response, user: User): Promise<void> {
  const previous = currentSession(ctx, req);
  const token = generateSecret('session');
  const now = ctx.clock.now();
  const userAgent = req.get('user-agent');
  const record: SessionRecord = {
    id: ctx.keyring.hash(token),
    userId: user.id,
    authTime: iso(now),
    expiresAt: iso(now + SESSION_TTL_MS),
    lastSeenAt: iso(now),
    // Shown on the person's own sessions page, so they can tell their browsers apart.
    address: clientAddress(req).slice(0, 64),
    ...(userAgent ? { userAgent: userAgent.slice(0, 200) } : {}),
  };
  await ctx.store.write([put(OAUTH_SESSIONS, GLOBAL, record), ...(previous ? [del(OAUTH_SESSIONS, GLOBAL, previous.record.id)] : [])]);
  res.cookie(cookieName(ctx, COOKIES.session), token, cookieOptions(ctx, SESSION_TTL_MS));
}

/** Signs the browser out: the session record goes, so the cookie is worthless even if kept. */
export async function endSession(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const session = currentSession(ctx, req);
  if (session) await ctx.store.write([del(OAUTH_SESSIONS, GLOBAL, session.record.id)]);
  res.clearCookie(cookieName(ctx, COOKIES.session), cookieOptions(ctx));
}

/** Every live session of one user, newest first (the sessions page). */
export function sessionsOf(ctx: AppContext, userId: string): SessionRecord[] {
  const now = ctx.clock.now();
  return ctx.store
    .all<SessionRecord>(OAUTH_SESSIONS, GLOBAL)
    .filter((record) => record.userId === userId && sessionLive(record, now))
    .sort((a, b) => b.authTime.localeCompare(a.authTime));
}

/**
 * "Sign out everywhere": every session of the user goes in one write (this browser's too, whose
 * cookie is cleared), so a browser left signed in elsewhere — or a stolen cookie — is worthless.
 */
export async function endAllSessions(ctx: AppContext, res: Response, userId: string): Promise<number> {
  const all = ctx.store.all<SessionRecord>(OAUTH_SESSIONS, GLOBAL).filter((record) => record.userId === userId);
  if (all.length > 0) await ctx.store.write(all.map((record) => del(OAUTH_SESSIONS, GLOBAL, record.id)));
  res.clearCookie(cookieName(ctx, COOKIES.session), cookieOptions(ctx));
  return all.length;
}

/** Makes sure the browser has its id before a form is rendered, so the CSRF token can bind to it. */
export function ensureBrowserId(ctx: AppContext, req: Request, res: Response): void {
  const name = cookieName(ctx, COOKIES.browser);
  if (cookie(req, name)) return;
  const id = randomBytes(18).toString('base64url');
  res.cookie(name, id, cookieOptions(ctx, 365 * 24 * 3600_000));
  (req.cookies as Record<string, string>)[name] = id;
}

export interface Csrf {
  token(req: Request, res: Response): string;
  valid(req: Request): boolean;
}

/** Double-submit CSRF tokens (csrf-csrf), HMAC-bound to the browser id, in a hidden `_csrf` field. */
export function createCsrf(ctx: AppContext): Csrf {
  let utilities: DoubleCsrfUtilities | undefined;
  // Built on first use: whether cookies are Secure depends on the issuer URL, known after listen.
  const get = (): DoubleCsrfUtilities =>
    (utilities ??= doubleCsrf({
      getSecret: () => ctx.keyring.hash('oauth-csrf-secret'),
      getSessionIdentifier: (req) => cookie(req, cookieName(ctx, COOKIES.browser)) ?? '',
      cookieName: cookieName(ctx, COOKIES.csrf),
      cookieOptions: cookieOptions(ctx),
      getCsrfTokenFromRequest: (req) => {
        const value = (req.body as Record<string, unknown> | undefined)?.['_csrf'];
        return typeof value === 'string' ? value : undefined;
      },
    }));
  return {
    token: (req, res) => get().generateCsrfToken(req, res),
    valid: (req) => cookie(req, cookieName(ctx, COOKIES.browser)) !== undefined && get().validateRequest(req),
  };
}

/** What a page shows once after a redirect: why the last form did not go through. */
export type FlashKind = 'invalid_credentials' | 'form_expired' | 'throttled';
export interface Flash {
  kind: FlashKind;
  email?: string;
  /** How long a throttled form must wait before the next try. */
  retrySeconds?: number;
}
const FLASH_KINDS: readonly FlashKind[] = ['invalid_credentials', 'form_expired', 'throttled'];

const waitText = (seconds: number): string => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** What the login page says for a flash, in words a person can act on. */
export function flashMessage(flash: Flash | undefined): string | undefined {
  switch (flash?.kind) {
    case 'invalid_credentials':
      return 'That email and password do not match an account. Check them and try again.';
    case 'form_expired':
      return 'This page was open too long or was submitted from elsewhere. Please try again.';
    case 'throttled':
      return `Too many failed sign-ins from this network. Wait ${waitText(flash.retrySeconds ?? 60)}, then try again (or sign in from another network).`;
    default:
      return undefined;
  }
}

export function setFlash(ctx: AppContext, res: Response, flash: Flash): void {
  res.cookie(cookieName(ctx, COOKIES.flash), Buffer.from(JSON.stringify(flash)).toString('base64url'), cookieOptions(ctx, 60_000));
}

export function takeFlash(ctx: AppContext, req: Request, res: Response): Flash | undefined {
  const value = cookie(req, cookieName(ctx, COOKIES.flash));
  if (!value) return undefined;
  res.clearCookie(cookieName(ctx, COOKIES.flash), cookieOptions(ctx));
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Flash>;
    if (!parsed.kind || !FLASH_KINDS.includes(parsed.kind)) return undefined;
    return {
      kind: parsed.kind,
      ...(typeof parsed.email === 'string' ? { email: parsed.email.slice(0, 320) } : {}),
      ...(typeof parsed.retrySeconds === 'number' && parsed.retrySeconds > 0 ? { retrySeconds: Math.min(Math.ceil(parsed.retrySeconds), 24 * 3600) } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Headers of every sign-in response: no framing (clickjacking), no Referer (the URL carries
 * state and, on the way back, the code), no caching, and a CSP that allows only this page's own
 * styles and forms. `formTargets` adds the client's origin: Chrome applies form-action to the
 * redirects that follow a form POST, and consent ends in a redirect to the client.
 */
export function pageHeaders(res: Response, nonce: string, formTargets: string[] = []): void {
  res.set({
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      `form-action 'self' ${formTargets.join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
}

export const newNonce = (): string => randomBytes(16).toString('base64');
