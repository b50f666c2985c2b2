import type { OAuthScope } from '../tenancy/index.js';

/**
 * What the OAuth surface stores, all in the GLOBAL scope (browser sessions: auth/session-records.ts). Codes and refresh tokens are
 * stored under the keyed hash of their secret value, never the value, so the data folder cannot
 * be replayed; the only sealed (encrypted) values are a rotated refresh token's successor pair,
 * kept for the grace window, and the private signing key.
 */
export const OAUTH_CODES = 'oauth_codes';
export const OAUTH_GRANTS = 'oauth_grants';
export const OAUTH_REFRESH_TOKENS = 'oauth_refresh_tokens';
export const OAUTH_REVOKED_ACCESS_TOKENS = 'oauth_revoked_access_tokens';
export const OAUTH_SIGNING_KEYS = 'oauth_signing_keys';
/** The guard written with `create` beside the first signing key, so servers starting together make one. */
export const OAUTH_SIGNING_KEY_GUARDS = 'oauth_signing_key_guards';

export interface AuthorizationCodeRecord {
  /** Keyed hash of the code. */
  id: string;
  clientId: string;
  userId: string;
  orgId: string;
  redirectUri: string;
  scopes: OAuthScope[];
  /** PKCE S256 challenge, when the authorization request carried one. */
  codeChallenge?: string;
  /** The grant the code's tokens will belong to: a replayed code revokes it. */
  grantId: string;
  expiresAt: string;
  usedAt?: string;
}

/**
 * One user's consent to one client, from one code: the family every refresh token and access
 * token issued from that code belongs to. Revoking it ends them all at once.
 */
export interface GrantRecord {
  id: string;
  clientId: string;
  userId: string;
  orgId: string;
  /** What the user consented to; a refresh may narrow this, never widen it. */
  scopes: OAuthScope[];
  createdAt: string;
  revokedAt?: string;
  revokedReason?: string;
}

export interface RefreshTokenRecord {
  /** Keyed hash of the refresh token. */
  id: string;
  grantId: string;
  clientId: string;
  scopes: OAuthScope[];
  issuedAt: string;
  expiresAt: string;
  /** Set when this token was exchanged: it is then the "previous" token of its family. */
  rotatedAt?: string;
  /** Hash of the token that replaced this one. */
  successorId?: string;
  /** The successor token response, sealed, so a retry within the grace window gets the same pair. */
  successorSealed?: string;
}

export interface RevokedAccessTokenRecord {
  /** The access token's jti. */
  id: string;
  /** When the token would have expired anyway: the record can go after that. */
  expiresAt: string;
}

export interface SigningKeyRecord {
  /** The key id (`kid`). */
  id: string;
  alg: 'EdDSA';
  publicJwk: Record<string, unknown>;
  privateJwkSealed: string;
  createdAt: string;
}
