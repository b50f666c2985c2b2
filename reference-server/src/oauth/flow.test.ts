import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { Browser, consent, exchange, formFields, graphql, refresh, startTestServer, type TestServer, type TokenBody } from 'reference-server/testing';

/**
 * The whole flow as a partner runs it: authorize page → login → consent → code → token →
 * GraphQL → refresh (rotation, grace, reuse) → revoke → 401. Time moves on a ManualClock.
 */
const clock = new ManualClock(Date.UTC(2026, 5, 1, 9));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.dispose());

const USER_QUERY = 'query getUserDataQuery { me { email } }';

describe('a partner connecting an account', () => {
  const browser = () => new Browser(server.url);
  let tokens: TokenBody;

  it('publishes RFC 8414 metadata naming every endpoint', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    const metadata = await response.json();
    expect(metadata).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/api/oauth/authorize`,
      token_endpoint: `${server.url}/api/oauth/token`,
      revocation_endpoint: `${server.url}/api/oauth/revoke`,
      jwks_uri: `${server.url}/api/oauth/jwks.json`,
      scopes_supported: ['basic', 'profile', 'all'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('signs in, consents and gets a code with state echoed byte for byte and iss', async () => {
    const b = browser();
    const state = 'xyz ü+/=&%20 "quoted" <tag>';
    const first = await b.get(`/api/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: server.demo.oauthClient.clientId,
      redirect_uri: server.demo.oauthClient.redirectUri,
      scope: 'all basic profile',
      state,
    })}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const loginHtml = await first.text();
    expect(loginHtml).toContain('<label for="email">');
    expect(loginHtml).toContain('<label for="password">');
    expect(loginHtml).toContain('Demo Partner App');

    const login = await b.post('/api/oauth/authorize/login', {
      ...formFields(loginHtml, '/api/oauth/authorize/login'),
      email: server.demo.user.email,
      password: server.demo.user.password,
    });
    expect(login.status).toBe(303);
    const sessionCookie = login.headers.getSetCookie().find((c) => c.startsWith('pis_session='));
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    // Origin-wide: one sign-in serves the OAuth pages and the workspace.
    expect(sessionCookie).toMatch(/Path=\/;/);

    const consentPage = await b.get(login.headers.get('location') as string);
    expect(consentPage.status).toBe(200);
    const consentHtml = await consentPage.text();
    expect(consentHtml).toContain('Demo Partner App wants to access');
    expect(consentHtml).toContain('Know who you are');
    expect(consentHtml).toContain(server.demo.user.email);

    const approved = await b.post('/api/oauth/authorize/consent', { ...formFields(consentHtml, '/api/oauth/authorize/consent'), decision: 'allow' });
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(server.demo.oauthClient.redirectUri);
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('iss')).toBe(server.url);
    const code = location.searchParams.get('code') as string;
    expect(code).toMatch(/^pis_code_/);

    const response = await exchange(server, code);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    tokens = (await response.json()) as TokenBody;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'basic profile all' });
    expect(tokens.refresh_token).toMatch(/^pis_rt_/);
  });

  it('issues an access token that is a JWT verifiable with the published JWKS', async () => {
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
    const jwks = createRemoteJWKSet(new URL(`${server.url}/api/oauth/jwks.json`));
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: server.url,
      audience: `${server.url}/api`,
      currentDate: new Date(clock.now()),
    });
    expect(payload).toMatchObject({ client_id: server.demo.oauthClient.clientId, scope: 'basic profile all' });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(typeof payload.jti).toBe('string');
    expect(payload.sub).toMatch(/^usr_/);
  });

  it('calls GraphQL with the access token', async () => {
    const response = await graphql(server, tokens.access_token, USER_QUERY);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: { email: server.demo.user.email } } });
  });

  let rotated: TokenBody;
  it('rotates the refresh token, and a retry within the grace window gets the same pair', async () => {
    clock.advance(10 * 60_000);
    const first = await refresh(server, tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    rotated = (await first.json()) as TokenBody;
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(rotated.access_token).not.toBe(tokens.access_token);

    clock.advance(30_000);
    const retry = await refresh(server, tokens.refresh_token);
    expect(retry.status).toBe(200);
    const again = (await retry.json()) as TokenBody;
    expect(again.refresh_token).toBe(rotated.refresh_token);
    expect(again.access_token).toBe(rotated.access_token);
    expect(again.expires_in).toBe(3600 - 30);
  });

  it('keeps working through further rotations', async () => {
    const next = await refresh(server, rotated.refresh_token);
    expect(next.status).toBe(200);
    const third = (await next.json()) as TokenBody;
    expect((await graphql(server, third.access_token, USER_QUERY)).status).toBe(200);
    rotated = third;
  });

  it('revokes the refresh token (RFC 7009), which ends the access tokens of its grant', async () => {
    const response = await fetch(`${server.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: rotated.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: server.demo.oauthClient.clientId,
        client_secret: server.demo.oauthClient.clientSecret,
      }),
    });
    expect(response.status).toBe(200);
    const call = await graphql(server, rotated.access_token, USER_QUERY);
    expect(call.status).toBe(401);
    expect(call.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await call.json()).toMatchObject({ error: 'Unauthorized' });
    expect((await refresh(server, rotated.refresh_token)).status).toBe(400);
  });
});

describe('refresh reuse detection', () => {
  async function connect(): Promise<TokenBody> {
    const location = await consent(server, browser);
    return (await (await exchange(server, location.searchParams.get('code') as string)).json()) as TokenBody;
  }
  let browser: Browser;
  beforeAll(() => {
    browser = new Browser(server.url);
  });

  it('revokes the family when the previous token comes back after the grace window', async () => {
    const tokens = await connect();
    const next = (await (await refresh(server, tokens.refresh_token)).json()) as TokenBody;
    clock.advance(61_000);
    const reuse = await refresh(server, tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(server, next.refresh_token)).status).toBe(400);
    expect((await graphql(server, next.access_token, USER_QUERY)).status).toBe(401);
  });

  it('revokes the family when a token older than the previous one comes back, even within the window', async () => {
    const tokens = await connect();
    const second = (await (await refresh(server, tokens.refresh_token)).json()) as TokenBody;
    const third = (await (await refresh(server, second.refresh_token)).json()) as TokenBody;
    const reuse = await refresh(server, tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect((await refresh(server, third.refresh_token)).status).toBe(400);
    expect((await graphql(server, third.access_token, USER_QUERY)).status).toBe(401);
  });

  it('expires access tokens after expires_in seconds', async () => {
    const tokens = await connect();
    expect((await graphql(server, tokens.access_token, USER_QUERY)).status).toBe(200);
    clock.advance(3600_000);
    expect((await graphql(server, tokens.access_token, USER_QUERY)).status).toBe(401);
    // The refresh token outlives it: that is what it is for.
    expect((await refresh(server, tokens.refresh_token)).status).toBe(200);
  });

  it('expires refresh tokens after 30 days unused', async () => {
    const tokens = await connect();
    clock.advance(30 * 24 * 3600_000);
    const late = await refresh(server, tokens.refresh_token);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('a configured grace window', () => {
  it('follows refreshGraceSeconds', async () => {
    const short = new ManualClock(Date.UTC(2026, 5, 1));
    const configured = await startTestServer({ refreshGraceSeconds: 5 }, { clock: short });
    try {
      const location = await consent(configured, new Browser(configured.url));
      const tokens = (await (await exchange(configured, location.searchParams.get('code') as string)).json()) as TokenBody;
      expect((await refresh(configured, tokens.refresh_token)).status).toBe(200);
      short.advance(4_000);
      expect((await refresh(configured, tokens.refresh_token)).status).toBe(200);
      short.advance(1_000);
      expect((await refresh(configured, tokens.refresh_token)).status).toBe(400);
    } finally {
      await configured.dispose();
    }
  });
});
