import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { runCommand } from '../operator/commands.js';
import { authorizePath, Browser, settle, signInAndConsent, startTestServer, tokenRequest, type TestServer, type TokenBody } from 'reference-server/testing';
import type { Report } from './run-report.js';

/**
 * The OAuth checks, graded on what a client really sends: a well-behaved client (state, S256,
 * server-side exchange, refresh after expiry, the newest refresh token, revocation) and a careless
 * one, each against a run of its own. Time moves on a ManualClock, so access tokens expire at once.
 */
const clock = new ManualClock(Date.UTC(2026, 10, 1, 9));
let server: TestServer;
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.dispose());

interface Started {
  run: { id: string };
  credentials: { oauth_client: { client_id: string; client_secret: string }; automation_key?: string };
}

const start = (checks: string[]) =>
  runCommand(server.ctx, 'certify.start', { orgId: server.demo.organizationId, redirectUris: [REDIRECT], checks, accessTokenTtlSeconds: 30 }) as Promise<Started>;
const status = (runId: string) => runCommand(server.ctx, 'certify.status', { runId }) as Promise<Report>;
const outcome = (report: Report, id: string) => report.checks.find((c) => c.id === id)?.outcome;

async function authorize(clientId: string, query: { state?: string; challenge?: string; redirect?: string } = {}, browser?: Browser): Promise<string> {
  const back = await signInAndConsent(
    server,
    authorizePath(server, { clientId, redirectUri: query.redirect ?? REDIRECT, ...(query.state ? { state: query.state } : {}), ...(query.challenge ? { codeChallenge: query.challenge } : {}) }),
    browser ? { browser } : {},
  );
  return back.searchParams.get('code') as string;
}

async function tokens(body: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: TokenBody }> {
  const response = await tokenRequest(server, body, headers);
  return { status: response.status, body: (await response.json()) as TokenBody };
}

// The gradings of the requests made so far are written before time moves: otherwise the run's
// look at the new time could read the run before the last grading and finish it a look later.
const later = async (ms: number) => {
  await settle(server);
  clock.advance(ms);
  await settle(server);
};

describe('a client that does everything right', () => {
  it('passes every OAuth check, and the run ends once all are decided', async () => {
    const { run, credentials } = await start(['oauth']);
    const client = { client_id: credentials.oauth_client.client_id, client_secret: credentials.oauth_client.client_secret };
    const verifier = randomBytes(32).toString('base64url');
    const code = await authorize(client.client_id, { state: 'st-1', challenge: createHash('sha256').update(verifier).digest('base64url') });
    const first = await tokens({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, ...client });
    expect(first.status).toBe(200);
    expect(first.body.expires_in).toBe(30);

    await later(31_000);
    const second = await tokens({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token, ...client });
    expect(second.status).toBe(200);
    await later(31_000);
    const third = await tokens({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token, ...client });
    expect(third.status).toBe(200);
    const disconnect = await fetch(`${server.url}/api/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: third.body.refresh_token, ...client }) });
    expect(disconnect.status).toBe(200);

    await later(1000);
    const report = await status(run.id);
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['oauth.exact-redirect', 'pass'],
      ['oauth.state-and-pkce', 'pass'],
      ['oauth.refreshes-on-expiry', 'pass'],
      ['oauth.uses-rotated-refresh-token', 'pass'],
      ['oauth.server-side-exchange', 'pass'],
      ['oauth.revokes-on-disconnect', 'pass'],
    ]);
    expect(report.run.status).toBe('passed');
    expect(report.checks.find((c) => c.id === 'oauth.refreshes-on-expiry')?.summary).toMatch(/1\.0 s after its access token expired/);
  });
});

describe('a careless client', () => {
  it('fails each MUST it breaks, and warns on the SHOULDs', async () => {
    const { run, credentials } = await start(['oauth']);
    const client = { client_id: credentials.oauth_client.client_id, client_secret: credentials.oauth_client.client_secret };
    // It first sends its user to an unregistered redirect URI (an error page), then, in the same
    // browser, authorizes with no state and no PKCE; the code is exchanged from a browser page (it sends Origin).
    const browser = new Browser(server.url);
    const unregistered = await browser.get(authorizePath(server, { clientId: client.client_id, redirectUri: `${REDIRECT}/other`, state: 's' }));
    expect(unregistered.status).toBe(400);
    const code = await authorize(client.client_id, {}, browser);
    const first = await tokens({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...client }, { origin: 'https://app.example' });
    expect(first.status).toBe(200);
    // Its access token expires and it sends the user to sign in again, its refresh token unused.
    await later(31_000);
    const again = await authorize(client.client_id, { state: 's' });
    const second = await tokens({ grant_type: 'authorization_code', code: again, redirect_uri: REDIRECT, ...client });
    const rotated = await tokens({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token, ...client });
    expect(rotated.status).toBe(200);
    // It kept the old refresh token and presents it again after the grace window: reuse.
    await later(61_000);
    const reused = await tokens({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token, ...client });
    expect(reused.status).toBe(400);

    await later(1000);
    const report = await status(run.id);
    expect(outcome(report, 'oauth.exact-redirect')).toBe('fail');
    expect(outcome(report, 'oauth.state-and-pkce')).toBe('warn');
    expect(outcome(report, 'oauth.server-side-exchange')).toBe('fail');
    expect(outcome(report, 'oauth.uses-rotated-refresh-token')).toBe('fail');
    expect(outcome(report, 'oauth.refreshes-on-expiry')).toBe('fail');
    expect(outcome(report, 'oauth.revokes-on-disconnect')).toBe('pending');

    const finished = (await runCommand(server.ctx, 'certify.finish', { runId: run.id })) as Report;
    expect(finished.run.status).toBe('failed');
    expect(outcome(finished, 'oauth.revokes-on-disconnect')).toBe('not_run');
  });
});

describe("a run's credentials", () => {
  it('work during the run beside the organisation’s own, and stop working when it ends', async () => {
    const { run, credentials } = (await runCommand(server.ctx, 'certify.start', {
      orgId: server.demo.organizationId,
      redirectUris: [REDIRECT],
      webhookUrl: 'http://127.0.0.1:9/hook',
      checks: ['api', 'oauth'],
      timeoutSeconds: 60,
    })) as Started & { credentials: { automation_key: string; developer_key: string } };
    const me = (key: string, path = '/api/automation/me') => fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } });
    // The run's developer key stands beside the organisation's: neither replaces the other.
    expect((await me(server.demo.developerKey, '/api/v1/assessment/questions')).status).toBe(200);
    expect([200, 429]).toContain((await me(credentials.developer_key, '/api/v1/assessment/questions')).status);
    const client = { client_id: credentials.oauth_client.client_id, client_secret: credentials.oauth_client.client_secret };
    const code = await authorize(client.client_id, { state: 's' });
    const pair = await tokens({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...client });
    expect(pair.status).toBe(200);

    // The deadline passes: the driver finishes the run.
    await later(61_000);
    expect((await status(run.id)).run.status).toBe('failed');
    expect((await me(credentials.automation_key)).status).toBe(401);
    expect((await me(credentials.developer_key, '/api/v1/assessment/questions')).status).toBe(401);
    expect((await me(server.demo.developerKey, '/api/v1/assessment/questions')).status).toBe(200);
    const refreshed = await tokens({ grant_type: 'refresh_token', refresh_token: pair.body.refresh_token, ...client });
    expect(refreshed.status).toBe(401);
    const gql = await fetch(`${server.url}/api`, { method: 'POST', headers: { authorization: `Bearer ${pair.body.access_token}`, 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(gql.status).toBe(401);
  });
});
