import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { safeEqual, generateSecret, secretKindOf } from '../crypto/index.js';
import { GLOBAL, put } from '../store/index.js';
import { clientServes, type OAuthClient, type OAuthScope, getUser } from '../tenancy/index.js';
import { OAuthError } from './errors.js';
import { planTokens, putRefreshToken, revokeGrantOp, signTokens, type TokenResponse } from './issuance.js';
import type { SigningKeys } from './keys.js';
import { OAUTH_CODES, OAUTH_GRANTS, type AuthorizationCodeRecord, type GrantRecord } from './records.js';
import { CODE_TTL_MS, iso } from './settings.js';

export async function issueCode(
  ctx: AppContext,
  input: { clientId: string; userId: string; orgId: string; redirectUri: string; scopes: OAuthScope[]; codeChallenge?: string },
): Promise<string> {
  const code = generateSecret('authorization_code');
  const record: AuthorizationCodeRecord = {
    id: ctx.keyring.hash(code),
    ...input,
    grantId: ctx.ids.next('grant'),
    expiresAt: iso(ctx.clock.now() + CODE_TTL_MS),
  };
  await ctx.store.write([put(OAUTH_CODES, GLOBAL, record)]);
  return code;
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

function pkceFailure(record: AuthorizationCodeRecord, verifier: string | undefined): OAuthError | undefined {
  if (!record.codeChallenge) {
    // RFC 9700 §2.1.1: a verifier without a challenge is a downgrade attempt.
    return verifier ? new OAuthError('invalid_grant', 'code_verifier was sent, but the authorization request had no code_challenge.') : undefined;
  }
  if (!verifier) return new OAuthError('invalid_grant', 'code_verifier is required: the authorization request carried a code_challenge.');
  if (!VERIFIER.test(verifier) || !safeEqual(s256(verifier), record.codeChallenge)) {
    return new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.');
  }
  return undefined;
}

const INVALID_CODE = 'The authorization code is invalid, expired or was already used.';

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3). Everything from the lookup to marking the
 * code used happens in one tick, so two concurrent exchanges cannot both succeed. Any failure
 * after the lookup still uses the code up: a PKCE verifier cannot be guessed twice.
 */
export async function exchangeCode(
  ctx: AppContext,
  keys: SigningKeys,
  client: OAuthClient,
  params: { code: string; redirectUri: string | undefined; codeVerifier: string | undefined },
): Promise<TokenResponse> {
  if (secretKindOf(params.code) !== 'authorization_code') throw new OAuthError('invalid_grant', INVALID_CODE);
  const record = ctx.store.get<AuthorizationCodeRecord>(OAUTH_CODES, GLOBAL, ctx.keyring.hash(params.code));
  // A code issued to another client is not this client's to use, nor to use up.
  if (!record || record.clientId !== client.id) throw new OAuthError('invalid_grant', INVALID_CODE);
  const now = ctx.clock.now();
  if (record.usedAt) {
    // RFC 6749 §4.1.2: a replayed code revokes every token issued from it.
    const grant = ctx.store.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, record.grantId);
    if (grant && !grant.revokedAt) await ctx.store.write([revokeGrantOp(ctx, grant, 'authorization code replayed')]);
    throw new OAuthError('invalid_grant', INVALID_CODE);
  }
  if (Date.parse(record.expiresAt) <= now) throw new OAuthError('invalid_grant', INVALID_CODE);

  const used = put(OAUTH_CODES, GLOBAL, { ...record, usedAt: iso(now) });
  const user = getUser(ctx, record.userId);
  const failure =
    params.redirectUri !== record.redirectUri
      ? new OAuthError('invalid_grant', 'redirect_uri does not match the one of the authorization request.')
      : (pkceFailure(record, params.codeVerifier) ??
        (!user || user.orgId !== record.orgId ? new OAuthError('invalid_grant', 'The user of this authorization no longer exists.') : undefined) ??
        // The consent page refuses such users already; the exchange holds the same rule, so no other path issues tokens.
        (clientServes(client, record.orgId) ? undefined : new OAuthError('invalid_grant', 'This client belongs to another organisation than the user who authorised it.')));
  if (failure) {
    await ctx.store.write([used]);
    throw failure;
  }

  const grant: GrantRecord = {
    id: record.grantId,
    clientId: client.id,
    userId: record.userId,
    orgId: record.orgId,
    scopes: record.scopes,
    createdAt: iso(now),
  };
  const planned = planTokens(ctx, grant, record.scopes);
  const written = ctx.store.write([used, put(OAUTH_GRANTS, GLOBAL, grant), putRefreshToken(planned.refreshRecord)]);
  const [response] = await Promise.all([signTokens(ctx, keys, grant, planned), written]);
  return response;
}
