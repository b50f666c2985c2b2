import type { AppContext } from '../context.js';
import type { PeriodicJob } from '../jobs/index.js';
import { del, GLOBAL, type StoredRecord, type WriteOp } from '../store/index.js';
import {
  OAUTH_CODES,
  OAUTH_GRANTS,
  OAUTH_REFRESH_TOKENS,
  OAUTH_REVOKED_ACCESS_TOKENS,
  type AuthorizationCodeRecord,
  type GrantRecord,
  type RefreshTokenRecord,
  type RevokedAccessTokenRecord,
} from './oauth-records.js';
import { SESSIONS, SHOWN_ONCE_SLOTS, type SessionRecord, type ShownOnceSlotRecord } from '../auth/index.js';
import { ACCESS_TOKEN_TTL_S } from './settings.js';

export const SWEEP_EVERY_MS = 3600_000;
const BATCH = 500;

/**
 * Removes OAuth records that can no longer matter, so the GLOBAL collections do not grow with
 * every sign-in: expired codes, sessions, shown-once slots, refresh tokens and revoked-jti entries, and grants
 * whose access tokens have all expired and that have no refresh token left.
 */
export async function sweepOAuth(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const past = (iso: string, slackMs = 0) => Date.parse(iso) + slackMs <= now;
  // A rotated token is kept to detect its replay (which revokes the family) until it expires,
  // or for the operator's shorter retention window.
  const rotatedSeconds = ctx.config.retention?.rotatedTokensSeconds;
  const rotatedWindowMs = rotatedSeconds === undefined ? undefined : rotatedSeconds * 1000;
  const ops: WriteOp[] = [];
  const drop = async <T extends StoredRecord>(collection: string, keep: (record: T) => boolean, scope = GLOBAL) => {
    for (const record of await ctx.db.all<T>(collection, scope)) if (!keep(record)) ops.push(del(collection, scope, record.id));
  };
  await drop<AuthorizationCodeRecord>(OAUTH_CODES, (c) => !past(c.expiresAt));
  await drop<SessionRecord>(SESSIONS, (s) => !past(s.expiresAt));
  for (const scope of await ctx.db.scopes(SHOWN_ONCE_SLOTS)) await drop<ShownOnceSlotRecord>(SHOWN_ONCE_SLOTS, (s) => !past(s.expiresAt), scope);
  await drop<RevokedAccessTokenRecord>(OAUTH_REVOKED_ACCESS_TOKENS, (r) => !past(r.expiresAt));
  const revoked = new Set((await ctx.db.all<GrantRecord>(OAUTH_GRANTS, GLOBAL)).filter((g) => g.revokedAt).map((g) => g.id));
  const live = new Set<string>();
  await drop<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, (t) => {
    const rotatedLongAgo = t.rotatedAt !== undefined && rotatedWindowMs !== undefined && past(t.rotatedAt, rotatedWindowMs);
    const keep = !past(t.expiresAt) && !revoked.has(t.grantId) && !rotatedLongAgo;
    if (keep) live.add(t.grantId);
    return keep;
  });
  // A grant outlives its last refresh token by one access-token lifetime: its access tokens point at it.
  await drop<GrantRecord>(OAUTH_GRANTS, (g) => live.has(g.id) || !past(g.revokedAt ?? g.createdAt, ACCESS_TOKEN_TTL_S * 1000));
  // Only records past their end go, and nothing brings one back to life: no transaction needed.
  for (let i = 0; i < ops.length; i += BATCH) await ctx.db.write(ops.slice(i, i + BATCH));
  return ops.length;
}

/** The hourly sweep, a periodic job of the job runner. */
export function oauthSweep(ctx: AppContext): PeriodicJob {
  return {
    name: 'oauth-sweep',
    everyMs: SWEEP_EVERY_MS,
    async run() {
      const removed = await sweepOAuth(ctx);
      if (removed) ctx.log.info({ removed }, 'removed expired OAuth records');
    },
  };
}
