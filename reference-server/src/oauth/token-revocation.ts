import type { AppContext } from '../context.js';
import { secretKindOf } from '../crypto/index.js';
import { GLOBAL, put } from '../store/index.js';
import type { OAuthClient } from '../tenancy/index.js';
import { readAccessToken } from './access-tokens.js';
import { revokeGrantOp } from './issuance.js';
import type { SigningKeys } from './keys.js';
import {
  OAUTH_GRANTS,
  OAUTH_REFRESH_TOKENS,
  OAUTH_REVOKED_ACCESS_TOKENS,
  type GrantRecord,
  type RefreshTokenRecord,
  type RevokedAccessTokenRecord,
} from './oauth-records.js';
import { iso } from './settings.js';

/**
 * RFC 7009 §2.1. The token's own shape says what it is (a `pis_rt_` refresh token or a JWT), so a
 * wrong `token_type_hint` changes nothing. Unknown tokens, tokens already revoked and tokens of
 * another client all end the same way — nothing happens and the caller gets 200 — so a client
 * cannot learn whether someone else's token exists.
 */
export async function revokeToken(ctx: AppContext, keys: SigningKeys, client: OAuthClient, token: string): Promise<void> {
  if (secretKindOf(token) === 'refresh_token') {
    const record = await ctx.db.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, ctx.keyring.hash(token));
    if (!record || record.clientId !== client.id) return;
    // Revoking a refresh token ends its grant: the whole family and its access tokens.
    await ctx.db.transaction(async (tx) => {
      const grant = await tx.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, record.grantId, { forUpdate: true });
      if (grant && !grant.revokedAt) await tx.write([revokeGrantOp(ctx, grant, 'refresh token revoked by the client')]);
    });
    return;
  }
  const claims = await readAccessToken(ctx, keys, token, { ignoreExpiry: true });
  if (!claims || claims.client_id !== client.id) return;
  if (claims.exp * 1000 <= ctx.clock.now()) return;
  // Writing the same record twice changes nothing: no transaction needed.
  if (await ctx.db.get<RevokedAccessTokenRecord>(OAUTH_REVOKED_ACCESS_TOKENS, GLOBAL, claims.jti)) return;
  await ctx.db.write([put(OAUTH_REVOKED_ACCESS_TOKENS, GLOBAL, { id: claims.jti, expiresAt: iso(claims.exp * 1000) })]);
}
