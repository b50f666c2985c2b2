import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../operator/commands.js';
import { authorizePath, Browser, settle, signInAndConsent, signInToWorkspace, startTestServer, tokenRequest, type TestServer } from 'reference-server/testing';
import { renderReportHtml } from './report-html.js';
import { renderReportJunit } from './report-junit.js';
import { summaryLine, type Report } from './run-report.js';

/**
 * Only the run's integration is graded: requests that name the run's OAuth client without
 * proving to be it (no verified secret; an authorization no browser completed through sign-in
 * and consent) decide no check, are listed on the run page as not counted, and none of their
 * text reaches a report. The client's own wrong redirect URI still fails its check.
 */
let server: TestServer;
const REDIRECT = 'http://127.0.0.1:9/callback';
/** What a stranger writes; it must appear in no report. */
const MARK = 'STRANGER-TEXT';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

interface Started {
  run: { id: string };
  credentials: { oauth_client: { client_id: string; client_secret: string } };
}

const start = () => runCommand(server.ctx, 'certify.start', { orgId: server.demo.organizationId, redirectUris: [REDIRECT], checks: ['oauth'] }) as Promise<Started>;
const status = (runId: string) => runCommand(server.ctx, 'certify.status', { runId }) as Promise<Report>;
const outcomes = (report: Report) => Object.fromEntries(report.checks.map((c) => [c.id, c.outcome]));

/** The real client's browser half and code exchange: state, S256, the registered redirect URI, its secret, no Origin. */
async function connect(client: { client_id: string; client_secret: string }, browser = new Browser(server.url)): Promise<void> {
  const verifier = randomBytes(32).toString('base64url');
  const back = await signInAndConsent(server, authorizePath(server, { clientId: client.client_id, redirectUri: REDIRECT, state: 'st', codeChallenge: createHash('sha256').update(verifier).digest('base64url') }), { browser });
  const code = back.searchParams.get('code') as string;
  const answer = await tokenRequest(server, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: client.client_id, client_secret: client.client_secret });
  expect(answer.status, await answer.clone().text()).toBe(200);
  // The run records what it saw after the answer left (on PostgreSQL a few round trips later).
  await settle(server);
}

/** Everything someone who saw the authorize URL (the client id, no secret) can send. */
async function strangerSends(clientId: string): Promise<void> {
  const stranger = new Browser(server.url);
  const wrongRedirect = await stranger.get(authorizePath(server, { clientId, redirectUri: `https://${MARK}.example/cb`, state: MARK }));
  expect(wrongRedirect.status).toBe(400);
  // A well-formed request without state or PKCE, left at the sign-in page.
  expect((await stranger.get(authorizePath(server, { clientId, redirectUri: REDIRECT }))).status).toBe(200);
  const origin = { origin: `https://${MARK}.example` };
  const noSecret = await tokenRequest(server, { grant_type: 'authorization_code', code: `pis_ac_${MARK}`, redirect_uri: REDIRECT, client_id: clientId }, origin);
  expect(noSecret.status).toBe(401);
  const wrongSecret = await tokenRequest(server, { grant_type: 'authorization_code', code: MARK, redirect_uri: REDIRECT, client_id: clientId, client_secret: MARK }, origin);
  expect(wrongSecret.status).toBe(401);
  const basic = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: MARK }, { ...origin, authorization: `Basic ${Buffer.from(`${clientId}:${MARK}`).toString('base64')}` });
  expect(basic.status).toBe(401);
  const revoke = await fetch(`${server.url}/api/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: MARK, client_id: clientId }) });
  expect(revoke.status).toBe(401);
  await settle(server);
}

describe("a stranger with the run's client id", () => {
  it('decides no check: what it sends is listed as not counted, and none of its text reaches a report', async () => {
    const { run, credentials } = await start();
    const client = credentials.oauth_client;
    await strangerSends(client.client_id);
    expect(Object.values(outcomes(await status(run.id)))).toEqual(Array(6).fill('pending'));

    await connect(client);
    const report = await status(run.id);
    expect(outcomes(report)).toMatchObject({ 'oauth.exact-redirect': 'pass', 'oauth.state-and-pkce': 'pass', 'oauth.server-side-exchange': 'pass' });
    for (const rendered of [JSON.stringify(report), renderReportHtml(report), renderReportJunit(report), summaryLine(report)]) expect(rendered).not.toContain(MARK);

    const admin = await signInToWorkspace(server);
    const page = await (await admin.get(`/workspace/certification/${run.id}`)).text();
    // Two authorization requests never completed, three token requests and a revocation without a verified secret.
    expect(page).toContain('Not counted (6)</h2>');
    expect(page).toContain('an unregistered redirect URI, state set, no S256 code challenge: no sign-in and consent from that browser yet');
    expect(page).toContain("POST /api/oauth/token grant_type=authorization_code → 401: the client's secret was not verified");
    expect(page).toContain('POST /api/oauth/revoke → 401');
    expect(page).not.toContain(MARK);
  });
});

describe("the run's own client", () => {
  it('still fails oauth.exact-redirect when its browser, sent to an unregistered redirect URI, then completes sign-in and consent', async () => {
    const { run, credentials } = await start();
    const browser = new Browser(server.url);
    const wrong = `${REDIRECT}/other`;
    expect((await browser.get(authorizePath(server, { clientId: credentials.oauth_client.client_id, redirectUri: wrong, state: 's' }))).status).toBe(400);
    await connect(credentials.oauth_client, browser);
    const check = (await status(run.id)).checks.find((c) => c.id === 'oauth.exact-redirect');
    expect(check?.outcome).toBe('fail');
    expect(check?.summary).toContain(`named ${wrong}, not one registered`);
  });
});
