import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../operator/commands.js';
import { GLOBAL } from '../store/index.js';
import { authorizePath, Browser, formFields, graphql, signInAndConsent, startTestServer, tokenRequest, type TestServer, type TokenBody } from 'reference-server/testing';

/**
 * A run's OAuth client belongs to the run's organisation (issue 36): organisation A's admin
 * starts a run with a redirect URI of its choosing; a user of organisation B who opens the
 * authorize link is told the application belongs to another organisation, and no code leaves for
 * A's URI. A's own users still connect it, and the operator's clients still serve everyone.
 */
let server: TestServer;
let client: { client_id: string; client_secret: string };
const REDIRECT = 'https://integration.example/callback';
const other = { email: 'bea@other.example', password: 'correct horse battery staple', id: '' };

beforeAll(async () => {
  server = await startTestServer();
  const org = (await runCommand(server.ctx, 'org.create', { name: 'Other Capital' })) as { id: string };
  const user = (await runCommand(server.ctx, 'user.create', { orgId: org.id, email: other.email, name: 'Bea Other', password: other.password, role: 'admin' })) as { user: { id: string } };
  other.id = user.user.id;
  const started = (await runCommand(server.ctx, 'certify.start', { orgId: server.demo.organizationId, redirectUris: [REDIRECT], checks: ['oauth'] })) as {
    credentials: { oauth_client: { client_id: string; client_secret: string } };
  };
  client = { client_id: started.credentials.oauth_client.client_id, client_secret: started.credentials.oauth_client.client_secret };
});
afterAll(() => server.dispose());

const runAuthorize = () => authorizePath(server, { clientId: client.client_id, redirectUri: REDIRECT, state: 'st' });
const codesIssued = () => server.ctx.db.count('oauth_codes', GLOBAL);

/** Signs a browser in as the other organisation's user through the run client's own login page. */
async function otherUserAt(path: string): Promise<{ browser: Browser; page: Response }> {
  const browser = new Browser(server.url);
  const login = formFields(await (await browser.get(path)).text(), '/api/oauth/authorize/login');
  const signedIn = await browser.post('/api/oauth/authorize/login', { ...login, email: other.email, password: other.password });
  expect(signedIn.status).toBe(303);
  return { browser, page: await browser.get(signedIn.headers.get('location') as string) };
}

describe("a run's OAuth client and another organisation's user", () => {
  it('shows a page saying the application belongs to another organisation, with no consent form and no redirect', async () => {
    const before = await codesIssued();
    const { page } = await otherUserAt(runAuthorize());
    expect(page.status).toBe(403);
    expect(page.headers.get('location')).toBeNull();
    const html = await page.text();
    expect(html).toContain('This application belongs to another organisation');
    expect(html).toContain('Other Capital');
    expect(html).not.toContain('/api/oauth/authorize/consent');
    expect(html).not.toContain(REDIRECT);
    expect(await codesIssued()).toBe(before);
  });

  it('refuses a consent posted anyway (allow or deny): 403, no code, nothing sent to the redirect URI', async () => {
    const before = await codesIssued();
    const { browser } = await otherUserAt(runAuthorize());
    // The form the consent page would carry: the request's parameters, the CSRF token the login page gave, the signed-in account.
    const fields = formFields(await (await browser.get(`${runAuthorize()}&prompt=login`)).text(), '/api/oauth/authorize/login');
    for (const decision of ['allow', 'deny']) {
      const answer = await browser.post('/api/oauth/authorize/consent', { ...fields, prompt: '', account: other.id, decision });
      expect(answer.status, decision).toBe(403);
      expect(answer.headers.get('location'), decision).toBeNull();
      expect(await answer.text()).toContain('belongs to another organisation');
    }
    expect(await codesIssued()).toBe(before);
  });

  it("still lets the run organisation's own user connect it: code, tokens, and its own me", async () => {
    const back = await signInAndConsent(server, runAuthorize());
    expect(back.origin + back.pathname).toBe(REDIRECT);
    const code = back.searchParams.get('code') as string;
    const answer = await tokenRequest(server, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...client });
    expect(answer.status).toBe(200);
    const { access_token } = (await answer.json()) as TokenBody;
    const me = await graphql(server, access_token, 'query getUserDataQuery { me { email } }');
    expect(await me.json()).toEqual({ data: { me: { email: server.demo.user.email } } });
  });

  it("leaves the operator's clients open to every organisation's users", async () => {
    const back = await signInAndConsent(server, authorizePath(server, { state: 'op' }), { email: other.email, password: other.password });
    expect(back.searchParams.get('code')).toMatch(/.+/);
  });
});
