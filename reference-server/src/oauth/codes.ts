import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { safeEqual, generateSecret, secretKindOf } from '../crypto/index.js';
import { GLOBAL, put } from '../store/index.js';
import { clientServes, type OAuthClient, type OAuthScope, getUser } from '../tenancy/index.js';
import { OAuthError } from './oauth-errors.js';
import { planTokens, type PlannedTokens, putRefreshToken, revokeGrantOp, signTokens, type TokenResponse } from './issuance.js';
import type { SigningKeys } from './keys.js';
import { OAUTH_CODES, OAUTH_GRANTS, type AuthorizationCodeRecord, type GrantRecord } from './oauth-records.js';
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
  await ctx.db.write([put(OAUTH_CODES, GLOBAL, record)]);
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
const invalidCode = () => new OAuthError('invalid_grant', INVALID_CODE);

/** What the transaction decided: tokens to sign, or the refusal to answer once what it wrote is committed. */
type Decision = { refused: OAuthError } | { grant: GrantRecord; planned: PlannedTokens };

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3). The code is read `forUpdate` and marked used
 * in one transaction, so of two exchanges — on one server or two — exactly one gets tokens and
 * the other finds it used (a replay: the tokens it issued are revoked). Any failure after the
 * lookup still uses the code up: a PKCE verifier cannot be guessed twice. Signing runs after the
 * commit, so the row lock is held for reads and one write only.
 */
export async function exchangeCode(
  ctx: AppContext,
  keys: SigningKeys,
  client: OAuthClient,
  params: { code: string; redirectUri: string | undefined; codeVerifier: string | undefined },
): Promise<TokenResponse> {
  if (secretKindOf(params.code) !== 'authorization_code') throw invalidCode();
  const id = ctx.keyring.hash(params.code);
  // Read first without a lock: an unknown code costs no transaction. A code issued to another
  // client is not this client's to use, nor to use up.
  const seen = await ctx.db.get<AuthorizationCodeRecord>(OAUTH_CODES, GLOBAL, id);
  if (!seen || seen.clientId !== client.id) throw invalidCode();
  const user = await getUser(ctx, seen.userId);

  const decision = await ctx.db.transaction(async (tx): Promise<Decision> => {
    const record = await tx.get<AuthorizationCodeRecord>(OAUTH_CODES, GLOBAL, id, { forUpdate: true });
    if (!record) return { refused: invalidCode() };
    const now = ctx.clock.now();
    if (record.usedAt) {
      // RFC 6749 §4.1.2: a replayed code revokes every token issued from it.
      const grant = await tx.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, record.grantId, { forUpdate: true });
      if (grant && !grant.revokedAt) await tx.write([revokeGrantOp(ctx, grant, 'authorization code replayed')]);
      return { refused: invalidCode() };
    }
    if (Date.parse(record.expiresAt) <= now) return { refused: invalidCode() };

    const used = put(OAUTH_CODES, GLOBAL, { ...record, usedAt: iso(now) });
    const failure =
      params.redirectUri !== record.redirectUri
        ? new OAuthError('invalid_grant', 'redirect_uri does not match the one of the authorization request.')
        : (pkceFailure(record, params.codeVerifier) ??
          (!user || user.orgId !== record.orgId ? new OAuthError('invalid_grant', 'The user of this authorization no longer exists.') : undefined) ??
          // The consent page refuses such users already; the exchange holds the same rule, so no other path issues tokens.
          (clientServes(client, record.orgId) ? undefined : new OAuthError('invalid_grant', 'This client belongs to another organisation than the user who authorised it.')));
    if (failure) {
      await tx.write([used]);
      return { refused: failure };
    }

    const grant: GrantRecord = {
      id: record.grantId,
      clientId: client.id,
      userId: record.userId,
      orgId: record.orgId,
      scopes: record.scopes,
      createdAt: iso(now),
    };
    const planned = planTokens(ctx, client, grant, record.scopes);
    await tx.write([used, put(OAUTH_GRANTS, GLOBAL, grant), putRefreshToken(planned.refreshRecord)]);
    return { grant, planned };
  });
  if ('refused' in decision) throw decision.refused;
  return signTokens(ctx, keys, decision.grant, decision.planned);
}
