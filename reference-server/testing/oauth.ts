import type { Browser } from './browser.js';
import { formFields } from './browser.js';
import type { TestServer } from './server.js';
import { signInAndConsent } from './sign-in.js';

export interface AuthorizeInput {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  codeChallenge?: string;
  prompt?: string;
  extra?: Record<string, string>;
}

/** An authorize request of the demo client (or the one given), as a path on the server. */
export function authorizePath(server: TestServer, input: AuthorizeInput = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: input.clientId ?? server.demo.oauthClient.clientId,
    redirect_uri: input.redirectUri ?? server.demo.oauthClient.redirectUri,
    ...(input.scope !== undefined ? { scope: input.scope } : {}),
    ...(input.state !== undefined ? { state: input.state } : {}),
    ...(input.codeChallenge ? { code_challenge: input.codeChallenge, code_challenge_method: 'S256' } : {}),
    ...(input.prompt ? { prompt: input.prompt } : {}),
    ...input.extra,
  });
  return `/api/oauth/authorize?${query.toString()}`;
}

/** Signs the browser in through the login page of an authorization request; returns the login answer. */
export async function signIn(browser: Browser, path: string, email: string, password: string): Promise<Response> {
  const page = await browser.get(path);
  const fields = formFields(await page.text(), '/api/oauth/authorize/login');
  return browser.post('/api/oauth/authorize/login', { ...fields, email, password });
}

/** Runs an authorization request of the demo client in `browser` (see signInAndConsent). */
export function consent(server: TestServer, browser: Browser, input: AuthorizeInput = {}, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  return signInAndConsent(server, authorizePath(server, input), { browser, decision });
}

export interface TokenBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** `POST /api/oauth/token` with a JSON body, as the spec shows. */
export function tokenRequest(server: TestServer, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export const demoClientAuth = (server: TestServer) => ({
  client_id: server.demo.oauthClient.clientId,
  client_secret: server.demo.oauthClient.clientSecret,
});

export function exchange(server: TestServer, code: string, extra: Record<string, string> = {}): Promise<Response> {
  return tokenRequest(server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: server.demo.oauthClient.redirectUri,
    ...demoClientAuth(server),
    ...extra,
  });
}

export function refresh(server: TestServer, refreshToken: string, extra: Record<string, string> = {}): Promise<Response> {
  return tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshToken, ...demoClientAuth(server), ...extra });
}

/** `POST /api` with a Bearer token. */
export function graphql(server: TestServer, token: string, query: string, variables?: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
}
