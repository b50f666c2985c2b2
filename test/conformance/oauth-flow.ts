import { createHash, randomBytes } from 'node:crypto';
import { ensure, ensureStatus, field, okJson } from './assert.js';
import { FormBrowser } from './browser.js';
import type { CredentialName } from './credentials.js';
import type { Reply } from './http.js';
import type { CheckContext } from './runner.js';

/** What a check needs to call the token endpoint as the client; and to run the flow as a user too. */
export const CLIENT: CredentialName[] = ['oauthClientId', 'oauthClientSecret', 'oauthRedirectUri'];
export const FLOW: CredentialName[] = [...CLIENT, 'userEmail', 'userPassword'];

export interface AuthorizeOutcome {
  /** The redirect back to the client, parsed. */
  redirect: URL;
  state: string;
  /** Every page the user saw, in order: 'login', 'consent' or 'other'. */
  pages: string[];
}

export interface AuthorizeOptions {
  browser?: FormBrowser;
  scope?: string;
  prompt?: string;
  decision?: 'allow' | 'deny';
  password?: string;
  /** More authorize parameters (PKCE's code_challenge, …). */
  extra?: Record<string, string>;
}

const ALLOW = /allow|approve|authori[sz]e|accept|grant|continue|yes/i;
const DENY = /deny|decline|reject|cancel|no\b/i;
const MAX_PAGES = 6;

export function authorizeUrl(t: CheckContext, state: string, options: AuthorizeOptions = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: t.cred('oauthClientId'),
    redirect_uri: t.cred('oauthRedirectUri'),
    scope: options.scope ?? 'all basic profile',
    state,
  });
  if (options.prompt) query.set('prompt', options.prompt);
  for (const [name, value] of Object.entries(options.extra ?? {})) query.set(name, value);
  return `/api/oauth/authorize?${query.toString()}`;
}

/**
 * Drives the authorize endpoint the way a person in a browser does: on a page with a password
 * field, types the email and password; on a page with an allow/deny choice, clicks one; follows
 * redirects on the server and stops at the one back to the client's redirect URI.
 */
export async function authorize(t: CheckContext, options: AuthorizeOptions = {}): Promise<AuthorizeOutcome> {
  const browser = options.browser ?? new FormBrowser(t.http);
  const state = randomBytes(12).toString('base64url');
  const redirectUri = t.cred('oauthRedirectUri');
  const pages: string[] = [];
  let step = await browser.navigate('GET', authorizeUrl(t, state, options));
  for (let i = 0; i < MAX_PAGES; i += 1) {
    const location = step.reply.headers.get('location');
    if (step.reply.status >= 300 && step.reply.status < 400 && location) {
      const target = new URL(location, step.url);
      ensure(target.href.startsWith(redirectUri.split('?')[0] ?? redirectUri), `redirected to ${target.origin}${target.pathname}, not to the registered redirect URI`);
      return { redirect: target, state, pages };
    }
    ensureStatus(step.reply, 200);
    const forms = FormBrowser.forms(step.reply.text, step.url);
    const login = forms.find((form) => form.inputs.some((input) => input.type === 'password'));
    if (login) {
      const retry = pages.includes('login');
      pages.push('login');
      // Shown again after a password the caller chose to be wrong: that is the outcome, stop here.
      if (retry && options.password) break;
      const fields = { ...login.fields };
      for (const input of login.inputs) {
        if (input.type === 'password') fields[input.name] = options.password ?? t.cred('userPassword');
        else if (input.type === 'email' || (input.type === 'text' && /mail|user|login/i.test(input.name))) fields[input.name] = t.cred('userEmail');
      }
      step = await browser.navigate(login.method, login.action, fields);
      continue;
    }
    const wanted = options.decision === 'deny' ? DENY : ALLOW;
    const consent = forms.find((form) => form.buttons.some((b) => wanted.test(`${b.value} ${b.label}`)));
    if (consent) {
      pages.push('consent');
      const button = consent.buttons.find((b) => wanted.test(`${b.value} ${b.label}`));
      step = await browser.navigate(consent.method, consent.action, { ...consent.fields, ...(button?.name ? { [button.name]: button.value } : {}) });
      continue;
    }
    pages.push('other');
    break;
  }
  throw new AuthorizeStopped(pages, step.reply);
}

/** The sign-in stopped on a page that neither redirected nor offered a login or consent form. */
export class AuthorizeStopped extends Error {
  constructor(
    readonly pages: string[],
    readonly reply: Reply,
  ) {
    super(`the sign-in stopped after ${pages.join(' → ') || 'the first page'} (HTTP ${reply.status}) without redirecting to the client`);
  }
}

export async function authorizationCode(t: CheckContext, options: AuthorizeOptions = {}): Promise<string> {
  const outcome = await authorize(t, options);
  const code = outcome.redirect.searchParams.get('code');
  ensure(code, `no code in the redirect (error=${outcome.redirect.searchParams.get('error')})`);
  ensure(outcome.redirect.searchParams.get('state') === outcome.state, 'the redirect does not carry the same state');
  t.secret(code, 'authorization code');
  return code;
}

/** A code authorized with an S256 PKCE challenge, and the verifier that goes with it. */
export async function pkceCode(t: CheckContext): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { code: await authorizationCode(t, { extra: { code_challenge: challenge, code_challenge_method: 'S256' } }), verifier };
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** The spec's token request: client credentials in the JSON body (Authentication, step 4). */
export function tokenRequest(t: CheckContext, params: Record<string, string>): Promise<Reply> {
  return t.http.post('/api/oauth/token', {
    headers: { accept: 'application/json' },
    json: { client_id: t.cred('oauthClientId'), client_secret: t.cred('oauthClientSecret'), ...params },
  });
}

export function ensureTokenResponse(t: CheckContext, reply: Reply): TokenResponse {
  const body = okJson(reply);
  const access = field<string>(body, 'access_token', 'string');
  ensure(/^[\w-]+\.[\w-]+\.[\w-]*$/.test(access), 'access_token is not a JWT (three base64url parts)');
  const refresh = field<string>(body, 'refresh_token', 'string');
  ensure(/^bearer$/i.test(field<string>(body, 'token_type', 'string')), `token_type is ${String(body.token_type)}, not Bearer`);
  const expiresIn = field<number>(body, 'expires_in', 'number');
  ensure(Number.isInteger(expiresIn) && expiresIn > 0, `expires_in is ${expiresIn}`);
  field(body, 'scope', 'string');
  ensure(/no-store/.test(reply.headers.get('cache-control') ?? ''), 'token response without Cache-Control: no-store (RFC 6749 §5.1)');
  t.secret(access, 'access token');
  t.secret(refresh, 'refresh token');
  return body as unknown as TokenResponse;
}

/** Tokens from a fresh sign-in, for checks that only need a working access token. */
export function signedInTokens(t: CheckContext): Promise<TokenResponse> {
  return t.shared('oauth.tokens', (s) => freshTokens(s));
}

/** The token request that exchanges `code`, with the registered redirect URI. */
export function exchange(t: CheckContext, code: string): Promise<Reply> {
  return tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: t.cred('oauthRedirectUri') });
}

/** Tokens of a new grant of this check's own (one it may revoke or rotate). */
export async function freshTokens(t: CheckContext, options: AuthorizeOptions = {}): Promise<TokenResponse> {
  return ensureTokenResponse(t, await exchange(t, await authorizationCode(t, options)));
}
