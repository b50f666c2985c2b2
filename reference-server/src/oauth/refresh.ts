import type { AppContext } from '../context.js';
import { secretKindOf } from '../crypto/index.js';
import { GLOBAL, type Transaction } from '../store/index.js';
import { type OAuthClient, type OAuthScope, getUser } from '../tenancy/index.js';
import { OAuthError } from './oauth-errors.js';
import { planTokens, type PlannedTokens, putRefreshToken, revokeGrantOp, signTokens, type TokenResponse } from './issuance.js';
import type { SigningKeys } from './keys.js';
import { OAUTH_GRANTS, OAUTH_REFRESH_TOKENS, type GrantRecord, type RefreshTokenRecord } from './oauth-records.js';
import { isSubset } from './scopes.js';
import { iso, oauthSettings } from './settings.js';

/** What a rotated token keeps, sealed, so a retry within the grace window gets the same pair. */
interface SealedSuccessor {
  response: TokenResponse;
  accessExpiresAt: number;
}

const invalid = (why = 'The refresh token is invalid, expired or revoked.') => new OAuthError('invalid_grant', why);

/** What the transaction decided: the pair to answer with, or the refusal to answer once what it wrote is committed. */
type Decision = { refused: OAuthError } | { response: TokenResponse };

/**
 * `grant_type=refresh_token` (RFC 6749 §6) with rotation and reuse detection (RFC 9700 §4.14.2):
 *  - the current token is exchanged for a new pair and becomes the "previous" token;
 *  - the previous token, within the grace window and while its successor is still current,
 *    returns that same successor pair again, so a retried request is harmless;
 *  - anything else (an older token, the previous one after the window) revokes the family.
 * The successor is signed first, outside any transaction; then one transaction reads the token
 * `forUpdate` and either rotates it (the successor written with it) or, when another request —
 * on this server or another — rotated it meanwhile, takes the grace path on what that one wrote.
 */
export async function refreshTokens(
  ctx: AppContext,
  keys: SigningKeys,
  client: OAuthClient,
  params: { refreshToken: string; scopes: OAuthScope[] | undefined },
): Promise<TokenResponse> {
  if (secretKindOf(params.refreshToken) !== 'refresh_token') throw invalid();
  const id = ctx.keyring.hash(params.refreshToken);
  const seen = await ctx.db.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, id);
  if (!seen || seen.clientId !== client.id) throw invalid();
  const grant = await ctx.db.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, seen.grantId);
  if (!grant || grant.revokedAt) throw invalid();
  if (Date.parse(seen.expiresAt) <= ctx.clock.now()) throw invalid();
  if (params.scopes && !isSubset(params.scopes, grant.scopes)) {
    throw new OAuthError('invalid_scope', `A refresh cannot widen the grant: ask for scopes among "${grant.scopes.join(' ')}".`);
  }

  let successor: { planned: PlannedTokens; response: TokenResponse } | undefined;
  if (!seen.rotatedAt) {
    const user = await getUser(ctx, grant.userId);
    if (!user || user.orgId !== grant.orgId) throw invalid('The user of this grant no longer exists.');
    const planned = planTokens(ctx, client, grant, params.scopes ?? grant.scopes);
    successor = { planned, response: await signTokens(ctx, keys, grant, planned) };
  }

  const decision = await ctx.db.transaction(async (tx): Promise<Decision> => {
    const current = await tx.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, id, { forUpdate: true });
    const liveGrant = await tx.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, grant.id, { forUpdate: true });
    if (!current || !liveGrant || liveGrant.revokedAt) return { refused: invalid() };
    if (current.rotatedAt !== undefined || !successor) return replayRotated(ctx, tx, current, liveGrant);
    const sealed: SealedSuccessor = { response: successor.response, accessExpiresAt: successor.planned.access.exp * 1000 };
    await tx.write([
      putRefreshToken({
        ...current,
        rotatedAt: iso(ctx.clock.now()),
        successorId: successor.planned.refreshRecord.id,
        successorSealed: ctx.keyring.encrypt(JSON.stringify(sealed)),
      }),
      putRefreshToken(successor.planned.refreshRecord),
    ]);
    return { response: successor.response };
  });
  if ('refused' in decision) throw decision.refused;
  return decision.response;
}

/** A rotated token presented again: its successor pair within the grace window, otherwise the family revoked. */
async function replayRotated(ctx: AppContext, tx: Transaction, record: RefreshTokenRecord, grant: GrantRecord): Promise<Decision> {
  const now = ctx.clock.now();
  const successor = record.successorId ? await tx.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, record.successorId) : undefined;
  const withinGrace = record.rotatedAt !== undefined && now - Date.parse(record.rotatedAt) < oauthSettings(ctx).refreshGraceMs;
  if (withinGrace && successor && !successor.rotatedAt && record.successorSealed) {
    const { response, accessExpiresAt } = JSON.parse(ctx.keyring.decrypt(record.successorSealed)) as SealedSuccessor;
    return { response: { ...response, expires_in: Math.max(0, Math.floor((accessExpiresAt - now) / 1000)) } };
  }
  await tx.write([revokeGrantOp(ctx, grant, 'refresh token reused after rotation')]);
  return { refused: invalid('The refresh token was already used: every token of this grant is now revoked.') };
}

/** True when `refreshToken` was rotated, and its grace window had ended, before `at`: presenting it then is a reuse. */
export async function rotatedBeyondGrace(ctx: Pick<AppContext, 'db' | 'keyring' | 'config'>, refreshToken: string, at: number): Promise<boolean> {
  if (secretKindOf(refreshToken) !== 'refresh_token') return false;
  const record = await ctx.db.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, ctx.keyring.hash(refreshToken));
  return record?.rotatedAt !== undefined && Date.parse(record.rotatedAt) + oauthSettings(ctx).refreshGraceMs <= at;
}
