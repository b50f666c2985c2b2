/**
 * Browser sessions: one sign-in serves both the OAuth pages and the workspace. The collection
 * keeps its first name (`oauth_sessions`) so existing data folders stay readable.
 */
export const SESSIONS = 'oauth_sessions';

export const SESSION_TTL_MS = 12 * 3600_000;
/** A browser session unused this long ends before its 12 hours (a browser left open elsewhere). */
export const SESSION_IDLE_MS = 60 * 60_000;
/** A session's `lastSeenAt` is written at most this often: the idle timeout is this precise. */
export const SESSION_TOUCH_MS = 60_000;

export interface SessionRecord {
  /** Keyed hash of the session cookie's value. */
  id: string;
  userId: string;
  authTime: string;
  expiresAt: string;
  /** Last use, for the idle timeout (written at most once a minute); absent on older records: authTime. */
  lastSeenAt?: string;
  /** Where and with what it was signed in, for the person's own sessions page. */
  address?: string;
  userAgent?: string;
}

/**
 * Shown-once slots (workspace/shared/shown-once-slots.ts): a just-created secret waiting, sealed, for the
 * GET after its form's 303, which may reach any server. One scope per browser session (its id), so
 * a session's slots are read without a scan; the OAuth sweep removes those past `expiresAt`.
 */
export const SHOWN_ONCE_SLOTS = 'shown_once_slots';

export interface ShownOnceSlotRecord {
  /** The slot id in the redirect's path (random, 144 bits). */
  id: string;
  /** Which kind of secret (keys, webhooks, invites…): a slot is taken only by its own page. */
  kind: string;
  /** The value, sealed with the keyring: the store alone never holds the secret. */
  sealed: string;
  expiresAt: string;
}
