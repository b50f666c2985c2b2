import type { Request, Response } from 'express';
import type { AppContext } from '../context.js';
import { generateSecret } from '../crypto/index.js';
import { clientAddress } from '../http/index.js';
import { cookieName, pageCookieOptions, readCookie } from '../pages/index.js';
import { del, GLOBAL, put } from '../store/index.js';
import { type User, getUser } from '../tenancy/index.js';
import { SESSION_IDLE_MS, SESSION_TOUCH_MS, SESSION_TTL_MS, SESSIONS, type SessionRecord } from './session-records.js';

/**
 * The session cookie: HttpOnly and SameSite=Lax, named `__Host-…` over TLS (pages/cookies.ts).
 * Lax (not Strict) because the user arrives by a top-level navigation from the partner's site,
 * and a Strict session cookie would not be sent then, so every sign-in would ask for the
 * password again. Scoped to the whole origin because one sign-in serves both the OAuth pages
 * and the workspace (`/workspace`).
 */
const SESSION_COOKIE = 'pis_session';
const COOKIE_PATH = '/';

const iso = (ms: number): string => new Date(ms).toISOString();
const lastSeen = (record: SessionRecord): number => Date.parse(record.lastSeenAt ?? record.authTime);

/** Live: within its absolute lifetime, and used within the idle timeout. */
const sessionLive = (record: SessionRecord, now: number): boolean => Date.parse(record.expiresAt) > now && lastSeen(record) + SESSION_IDLE_MS > now;

const clearSessionCookie = (ctx: AppContext, res: Response): void => {
  res.clearCookie(cookieName(ctx, SESSION_COOKIE), pageCookieOptions(ctx, COOKIE_PATH));
};

export interface BrowserSession {
  record: SessionRecord;
  user: User;
}

/**
 * The id the session behind this browser's cookie would have (the keyed hash of the cookie's
 * value), read from the request alone: what CSRF tokens and shown-once slots are bound to. It says
 * nothing of whether the session is live: pages check that with `activeSession` first.
 */
export function sessionIdOf(ctx: Pick<AppContext, 'config' | 'keyring'>, req: Request): string | undefined {
  const token = readCookie(req, cookieName(ctx, SESSION_COOKIE));
  return token ? ctx.keyring.hash(token) : undefined;
}

/** The session behind this browser's cookie, if it is neither past its 12 hours nor idle too long. */
export async function currentSession(ctx: AppContext, req: Request): Promise<BrowserSession | undefined> {
  const id = sessionIdOf(ctx, req);
  if (!id) return undefined;
  const record = await ctx.db.get<SessionRecord>(SESSIONS, GLOBAL, id);
  if (!record || !sessionLive(record, ctx.clock.now())) return undefined;
  const user = await getUser(ctx, record.userId);
  return user ? { record, user } : undefined;
}

/**
 * `currentSession`, and the session's use noted (`lastSeenAt`) for the idle timeout. Written at
 * most once per SESSION_TOUCH_MS, so browsing the pages does not write on every request. Every
 * server reads the session from the store, so a browser signed in on one is signed in on all.
 */
export async function activeSession(ctx: AppContext, req: Request): Promise<BrowserSession | undefined> {
  const session = await currentSession(ctx, req);
  if (!session) return undefined;
  const now = ctx.clock.now();
  if (now - lastSeen(session.record) < SESSION_TOUCH_MS) return session;
  const record: SessionRecord = { ...session.record, lastSeenAt: iso(now) };
  try {
    // Only if it is still there: a sign-out on another server meanwhile must not be undone.
    const noted = await ctx.db.transaction(async (tx) => {
      if (!(await tx.get<SessionRecord>(SESSIONS, GLOBAL, record.id, { forUpdate: true }))) return false;
      await tx.write([put(SESSIONS, GLOBAL, record)]);
      return true;
    });
    if (!noted) return undefined;
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
  const previous = sessionIdOf(ctx, req);
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
  // Whatever session the browser had ends (deleting an id that is not there changes nothing).
  await ctx.db.write([put(SESSIONS, GLOBAL, record), ...(previous ? [del(SESSIONS, GLOBAL, previous)] : [])]);
  res.cookie(cookieName(ctx, SESSION_COOKIE), token, pageCookieOptions(ctx, COOKIE_PATH, SESSION_TTL_MS));
}

/** Signs the browser out: the session record goes, so the cookie is worthless even if kept. */
export async function endSession(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const id = sessionIdOf(ctx, req);
  if (id) await ctx.db.write([del(SESSIONS, GLOBAL, id)]);
  clearSessionCookie(ctx, res);
}

/** Every live session of one user, newest first (the sessions page). */
export async function sessionsOf(ctx: AppContext, userId: string): Promise<SessionRecord[]> {
  const now = ctx.clock.now();
  return (await ctx.db.all<SessionRecord>(SESSIONS, GLOBAL))
    .filter((record) => record.userId === userId && sessionLive(record, now))
    .sort((a, b) => b.authTime.localeCompare(a.authTime));
}

/**
 * "Sign out everywhere": every session of the user goes in one write (this browser's too, whose
 * cookie is cleared), so a browser left signed in elsewhere — or a stolen cookie — is worthless.
 */
export async function endAllSessions(ctx: AppContext, res: Response, userId: string): Promise<number> {
  const all = (await ctx.db.all<SessionRecord>(SESSIONS, GLOBAL)).filter((record) => record.userId === userId);
  if (all.length > 0) await ctx.db.write(all.map((record) => del(SESSIONS, GLOBAL, record.id)));
  clearSessionCookie(ctx, res);
  return all.length;
}
