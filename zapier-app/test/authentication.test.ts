import { readFileSync } from 'node:fs';
import { ManualClock } from 'reference-server';
import { startTestServer, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import { operate } from '../../reference-server/src/cli.js';
import App from '../src/index.js';
import { configureEnvironment, REDIRECT_URI } from './support/env.js';
import { authorizeWithPkce, connectAccount } from './support/oauth.js';

/**
 * The connection as Zapier makes it, against the running reference server: authorize URL →
 * sign-in and consent → code → getAccessToken (PKCE) → test and label → refreshAccessToken with
 * rotation. Time moves on a ManualClock so the refresh grace window can run out without waiting.
 */
const clock = new ManualClock(Date.UTC(2026, 5, 1, 9));
let server: TestServer;
const appTester = createAppTester(App);
const auth = App.authentication!;
const oauth2 = auth.oauth2Config!;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  configureEnvironment(server);
});
afterAll(() => server.dispose());

describe('connecting an account', () => {
  it('asks for both keys before the redirect, as optional password fields with help text', () => {
    expect(auth.type).toBe('oauth2');
    expect(oauth2.enablePkce).toBe(true);
    const fields = auth.fields as { key: string; type: string; required: boolean; helpText: string; label: string }[];
    expect(fields.map((f) => [f.key, f.label, f.type, f.required])).toEqual([
      ['automation_key', 'Automation Key', 'password', false],
      ['developer_key', 'Assessment Developer Key', 'password', false],
    ]);
    for (const field of fields) expect(field.helpText).toMatch(/workspace\/keys|operator/);
    expect(fields[0]?.helpText).toContain('`/workspace/keys`');
    // Each help links to where the README explains the key, and that section exists.
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const field of fields) {
      const [, url] = field.helpText.match(/\[[^\]]+\]\((https:\/\/[^)]+)\)/) ?? [];
      expect(url, field.key).toBe('https://github.com/partner-integration-kit/partner-integration-kit/tree/main/zapier-app#getting-the-keys');
    }
    expect(readme).toMatch(/^### Getting the keys$/m);
  });

  it('sends the user to the authorize endpoint with the client, redirect URI, state and scopes', async () => {
    const url = new URL(
      (await appTester(oauth2.authorizeUrl as never, { inputData: { redirect_uri: REDIRECT_URI, state: 's-1' } })) as string,
    );
    expect(url.origin + url.pathname).toBe(`${server.url}/api/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: server.demo.oauthClient.clientId,
      redirect_uri: REDIRECT_URI,
      state: 's-1',
      scope: 'basic profile',
    });
  });

  it('exchanges the code (with the PKCE verifier) for a JWT access token and a rotating refresh token', async () => {
    const { authData, callback } = await connectAccount(server);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(authData.access_token.split('.')).toHaveLength(3);
    expect(authData.refresh_token).toMatch(/^pis_rt_/);
    expect(authData['expires_in']).toBe('3600');
  });

  it('refuses a code exchanged without the PKCE verifier, with the server message', async () => {
    const { code, state } = await authorizeWithPkce(server);
    await expect(
      appTester(oauth2.getAccessToken as never, { inputData: { code, redirect_uri: REDIRECT_URI, state } }),
    ).rejects.toThrow(/code_verifier/);
  });
});

describe('the connection test and label', () => {
  it('names the signed-in user and organisation from getUserDataQuery, with no key needed', async () => {
    const { authData } = await connectAccount(server);
    const info = (await appTester(auth.test as never, { authData })) as Record<string, unknown>;
    expect(info).toMatchObject({
      email: server.demo.user.email,
      name: 'Dana Demo',
      organization: { id: server.demo.organizationId, name: server.demo.organizationName },
    });
    expect(info).not.toHaveProperty('automation');
    const label = await appTester(auth.connectionLabel as never, { authData, inputData: info });
    expect(label).toBe(`Dana Demo (${server.demo.user.email}) · ${server.demo.organizationName}`);
  });

  it('checks each key the connection carries against /api/automation/me and the Assessment API', async () => {
    const { authData } = await connectAccount(server, {
      automation_key: server.demo.automationKey,
      developer_key: server.demo.developerKey,
    });
    const info = await appTester(auth.test as never, { authData });
    expect(info).toMatchObject({
      automation: { user: server.demo.user.email, orgName: server.demo.organizationName },
      assessment: { organizationId: server.demo.organizationId },
    });
  });

  it('fails the test when a key is refused, naming the key and where to find a valid one', async () => {
    const { authData } = await connectAccount(server, { automation_key: 'pis_auto_not-a-real-key' });
    await expect(appTester(auth.test as never, { authData })).rejects.toThrow(
      /refused this connection's Automation Key .*A valid automation key is required.*Reconnect your account with a valid Automation Key/,
    );
  });

  it("fails the test when a key belongs to another organisation than the signed-in user's", async () => {
    const other = (await operate(server.dataDir, 'org.create', { name: 'Other Capital' })) as { id: string };
    await operate(server.dataDir, 'user.create', { orgId: other.id, email: 'owner@other.example', name: 'Owner', role: 'admin' });
    const key = (await operate(server.dataDir, 'key.create', { orgId: other.id, kind: 'automation' })) as { secret: string };
    const { authData } = await connectAccount(server, { automation_key: key.secret });
    await expect(appTester(auth.test as never, { authData })).rejects.toThrow(/belongs to the organisation Other Capital, but you signed in to Northwind Ventures/);
  });
});

describe('refreshing the access token', () => {
  it('returns the rotated refresh token each time, so the next refresh works', async () => {
    const { authData } = await connectAccount(server);
    const first = (await appTester(oauth2.refreshAccessToken as never, { authData })) as Record<string, string>;
    expect(first['refresh_token']).toMatch(/^pis_rt_/);
    expect(first['refresh_token']).not.toBe(authData.refresh_token);
    expect(first['access_token']).not.toBe(authData.access_token);
    const second = (await appTester(oauth2.refreshAccessToken as never, { authData: { ...authData, ...first } })) as Record<string, string>;
    expect(second['refresh_token']).not.toBe(first['refresh_token']);
    const info = await appTester(auth.test as never, { authData: { ...authData, ...second } });
    expect(info).toMatchObject({ email: server.demo.user.email });
  });

  it('asks the zap builder to reconnect when a rotated-out refresh token is replayed after the grace window', async () => {
    const { authData } = await connectAccount(server);
    await appTester(oauth2.refreshAccessToken as never, { authData });
    clock.advance(61_000);
    await expect(appTester(oauth2.refreshAccessToken as never, { authData })).rejects.toMatchObject({
      name: 'ExpiredAuthError',
      message: expect.stringMatching(/expired or was revoked .*Reconnect your account/),
    });
  });

  it('turns a refused access token on GraphQL into RefreshAuthError, so Zapier refreshes and retries', async () => {
    const { authData } = await connectAccount(server);
    await expect(appTester(auth.test as never, { authData: { ...authData, access_token: 'eyJhbGciOi.forged.token' } })).rejects.toMatchObject({
      name: 'RefreshAuthError',
    });
  });
});
