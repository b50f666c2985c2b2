import type { AppContext } from '../context.js';
import { getClient, type OAuthClient, type OAuthScope } from '../tenancy/index.js';
import { isSubset, parseScope } from './scopes.js';
import { issuerOf } from './settings.js';

/** The parameters of an authorization request, carried unchanged through the login and consent forms. */
export const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'prompt',
] as const;
export type AuthorizeParamName = (typeof AUTHORIZE_PARAMS)[number];
export type RawAuthorizeParams = Partial<Record<AuthorizeParamName, string>>;

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: OAuthScope[];
  state?: string;
  codeChallenge?: string;
  forceLogin: boolean;
  /** The request's own parameters, to rebuild its URL and hidden fields. */
  raw: RawAuthorizeParams;
}

export type AuthorizeOutcome =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** RFC 6749 §4.1.2.1: without a trustworthy redirect URI the user is told, never redirected. */
  | { kind: 'page'; title: string; message: string }
  | { kind: 'redirect'; location: string };

/** Base64url of a SHA-256 digest: exactly 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE = 2048;

/** An error redirect (RFC 6749 §4.1.2.1) with `state` echoed and `iss` (RFC 9207). */
export function errorRedirect(
  ctx: AppContext,
  redirectUri: string,
  error: string,
  description: string,
  state: string | undefined,
): string {
  return withParams(redirectUri, { error, error_description: description, ...(state !== undefined ? { state } : {}), iss: issuerOf(ctx) });
}

/** The redirect URI with parameters added, keeping its own query (RFC 6749 §3.1.2). */
export function withParams(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  return url.href;
}

export function authorizeUrl(raw: RawAuthorizeParams, overrides: RawAuthorizeParams = {}, omit: AuthorizeParamName[] = []): string {
  const query = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMS) {
    const value = name in overrides ? overrides[name] : raw[name];
    if (value !== undefined && !omit.includes(name)) query.set(name, value);
  }
  return `/api/oauth/authorize?${query.toString()}`;
}

/** The parameters given once and not empty, and the names of those given more than once. */
function readParams(source: Record<string, unknown>): { raw: RawAuthorizeParams; repeated: AuthorizeParamName[] } {
  const raw: RawAuthorizeParams = {};
  const repeated: AuthorizeParamName[] = [];
  for (const name of AUTHORIZE_PARAMS) {
    const value = source[name];
    if (typeof value === 'string' && value !== '') raw[name] = value;
    else if (value !== undefined && value !== '') repeated.push(name);
  }
  return { raw, repeated };
}

type PageOutcome = Extract<AuthorizeOutcome, { kind: 'page' }>;

/** The client and its redirect URI, or the page that tells the user why neither can be trusted. */
async function trustedClient(ctx: AppContext, raw: RawAuthorizeParams, repeated: readonly string[]): Promise<{ client: OAuthClient; redirectUri: string } | PageOutcome> {
  if (repeated.includes('client_id') || !raw.client_id) {
    return { kind: 'page', title: 'This sign-in link is incomplete', message: 'The link that brought you here has no valid client_id. Go back to the application and start again.' };
  }
  const client = await getClient(ctx, raw.client_id);
  if (!client) {
    return { kind: 'page', title: 'Unknown application', message: 'The application that sent you here is not registered with us, so we cannot sign you in to it.' };
  }
  if (repeated.includes('redirect_uri') || !raw.redirect_uri || !client.redirectUris.includes(raw.redirect_uri)) {
    return {
      kind: 'page',
      title: 'This sign-in link is not valid',
      message: `The return address in the link is not one registered for ${client.name}, so we will not send you back there. Ask the application's developer to use a registered redirect URI.`,
    };
  }
  return { client, redirectUri: raw.redirect_uri };
}

/** What the rules below read: the parameters, once the client and its redirect URI are trusted. */
interface Trusted {
  raw: RawAuthorizeParams;
  repeated: readonly string[];
  client: OAuthClient;
  state: string | undefined;
  scope: ReturnType<typeof parseScope> | undefined;
  prompts: string[];
}

/** One rule: the error (RFC 6749 §4.1.2.1) and its description when the request breaks it. */
type Rule = (request: Trusted) => [error: string, description: string] | undefined;

/** The rules whose failure goes back to the client, in the order they are checked; the first broken one answers. */
const RULES: Rule[] = [
  ({ repeated }) => (repeated.length ? ['invalid_request', `The parameter ${repeated[0]} appears more than once.`] : undefined),
  ({ raw }) => (raw.response_type !== undefined && raw.response_type !== 'code' ? ['unsupported_response_type', 'Only response_type=code is supported.'] : undefined),
  ({ state }) => (state !== undefined && state.length > MAX_STATE ? ['invalid_request', `state is longer than ${MAX_STATE} characters.`] : undefined),
  ({ scope }) => (scope?.unknown.length ? ['invalid_scope', `Unknown scope ${scope.unknown.join(', ')}: use basic, profile or all.`] : undefined),
  ({ scope, client }) => (scope && !isSubset(scope.scopes, client.scopes) ? ['invalid_scope', `This client may ask for ${client.scopes.join(' ')} only.`] : undefined),
  ({ raw }) =>
    raw.code_challenge_method !== undefined && raw.code_challenge_method !== 'S256' ? ['invalid_request', 'code_challenge_method must be S256 (plain is not supported).'] : undefined,
  ({ raw }) =>
    raw.code_challenge !== undefined && raw.code_challenge_method === undefined
      ? ['invalid_request', 'code_challenge_method=S256 is required with code_challenge (plain is not supported).']
      : undefined,
  ({ raw }) => (raw.code_challenge_method !== undefined && raw.code_challenge === undefined ? ['invalid_request', 'code_challenge is missing.'] : undefined),
  ({ raw }) =>
    raw.code_challenge !== undefined && !S256_CHALLENGE.test(raw.code_challenge)
      ? ['invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).']
      : undefined,
  ({ prompts }) => {
    const unsupported = prompts.find((p) => p !== 'login' && p !== 'consent');
    return unsupported ? ['invalid_request', `prompt=${unsupported} is not supported: use prompt=login.`] : undefined;
  },
];

/**
 * Checks an authorization request in RFC 6749 §4.1.2.1's order: first the client and its
 * redirect URI (failures are shown to the user), then the RULES (failures go back to the
 * client). `source` is the query of the GET, or the hidden fields of a login or consent form.
 */
export async function checkAuthorizeRequest(ctx: AppContext, source: Record<string, unknown>): Promise<AuthorizeOutcome> {
  const { raw, repeated } = readParams(source);
  const trust = await trustedClient(ctx, raw, repeated);
  if ('kind' in trust) return trust;
  const { client, redirectUri } = trust;
  const trusted: Trusted = {
    raw,
    repeated,
    client,
    state: repeated.includes('state') ? undefined : raw.state,
    scope: raw.scope !== undefined && raw.scope.trim() !== '' ? parseScope(raw.scope) : undefined,
    prompts: raw.prompt?.split(' ').filter(Boolean) ?? [],
  };
  for (const rule of RULES) {
    const broken = rule(trusted);
    if (broken) return { kind: 'redirect', location: errorRedirect(ctx, redirectUri, ...broken, trusted.state) };
  }
  const { state, scope, prompts } = trusted;
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      scopes: scope ? scope.scopes : client.scopes,
      ...(state !== undefined ? { state } : {}),
      ...(raw.code_challenge ? { codeChallenge: raw.code_challenge } : {}),
      forceLogin: prompts.includes('login'),
      raw,
    },
  };
}
