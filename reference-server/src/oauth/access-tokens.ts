import { compactVerify, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { AccessTokenVerifier } from '../auth/index.js';
import type { Principal } from '../http/index.js';
import type { AppContext } from '../context.js';
import { GLOBAL } from '../store/index.js';
import { clientServes, getClient, getUser, type OAuthClient } from '../tenancy/index.js';
import { SIGNING_ALG, type SigningKeys } from './keys.js';
import { OAUTH_GRANTS, OAUTH_REVOKED_ACCESS_TOKENS, type GrantRecord, type RevokedAccessTokenRecord } from './oauth-records.js';
import { parseScope } from './scopes.js';
import { ACCESS_TOKEN_TTL_S, audienceOf, issuerOf } from './settings.js';

/** The claims of an access token (RFC 9068's JWT profile, plus the grant it belongs to). */
export interface AccessTokenClaims extends JWTPayload {
  iss: string;
  sub: string;
  aud: string;
  client_id: string;
  scope: string;
  iat: number;
  exp: number;
  jti: string;
  /** The grant (token family): revoking it ends this token before `exp`. */
  gid: string;
  org_id: string;
}

export interface AccessTokenPlan {
  jti: string;
  iat: number;
  exp: number;
}

/** A client may have its own lifetime (a certification run's client lives minutes, to be seen refreshing). */
export function planAccessToken(ctx: AppContext, client: Pick<OAuthClient, 'accessTokenTtlSeconds'>): AccessTokenPlan {
  const iat = Math.floor(ctx.clock.now() / 1000);
  return { jti: ctx.ids.next('at'), iat, exp: iat + (client.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_S) };
}

export async function signAccessToken(
  ctx: AppContext,
  keys: SigningKeys,
  grant: GrantRecord,
  scope: string,
  plan: AccessTokenPlan,
): Promise<string> {
  const { kid, privateKey } = await keys.load();
  return new SignJWT({ client_id: grant.clientId, scope, gid: grant.id, org_id: grant.orgId })
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'at+jwt' })
    .setIssuer(issuerOf(ctx))
    .setSubject(grant.userId)
    .setAudience(audienceOf(ctx))
    .setIssuedAt(plan.iat)
    .setExpirationTime(plan.exp)
    .setJti(plan.jti)
    .sign(privateKey);
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function isClaims(payload: JWTPayload): payload is AccessTokenClaims {
  return (
    typeof payload.sub === 'string' &&
    typeof payload.jti === 'string' &&
    typeof payload.exp === 'number' &&
    typeof payload['client_id'] === 'string' &&
    typeof payload['scope'] === 'string' &&
    typeof payload['gid'] === 'string' &&
    typeof payload['org_id'] === 'string'
  );
}

/**
 * The claims of a token this server signed for itself, or undefined. `ignoreExpiry` is for
 * revocation, which must recognise a token whatever its age.
 */
export async function readAccessToken(
  ctx: AppContext,
  keys: SigningKeys,
  token: string,
  options: { ignoreExpiry?: boolean } = {},
): Promise<AccessTokenClaims | undefined> {
  if (!JWT_SHAPE.test(token) || token.length > 4096) return undefined;
  const { verifyKey } = await keys.load();
  try {
    if (options.ignoreExpiry) {
      const { payload } = await compactVerify(token, verifyKey, { algorithms: [SIGNING_ALG] });
      const claims = JSON.parse(new TextDecoder().decode(payload)) as JWTPayload;
      return isClaims(claims) && claims.iss === issuerOf(ctx) ? claims : undefined;
    }
    const { payload } = await jwtVerify(token, verifyKey, {
      issuer: issuerOf(ctx),
      audience: audienceOf(ctx),
      typ: 'at+jwt',
      algorithms: [SIGNING_ALG],
      currentDate: new Date(ctx.clock.now()),
    });
    return isClaims(payload) ? payload : undefined;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/**
 * The Bearer guard's check of an OAuth access token: a valid signature and lifetime first, then
 * four reads of the store at once, no transaction — the grant still live, this jti not revoked,
 * the client and user still there. Every request reads them, so a token, grant or client revoked
 * on one server is refused on every other at once. The allowlist comes from the client record, so
 * an operator's change applies at once.
 */
export function createAccessTokenVerifier(ctx: AppContext, keys: SigningKeys): AccessTokenVerifier {
  // Signature checks are the costly part, and a client sends one token many times: remember the
  // claims of tokens already verified until they expire (a pure function of the token and the
  // keys, which no server revokes). Revocation is unaffected — the grant, jti, client and user
  // reads below run on every request.
  const verified = new Map<string, AccessTokenClaims>();
  const VERIFIED_CAPACITY = 10_000;
  return async (token) => {
    let claims = verified.get(token);
    if (claims && claims.exp * 1000 <= ctx.clock.now()) {
      verified.delete(token);
      claims = undefined;
    }
    if (!claims) {
      claims = await readAccessToken(ctx, keys, token);
      if (!claims) return undefined;
      if (verified.size >= VERIFIED_CAPACITY) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
    }
    const [grant, revoked, client, user] = await Promise.all([
      ctx.db.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, claims.gid),
      ctx.db.get<RevokedAccessTokenRecord>(OAUTH_REVOKED_ACCESS_TOKENS, GLOBAL, claims.jti),
      getClient(ctx, claims.client_id),
      getUser(ctx, claims.sub),
    ]);
    if (!grant || grant.revokedAt || grant.userId !== claims.sub || grant.clientId !== claims.client_id || revoked) return undefined;
    if (!client || !user || user.orgId !== grant.orgId || !clientServes(client, grant.orgId)) return undefined;
    const principal: Principal = {
      orgId: grant.orgId,
      via: 'oauth_access_token',
      credentialId: claims.jti,
      userId: grant.userId,
      clientId: grant.clientId,
      scopes: parseScope(claims.scope).scopes,
      allowedOperations: client.allowedOperations,
    };
    return principal;
  };
}
