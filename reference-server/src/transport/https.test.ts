import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import { generate } from 'selfsigned';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import { defaultConfig } from '../config.js';
import { startServer } from '../server.js';
import { Browser, formFields, startTestServer, type TestServer } from 'reference-server/testing';
import { demoClientAuthorization } from '../../testing/oauth4webapi.js';
import { checkTransport, HSTS_VALUE, InsecureTransportError } from './tls.js';

/**
 * HTTPS end to end: a certificate made in the test, the server serving it, and a strict OAuth
 * client (oauth4webapi, without its allowInsecureRequests escape hatch) trusting only that certificate.
 */
let dir: string;
let server: TestServer;
let tlsFetch: typeof fetch;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reference-server-tls-'));
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  await writeFile(certFile, pems.cert);
  await writeFile(keyFile, pems.private);
  const agent = new Agent({ connect: { ca: pems.cert } });
  tlsFetch = ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch;
  server = await startTestServer({ tls: { certFile, keyFile } });
});
afterAll(async () => {
  await server?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('HTTPS', () => {
  it('runs the whole OAuth flow over HTTPS with a strict stock client, every URL https', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const fetchOption = { [oauth.customFetch]: tlsFetch };
    const issuer = new URL(server.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...fetchOption }));
    expect(as.issuer).toBe(server.url);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint'] as const) {
      expect(as[key]).toMatch(/^https:\/\//);
    }

    const { client, auth, redirectUri, verifier, state, url } = await demoClientAuthorization(server, as);

    const browser = new Browser(server.url, tlsFetch);
    const loginPage = await browser.get(url.pathname + url.search);
    expect(loginPage.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    const login = await browser.post('/api/oauth/authorize/login', {
      ...formFields(await loginPage.text(), '/api/oauth/authorize/login'),
      email: server.demo.user.email,
      password: server.demo.user.password,
    });
    // Over HTTPS the session cookie is Secure.
    expect(login.headers.getSetCookie().join('\n')).toMatch(/;\s*secure/i);
    const consentPage = await (await browser.get(login.headers.get('location') as string)).text();
    const approved = await browser.post('/api/oauth/authorize/consent', { ...formFields(consentPage, '/api/oauth/authorize/consent'), decision: 'allow' });
    const callback = new URL(approved.headers.get('location') as string);
    expect(callback.searchParams.get('iss')).toBe(server.url);

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, verifier, fetchOption),
    );
    const me = await tlsFetch(`${server.url}/api`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query getUserDataQuery { me { email } }', operationName: 'getUserDataQuery' }),
    });
    expect(await me.json()).toEqual({ data: { me: { email: server.demo.user.email } } });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token as string, fetchOption),
    );
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshed.refresh_token as string, fetchOption));
  });

  it('names every cookie __Host- over TLS: Secure, Path=/, no Domain (issue 31)', async () => {
    const browser = new Browser(server.url, tlsFetch);
    const setCookies: string[] = [];
    const page = await browser.get('/api/oauth/sign-in?return_to=/workspace');
    setCookies.push(...page.headers.getSetCookie());
    const login = await browser.post('/api/oauth/sign-in', {
      ...formFields(await page.text(), '/api/oauth/sign-in'),
      email: server.demo.user.email,
      password: server.demo.user.password,
    });
    setCookies.push(...login.headers.getSetCookie());
    expect(login.headers.get('location')).toBe('/workspace');
    // The workspace's own form cookies (its CSRF cookie), and whatever an invite page sets.
    const workspace = await browser.get('/workspace/keys');
    expect(workspace.status).toBe(200);
    setCookies.push(...workspace.headers.getSetCookie());
    const invite = (await operate(server.sandbox, 'invite.create', { orgId: server.demo.organizationId, email: 'tls@northwind.example' })) as { url: string };
    const invitePage = await tlsFetch(invite.url);
    setCookies.push(...invitePage.headers.getSetCookie());

    const names = setCookies.map((line) => line.slice(0, line.indexOf("=")));
    expect(names).toEqual(expect.arrayContaining(['__Host-pis_session', '__Host-pis_browser', '__Host-pis_csrf', '__Host-pis_ws_csrf']));
    for (const line of setCookies) {
      expect(line, line).toMatch(/^__Host-/);
      expect(line, line).toMatch(/;\s*Secure/i);
      expect(line, line).toMatch(/;\s*Path=\/(;|$)/i);
      expect(line, line).not.toMatch(/;\s*Domain=/i);
    }
    // The session works under its prefixed name, and an unprefixed cookie of the same value is not read.
    expect(browser.cookies.has('__Host-pis_session')).toBe(true);
    const session = browser.cookies.get('__Host-pis_session') as string;
    const planted = await tlsFetch(`${server.url}/workspace`, { redirect: 'manual', headers: { cookie: `pis_session=${session}` } });
    expect(planted.status).toBe(303);
  });

  it('does not answer plain HTTP on the HTTPS port', async () => {
    const error = await fetch(server.url.replace(/^https:/, 'http:') + '/api').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
  });

  it('lets the operator CLI reach the running HTTPS server, pinned to its certificate', async () => {
    const orgs = (await operate(server.sandbox, 'org.list', {})) as { id: string }[];
    expect(orgs.map((o) => o.id)).toContain(server.demo.organizationId);
  });
});

describe('plain HTTP off loopback', () => {
  it('refuses to start, says why and what to do, and never takes the folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'reference-server-insecure-'));
    try {
      const error = await startServer(defaultConfig({ dataDir, host: '0.0.0.0', port: 0, logLevel: 'silent' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InsecureTransportError);
      expect((error as Error).message).toMatch(/refusing to serve plain HTTP on 0\.0\.0\.0.*--tls-cert.*--insecure-http/s);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('allows loopback, TLS, or an explicit --insecure-http', () => {
    for (const host of ['127.0.0.1', '::1', '[::1]', 'localhost', '127.0.0.2']) expect(() => checkTransport({ host })).not.toThrow();
    expect(() => checkTransport({ host: '10.0.0.5' })).toThrow(InsecureTransportError);
    expect(() => checkTransport({ host: '10.0.0.5', insecureHttp: true })).not.toThrow();
    expect(() => checkTransport({ host: '::', tls: { certFile: 'c', keyFile: 'k' } })).not.toThrow();
  });
});
