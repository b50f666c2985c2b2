import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { apiUrl, clientId, clientSecret } from './config.js';
import { graphql, USER_QUERY, type GraphqlUser } from './graphql.js';
import { KEY_FIELDS, KEY_HELP_URL, keyOf } from './keys.js';

/**
 * The scopes the steps use: `basic` for the signed-in user, `profile` for assessment results.
 * Sent in the authorize URL only (not also as `oauth2Config.scope`): a repeated parameter is refused.
 */
export const SCOPES = 'basic profile';

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in?: number;
  scope?: string;
}

/**
 * Zapier sends the user here. With `enablePkce` Zapier adds `code_challenge` and
 * `code_challenge_method=S256` itself and hands the verifier to getAccessToken.
 */
const authorizeUrl = async (_z: ZObject, bundle: Bundle): Promise<string> => {
  const url = new URL(apiUrl('/api/oauth/authorize'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId());
  url.searchParams.set('redirect_uri', String(bundle.inputData['redirect_uri']));
  url.searchParams.set('state', String(bundle.inputData['state']));
  url.searchParams.set('scope', SCOPES);
  return url.href;
};

function tokens(data: TokenResponse): Record<string, string> {
  return {
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    ...(data.expires_in !== undefined ? { expires_in: String(data.expires_in) } : {}),
  };
}

/** The code exchange, server-side, with the client secret in the JSON body as the spec shows. */
const getAccessToken = async (z: ZObject, bundle: Bundle): Promise<Record<string, string>> => {
  const verifier = bundle.inputData['code_verifier'];
  const response = await z.request<TokenResponse>({
    url: apiUrl('/api/oauth/token'),
    method: 'POST',
    body: {
      grant_type: 'authorization_code',
      code: bundle.inputData['code'],
      redirect_uri: bundle.inputData['redirect_uri'],
      client_id: clientId(),
      client_secret: clientSecret(),
      ...(typeof verifier === 'string' && verifier ? { code_verifier: verifier } : {}),
    },
  });
  return tokens(response.data);
};

/**
 * Refresh tokens rotate: the answer carries a new refresh token, and Zapier stores whatever this
 * returns, so returning the new one is what keeps the next refresh working. A refused refresh
 * token (revoked, expired, or reused outside the grace window) cannot be retried: the zap
 * builder has to reconnect.
 */
const refreshAccessToken = async (z: ZObject, bundle: Bundle): Promise<Record<string, string>> => {
  const response = await z.request<TokenResponse & { error?: string; error_description?: string }>({
    url: apiUrl('/api/oauth/token'),
    method: 'POST',
    skipThrowForStatus: true,
    body: {
      grant_type: 'refresh_token',
      refresh_token: bundle.authData['refresh_token'],
      client_id: clientId(),
      client_secret: clientSecret(),
    },
  });
  if (response.status === 400 && response.data?.error === 'invalid_grant') {
    throw new z.errors.ExpiredAuthError(
      `Your sign-in to the platform has expired or was revoked (${response.data.error_description ?? 'invalid_grant'}). Reconnect your account.`,
    );
  }
  if (response.status >= 400) {
    const description = response.data?.error_description ?? `HTTP ${response.status}`;
    throw new z.errors.Error(`The platform refused to refresh the access token: ${description}`, response.data?.error ?? 'refresh_failed', response.status);
  }
  return tokens(response.data);
};

export interface ConnectionInfo extends GraphqlUser {
  automation?: { user: string | null; orgName: string | null };
  assessment?: { organizationId: string };
}

/**
 * The connection test: who signed in (partner GraphQL `getUserDataQuery`), and, for each key the
 * connection carries, that the key works and belongs to the same organisation, so a mistyped or
 * foreign key is caught while connecting rather than in a running zap.
 */
const test = async (z: ZObject, bundle: Bundle): Promise<ConnectionInfo> => {
  const { me } = await graphql<{ me: GraphqlUser | null }>(z, 'getUserDataQuery', USER_QUERY);
  if (!me) throw new z.errors.Error('The platform did not say who signed in. Reconnect your account.', 'NO_USER');
  const info: ConnectionInfo = { ...me };
  if (keyOf(bundle, 'automation')) {
    const automation = (await z.request<{ user: string | null; orgName: string | null }>(apiUrl('/api/automation/me'))).data;
    if (automation.orgName !== me.organization.name) {
      throw new z.errors.Error(
        `The ${KEY_FIELDS.automation.label} belongs to the organisation ${automation.orgName}, but you signed in to ${me.organization.name}. Reconnect with a key of your own organisation.`,
        'KEY_ORGANIZATION_MISMATCH',
      );
    }
    info.automation = automation;
  }
  if (keyOf(bundle, 'assessment')) {
    const instrument = (await z.request<{ organizationId: string }>(apiUrl('/api/v1/assessment/questions'))).data;
    if (instrument.organizationId !== me.organization.id) {
      throw new z.errors.Error(
        `The ${KEY_FIELDS.assessment.label} belongs to another organisation than ${me.organization.name}, the one you signed in to. Reconnect with your own organisation's key.`,
        'KEY_ORGANIZATION_MISMATCH',
      );
    }
    info.assessment = { organizationId: instrument.organizationId };
  }
  return info;
};

/** "Dana Demo (demo@northwind.example) · Northwind Ventures": who, and for which organisation. */
const connectionLabel = async (_z: ZObject, bundle: Bundle): Promise<string> => {
  const { name, email, organization } = bundle.inputData as unknown as ConnectionInfo;
  return `${name} (${email}) · ${organization.name}`;
};

export const authentication: Authentication = {
  type: 'oauth2',
  fields: (['automation', 'assessment'] as const).map((surface) => ({
    key: KEY_FIELDS[surface].key,
    label: KEY_FIELDS[surface].label,
    type: 'password' as const,
    required: false,
    helpText:
      surface === 'automation'
        ? `Needed for the submission, resource and transcript steps and their triggers. ${KEY_FIELDS.automation.where} [How to get the keys](${KEY_HELP_URL})`
        : `Needed for the assessment, result and benchmark steps. ${KEY_FIELDS.assessment.where} [How to get the keys](${KEY_HELP_URL})`,
  })),
  oauth2Config: {
    authorizeUrl,
    getAccessToken,
    refreshAccessToken,
    enablePkce: true,
    // Off on purpose: core's 401 hook fires before app middleware and cannot tell a stale access
    // token (GraphQL) from a refused API key. handleErrors throws RefreshAuthError for the former.
    autoRefresh: false,
  },
  test,
  connectionLabel,
};
