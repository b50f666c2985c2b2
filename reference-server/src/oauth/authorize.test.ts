import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../clock.js';
import { authorizePath, Browser, consent, formFields, signIn, startTestServer, type TestServer } from 'reference-server/testing';

/** The authorization endpoint's negative paths (RFC 6749 §4.1.2.1, RFC 9700, RFC 9207). */
const clock = new ManualClock(Date.UTC(2026, 6, 1));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.dispose());

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('requests that must not redirect', () => {
  it.each([
    ['an unknown client', { clientId: 'client_unknown' }],
    ['a redirect URI with a trailing slash', { redirectUri: 'http://localhost:5678/rest/oauth2-credential/callback/' }],
    ['a redirect URI in another case', { redirectUri: 'http://LOCALHOST:5678/rest/oauth2-credential/callback' }],
    ['a redirect URI with an extra query', { redirectUri: 'http://localhost:5678/rest/oauth2-credential/callback?x=1' }],
    ['an unregistered redirect URI', { redirectUri: 'https://attacker.example/callback' }],
  ])('shows an error page for %s', async (_label, input) => {
    const response = await get(authorizePath(server, input));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain('role="alert"');
  });

  it('shows an error page without client_id or redirect_uri', async () => {
    expect((await get('/api/oauth/authorize?response_type=code')).status).toBe(400);
    expect((await get(`/api/oauth/authorize?client_id=${server.demo.oauthClient.clientId}`)).status).toBe(400);
  });

  it('shows an error page when client_id is repeated', async () => {
    const id = server.demo.oauthClient.clientId;
    const response = await get(`${authorizePath(server)}&client_id=${id}`);
    expect(response.status).toBe(400);
  });
});

