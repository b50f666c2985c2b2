/** The tenancy records every surface relies on. All live in the GLOBAL scope of the store. */
export const ORGANIZATIONS = 'organizations';
export const USERS = 'users';
export const CREDENTIALS = 'credentials';
export const OAUTH_CLIENTS = 'oauth_clients';
/**
 * Guards (docs/decisions/foundation-async-store.md): a record whose id is the unique value, written
 * with `create` in the same transaction as the change, so of two servers racing exactly one commits.
 * `user_emails`: one user per email (id = the normalised email). `active_developer_keys`: one live
 * developer key per organisation (scope = the organisation, id `developer`).
 */
export const USER_EMAILS = 'user_emails';
export const ACTIVE_DEVELOPER_KEYS = 'active_developer_keys';
export const DEVELOPER_KEY_GUARD = 'developer';

export interface UserEmailGuard {
  /** The normalised email. */
  id: string;
  userId: string;
}

export interface DeveloperKeyGuard {
  id: typeof DEVELOPER_KEY_GUARD;
  /** The live developer key's public handle. */
  keyId: string;
}

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

export interface User {
  id: string;
  orgId: string;
  email: string;
  name: string;
  role: 'admin' | 'member';
  passwordHash: string;
  createdAt: string;
}

export type CredentialKind = 'developer_key' | 'automation_key' | 'partner_credential';

/** A key or partner credential, stored under the keyed hash of its secret (never the secret). */
export interface Credential {
  /** Keyed hash of the secret: the lookup key. */
  id: string;
  /** Public handle for listing and revoking, e.g. `key_…`. */
  keyId: string;
  kind: CredentialKind;
  orgId: string;
  label: string;
  /** The user an automation key acts for (its `me.user`). */
  userId?: string;
  /** GraphQL operations a partner credential may run. */
  allowedOperations?: string[];
  /** First characters of the secret, to recognise it in a list. */
  hint: string;
  /** Made for a certification run (`crt_…`): it ends with the run, and a run's developer key does not replace the organisation's. */
  runId?: string;
  createdAt: string;
  revokedAt?: string;
}

export const OAUTH_SCOPES = ['basic', 'profile', 'all'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export interface OAuthClient {
  /** The client_id. */
  id: string;
  name: string;
  secretHash: string;
  redirectUris: string[];
  scopes: OAuthScope[];
  /** GraphQL operations this client's tokens may run. */
  allowedOperations: string[];
  /**
   * The organisation whose users alone may authorise it (a certification run's client belongs to
   * the run's organisation). Absent on the operator's clients: any organisation's users may.
   */
  orgId?: string;
  /** Made for a certification run (`crt_…`), whose access tokens live `accessTokenTtlSeconds`. */
  runId?: string;
  accessTokenTtlSeconds?: number;
  createdAt: string;
  revokedAt?: string;
}
