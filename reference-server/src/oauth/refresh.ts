import type { AppContext } from '../context.js';
import { secretKindOf } from '../crypto/index.js';
import { GLOBAL } from '../store/index.js';
import { type OAuthClient, type OAuthScope, getUser } from '../tenancy/index.js';
import { OAuthError } from './errors.js';
import { planTokens, putRefreshToken, revokeGrantOp, signTokens, type TokenResponse } from './issuance.js';
import type { SigningKeys } from './keys.js';
import { OAUTH_GRANTS, OAUTH_REFRESH_TOKENS, type GrantRecord, type RefreshTokenRecord } from './records.js';
import { isSubset } from './scopes.js';
import { iso, oauthSettings } from './settings.js';

/** What a rotated token keeps, sealed, so a retry within the grace window gets the same pair. */
interface SealedSuccessor {
  response: TokenResponse;
  accessExpiresAt: number;
}

const invalid = (why = 'The refresh token is invalid, expired or revoked.') => new OAuthError('invalid_grant', why);

/**
 * `grant_type=refresh_token` (RFC 6749 §6) with rotation and reuse detection (RFC 9700 §4.14.2):
 *  - the current token is exchanged for a new pair and becomes the "previous" token;
 *  - the previous token, within the grace window and while its successor is still current,
 *    returns that same successor pair again, so a retried request is harmless;
 *  - anything else (an older token, the previous one after the window) revokes the family.
 */
export async function refreshTokens(
  ctx: AppContext,
  keys: SigningKeys,
  client: OAuthClient,
  params: { refreshToken: string; scopes: OAuthScope[] | undefined },
): Promise<TokenResponse> {
  if (secretKindOf(params.refreshToken) !== 'refresh_token') throw invalid();
  const id = ctx.keyring.hash(params.refreshToken);
  // Two passes at most: the second runs only when a concurrent request rotated the token while
  // this one was signing, and then takes the grace path.
  for (let pass = 0; pass < 2; pass += 1) {
    const record = ctx.store.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, id);
    if (!record || record.clientId !== client.id) throw invalid();
    const grant = ctx.store.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, record.grantId);
    if (!grant || grant.revokedAt) throw invalid();
    const now = ctx.clock.now();
    if (Date.parse(record.expiresAt) <= now) throw invalid();
    if (params.scopes && !isSubset(params.scopes, grant.scopes)) {
      throw new OAuthError('invalid_scope', `A refresh cannot widen the grant: ask for scopes among "${grant.scopes.join(' ')}".`);
    }

    if (record.rotatedAt) return replayRotated(ctx, record, grant, now);

    const user = getUser(ctx, grant.userId);
    if (!user || user.orgId !== grant.orgId) throw invalid('The user of this grant no longer exists.');
    const planned = planTokens(ctx, grant, params.scopes ?? grant.scopes);
    const response = await signTokens(ctx, keys, grant, planned);

    // Signing awaited: decide again on what the store says now, then commit in this tick.
    const current = ctx.store.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, id);
    const liveGrant = ctx.store.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, grant.id);
    if (!current || !liveGrant || liveGrant.revokedAt) throw invalid();
    if (current.rotatedAt) continue;
    const sealed: SealedSuccessor = { response, accessExpiresAt: planned.access.exp * 1000 };
    await ctx.store.write([
      putRefreshToken({
        ...current,
        rotatedAt: iso(ctx.clock.now()),
        successorId: planned.refreshRecord.id,
        successorSealed: ctx.keyring.encrypt(JSON.stringify(sealed)),
      }),
      putRefreshToken(planned.refreshRecord),
    ]);
    return response;
  }
  throw invalid();
}

async function replayRotated(ctx: AppContext, record: RefreshTokenRecord, grant: GrantRecord, now: number): Promise<TokenResponse> {
  const successor = record.successorId
    ? ctx.store.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, record.successorId)
    : undefined;
  const withinGrace = now - Date.parse(record.rotatedAt as string) < oauthSettings(ctx).refreshGraceMs;
  if (withinGrace && successor && !successor.rotatedAt && record.successorSealed) {
    const { response, accessExpiresAt } = JSON.parse(ctx.keyring.decrypt(record.successorSealed)) as SealedSuccessor;
    return { ...response, expires_in: Math.max(0, Math.floor((accessExpiresAt - now) / 1000)) };
  }
  await ctx.store.write([revokeGrantOp(ctx, grant, 'refresh token reused after rotation')]);
  throw invalid('The refresh token was already used: every token of this grant is now revoked.');
}

/** True when `refreshToken` was rotated, and its grace window had ended, before `at`: presenting it then is a reuse. */
export function rotatedBeyondGrace(ctx: Pick<AppContext, 'store' | 'keyring' | 'config'>, refreshToken: string, at: number): boolean {
  if (secretKindOf(refreshToken) !== 'refresh_token') return false;
  const record = ctx.store.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, ctx.keyring.hash(refreshToken));
  return record?.rotatedAt !== undefined && Date.parse(record.rotatedAt) + oauthSettings(ctx).refreshGraceMs <= at;
}
