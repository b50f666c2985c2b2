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

/**
 * Checks an authorization request in RFC 6749 §4.1.2.1's order: first the client and its
 * redirect URI (failures are shown to the user), then everything else (failures go back to the
 * client). `source` is the query of the GET, or the hidden fields of a login or consent form.
 */
export function checkAuthorizeRequest(ctx: AppContext, source: Record<string, unknown>): AuthorizeOutcome {
  const raw: RawAuthorizeParams = {};
  const repeated: string[] = [];
  for (const name of AUTHORIZE_PARAMS) {
    const value = source[name];
    if (typeof value === 'string' && value !== '') raw[name] = value;
    else if (value !== undefined && value !== '') repeated.push(name);
  }

  if (repeated.includes('client_id') || !raw.client_id) {
    return { kind: 'page', title: 'This sign-in link is incomplete', message: 'The link that brought you here has no valid client_id. Go back to the application and start again.' };
  }
  const client = getClient(ctx, raw.client_id);
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

  const redirectUri = raw.redirect_uri;
  const state = repeated.includes('state') ? undefined : raw.state;
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: errorRedirect(ctx, redirectUri, error, description, state),
  });

  if (repeated.length) return fail('invalid_request', `The parameter ${repeated[0]} appears more than once.`);
  if (raw.response_type !== undefined && raw.response_type !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  }
  if (state !== undefined && state.length > MAX_STATE) return fail('invalid_request', `state is longer than ${MAX_STATE} characters.`);

  let scopes = client.scopes;
  if (raw.scope !== undefined && raw.scope.trim() !== '') {
    const parsed = parseScope(raw.scope);
    if (parsed.unknown.length) return fail('invalid_scope', `Unknown scope ${parsed.unknown.join(', ')}: use basic, profile or all.`);
    if (!isSubset(parsed.scopes, client.scopes)) {
      return fail('invalid_scope', `This client may ask for ${client.scopes.join(' ')} only.`);
    }
    scopes = parsed.scopes;
  }

  if (raw.code_challenge_method !== undefined && raw.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256 (plain is not supported).');
  }
  if (raw.code_challenge !== undefined && raw.code_challenge_method === undefined) {
    return fail('invalid_request', 'code_challenge_method=S256 is required with code_challenge (plain is not supported).');
  }
  if (raw.code_challenge_method !== undefined && raw.code_challenge === undefined) {
    return fail('invalid_request', 'code_challenge is missing.');
  }
  if (raw.code_challenge !== undefined && !S256_CHALLENGE.test(raw.code_challenge)) {
    return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).');
  }

  const prompts = raw.prompt?.split(' ').filter(Boolean) ?? [];
  const unsupported = prompts.filter((p) => p !== 'login' && p !== 'consent');
  if (unsupported.length) return fail('invalid_request', `prompt=${unsupported[0]} is not supported: use prompt=login.`);

  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      scopes,
      ...(state !== undefined ? { state } : {}),
      ...(raw.code_challenge ? { codeChallenge: raw.code_challenge } : {}),
      forceLogin: prompts.includes('login'),
      raw,
    },
  };
}
