import type { AppContext } from '../context.js';
import { generateSecret } from '../crypto/index.js';
import { GLOBAL, put, type WriteOp } from '../store/index.js';
import type { OAuthClient, OAuthScope } from '../tenancy/index.js';
import { planAccessToken, signAccessToken, type AccessTokenPlan } from './access-tokens.js';
import type { SigningKeys } from './keys.js';
import { OAUTH_GRANTS, OAUTH_REFRESH_TOKENS, type GrantRecord, type RefreshTokenRecord } from './oauth-records.js';
import { formatScope } from './scopes.js';
import { iso, oauthSettings } from './settings.js';

/** RFC 6749 §5.1 token response. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** A token pair decided but not yet signed: everything a write needs is known before signing. */
export interface PlannedTokens {
  refreshToken: string;
  refreshRecord: RefreshTokenRecord;
  access: AccessTokenPlan;
  scope: string;
}

export function planTokens(ctx: AppContext, client: Pick<OAuthClient, 'accessTokenTtlSeconds'>, grant: GrantRecord, scopes: OAuthScope[]): PlannedTokens {
  const now = ctx.clock.now();
  const refreshToken = generateSecret('refresh_token');
  return {
    refreshToken,
    refreshRecord: {
      id: ctx.keyring.hash(refreshToken),
      grantId: grant.id,
      clientId: grant.clientId,
      scopes,
      issuedAt: iso(now),
      expiresAt: iso(now + oauthSettings(ctx).refreshTokenTtlMs),
    },
    access: planAccessToken(ctx, client),
    scope: formatScope(scopes),
  };
}

export async function signTokens(ctx: AppContext, keys: SigningKeys, grant: GrantRecord, planned: PlannedTokens): Promise<TokenResponse> {
  return {
    access_token: await signAccessToken(ctx, keys, grant, planned.scope, planned.access),
    token_type: 'Bearer',
    expires_in: planned.access.exp - planned.access.iat,
    refresh_token: planned.refreshToken,
    scope: planned.scope,
  };
}

export const putRefreshToken = (record: RefreshTokenRecord): WriteOp => put(OAUTH_REFRESH_TOKENS, GLOBAL, record);

/** Ends a whole token family: every refresh token and access token of the grant. */
export function revokeGrantOp(ctx: AppContext, grant: GrantRecord, reason: string): WriteOp {
  return put(OAUTH_GRANTS, GLOBAL, { ...grant, revokedAt: iso(ctx.clock.now()), revokedReason: reason });
}
