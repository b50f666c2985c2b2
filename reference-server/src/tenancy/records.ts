/** The tenancy records every surface relies on. All live in the GLOBAL scope of the store. */
export const ORGANIZATIONS = 'organizations';
export const USERS = 'users';
export const CREDENTIALS = 'credentials';
export const OAUTH_CLIENTS = 'oauth_clients';

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