describe('requests that redirect back with an error, state and iss', () => {
  const state = 'opaque/state?with=chars';
  async function errorOf(input: Parameters<typeof authorizePath>[1]): Promise<URLSearchParams> {
    const response = await get(authorizePath(server, { state, ...input }));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(server.demo.oauthClient.redirectUri);
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('iss')).toBe(server.url);
    return location.searchParams;
  }

  it.each([
    ['an unknown scope', { scope: 'basic admin' }, 'invalid_scope'],
    ['response_type=token', { extra: { response_type: 'token' } }, 'unsupported_response_type'],
    ['code_challenge_method=plain', { extra: { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' } }, 'invalid_request'],
    ['a code_challenge without method', { extra: { code_challenge: 'a'.repeat(43) } }, 'invalid_request'],
    ['a malformed code_challenge', { extra: { code_challenge: 'short', code_challenge_method: 'S256' } }, 'invalid_request'],
    ['prompt=none', { prompt: 'none' }, 'invalid_request'],
  ])('answers %s', async (_label, input, error) => {
    expect((await errorOf(input)).get('error')).toBe(error);
  });

  it('refuses a scope the client was not registered for', async () => {
    const { operate } = await import('../cli.js');
    const narrow = (await operate(server.sandbox, 'client.create', {
      name: 'Basic Only',
      redirectUris: [server.demo.oauthClient.redirectUri],
      scopes: ['basic'],
    })) as { clientId: string };
    expect((await errorOf({ clientId: narrow.clientId, scope: 'basic all' })).get('error')).toBe('invalid_scope');
  });

  it('refuses a repeated state', async () => {
    const response = await get(`${authorizePath(server, { state: 'one' })}&state=two`);
    const location = new URL(response.headers.get('location') as string);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.has('state')).toBe(false);
  });

  it('sends access_denied when the user denies', async () => {
    const location = await consent(server, new Browser(server.url), { state }, 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('iss')).toBe(server.url);
    expect(location.searchParams.has('code')).toBe(false);
  });
});

describe('the login form', () => {
  it('answers a wrong password with 303 back to the page, which then says so', async () => {
    const browser = new Browser(server.url);
    const path = authorizePath(server);
    const failed = await signIn(browser, path, server.demo.user.email, 'wrong password');
    expect(failed.status).toBe(303);
    expect(browser.cookies.has('pis_session')).toBe(false);
    const again = await browser.get(failed.headers.get('location') as string);
    const html = await again.text();
    expect(html).toContain('do not match an account');
    expect(html).toContain(`value="${server.demo.user.email}"`);
    expect(html).toContain('aria-invalid="true"');
  });

  it('refuses a login POST without its CSRF token', async () => {
    const browser = new Browser(server.url);
    const page = await browser.get(authorizePath(server));
    const fields = formFields(await page.text(), '/api/oauth/authorize/login');
    const response = await browser.post('/api/oauth/authorize/login', {
      ...fields,
      _csrf: 'forged',
      email: server.demo.user.email,
      password: server.demo.user.password,
    });
    expect(response.status).toBe(303);
    expect(browser.cookies.has('pis_session')).toBe(false);
    expect(await (await browser.get(response.headers.get('location') as string)).text()).toContain('Please try again');
  });

  it('refuses a CSRF token minted for another browser', async () => {
    const attacker = new Browser(server.url);
    const page = await attacker.get(authorizePath(server));
    const fields = formFields(await page.text(), '/api/oauth/authorize/login');
    const victim = new Browser(server.url);
    await victim.get(authorizePath(server));
    const response = await victim.post('/api/oauth/authorize/login', {
      ...fields,
      email: server.demo.user.email,
      password: server.demo.user.password,
    });
    expect(response.status).toBe(303);
    expect(victim.cookies.has('pis_session')).toBe(false);
  });

  it('slows down guessing: after five failures from one address, that address waits before the next check', async () => {
    // On a data folder: the wait is read on the test's clock, which the database's counters do not keep (sign-in-throttle.test.ts).
    const server = await startTestServer({ dataDir: await mkdtemp(join(tmpdir(), 'reference-server-')) }, { clock });
    onTestFinished(() => server.dispose());
    const { operate } = await import('../cli.js');
    await operate(server.sandbox, 'user.create', {
      orgId: server.demo.organizationId,
      email: 'guessed@northwind.example',
      name: 'Guessed',
      password: 'correct horse battery',
    });
    const browser = new Browser(server.url);
    const path = authorizePath(server);
    for (let i = 0; i < 5; i += 1) await signIn(browser, path, 'guessed@northwind.example', `wrong ${i}`);
    const locked = await signIn(browser, path, 'guessed@northwind.example', 'correct horse battery');
    expect(browser.cookies.has('pis_session')).toBe(false);
    expect(await (await browser.get(locked.headers.get('location') as string)).text()).toContain('Too many failed sign-ins');
    // Backoff, not a lock: the first wait is 30 seconds.
    clock.advance(30_000 + 1);
    await signIn(browser, path, 'guessed@northwind.example', 'correct horse battery');
    expect(browser.cookies.has('pis_session')).toBe(true);
  });
});

describe('sessions and consent', () => {
  it('shows the login page again with prompt=login, even with a live session', async () => {
    const browser = new Browser(server.url);
    await consent(server, browser);
    const page = await browser.get(authorizePath(server, { prompt: 'login' }));
    expect(await page.text()).toContain('action="/api/oauth/authorize/login"');
    const withoutPrompt = await browser.get(authorizePath(server));
    expect(await withoutPrompt.text()).toContain('action="/api/oauth/authorize/consent"');
  });

  it.each([
    ['the consent form carries no valid CSRF token', { _csrf: 'x' }],
    ['another account signed in after the page was shown', { account: 'usr_someone_else' }],
  ])('asks again when %s', async (_when, changed) => {
    const browser = new Browser(server.url);
    await consent(server, browser);
    const page = await browser.get(authorizePath(server));
    const fields = formFields(await page.text(), '/api/oauth/authorize/consent');
    const response = await browser.post('/api/oauth/authorize/consent', { ...fields, ...changed, decision: 'allow' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/api\/oauth\/authorize\?/);
  });

  it('ends the session after 12 hours', async () => {
    const browser = new Browser(server.url);
    await consent(server, browser);
    clock.advance(12 * 3600_000);
    const page = await browser.get(authorizePath(server));
    expect(await page.text()).toContain('action="/api/oauth/authorize/login"');
  });

  it('lets a form post to the client origin in its CSP (Chrome checks form-action on redirects)', async () => {
    const page = await new Browser(server.url).get(authorizePath(server));
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:5678");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});
