import type { TestServer } from '../testing.js';

/**
 * What the OAuth tests drive the sign-in pages with: a cookie jar that follows nothing on its
 * own (every redirect is asserted), and the hidden fields of a rendered form. Used by tests only.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    /** The fetch to send with (an HTTPS test passes one trusting its own certificate). */
    readonly send: typeof fetch = fetch,
  ) {}

  async get(path: string): Promise<Response> {
    return this.#send(path, { method: 'GET' });
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    return this.#send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  async #send(path: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.send(new URL(path, this.base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The hidden and named fields of the form posting to `action`, as a browser would submit them. */
export function formFields(page: string, action: string): Record<string, string> {
  const start = page.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action} on this page`);
  const form = page.slice(start, page.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] as string] = decodeEntities(match[2] as string);
  }
  return fields;
}

const decodeEntities = (value: string): string =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);

export interface AuthorizeInput {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  codeChallenge?: string;
  prompt?: string;
  extra?: Record<string, string>;
}

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

/** Signs the browser in through the login page of an authorization request. */
export async function signIn(browser: Browser, path: string, email: string, password: string): Promise<Response> {
  const page = await browser.get(path);
  const fields = formFields(await page.text(), '/api/oauth/authorize/login');
  return browser.post('/api/oauth/authorize/login', { ...fields, email, password });
}

/**
 * Runs an authorization request in a browser that is already signed in (or signs it in) and
 * answers the consent page; returns the redirect back to the client.
 */
export async function consent(
  server: TestServer,
  browser: Browser,
  input: AuthorizeInput = {},
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const path = authorizePath(server, input);
  let page = await browser.get(path);
  let html = await page.text();
  if (html.includes('/api/oauth/authorize/login')) {
    const login = await browser.post('/api/oauth/authorize/login', {
      ...formFields(html, '/api/oauth/authorize/login'),
      email: server.demo.user.email,
      password: server.demo.user.password,
    });
    if (login.status !== 303) throw new Error(`login answered ${login.status}`);
    page = await browser.get(login.headers.get('location') as string);
    html = await page.text();
  }
  const answer = await browser.post('/api/oauth/authorize/consent', { ...formFields(html, '/api/oauth/authorize/consent'), decision });
  if (answer.status !== 303) throw new Error(`consent answered ${answer.status}`);
  return new URL(answer.headers.get('location') as string);
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

export async function exchange(server: TestServer, code: string, extra: Record<string, string> = {}): Promise<Response> {
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
