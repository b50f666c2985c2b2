import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { certificationWhen, explainCertification, finishCertification, type Report, startCertification, startTestServer, type TestServer, writeCertificate } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import App from '../src/index.js';
import type { SubscribeData } from '../src/webhooks/rest-hook.js';
import { ZAPIER_CERTIFICATION_NOTES } from './support/certification-notes.js';
import { configureEnvironment, REDIRECT_URI } from './support/env.js';
import { connectAccount, type AuthData } from './support/oauth.js';
import { operationOf } from './support/shapes.js';

/**
 * The Zapier app certified (issue 26) through createAppTester, with Zapier's platform played as
 * its documentation says it behaves: a ThrottledError is retried after its delay, a
 * RefreshAuthError makes Zapier call refreshAccessToken and retry, any other error stops the
 * step. The webhook receiver is the Submission Completed REST hook: Zapier's hook URL is stood in
 * for by a server that hands each delivery to `perform` and answers 2xx when the zap would run,
 * 401 when perform halts it. The report is the app's published certificate.
 */
const CERTIFICATE = fileURLToPath(new URL('../../docs/certification/zapier.html', import.meta.url));
const ACCESS_TOKEN_TTL_S = 5;
const appTester = createAppTester(App);
const oauth2 = App.authentication!.oauth2Config!;
const hook = operationOf(App.triggers.submission_completed!);
const create = operationOf(App.creates.create_submission);
const records = operationOf(App.triggers.submission_records!);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let server: TestServer;
let hookUrl: Server;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  hookUrl?.close();
  await server.dispose();
});

/** Zapier running one step: ThrottledError → wait its delay and run again; RefreshAuthError → refresh once and run again. */
async function onZapier<T>(step: (authData: AuthData) => Promise<T>, connection: { authData: AuthData }): Promise<T> {
  let refreshed = false;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step(connection.authData);
    } catch (error) {
      const { name, message } = error as Error;
      if (name === 'ThrottledError' && attempt <= 3) {
        await sleep((JSON.parse(message) as { delay: number }).delay * 1000);
        continue;
      }
      // Once per step, whichever attempt meets the expiry (a step Zapier reran after a ThrottledError too).
      if (name === 'RefreshAuthError' && !refreshed) {
        refreshed = true;
        connection.authData = { ...connection.authData, ...((await appTester(oauth2.refreshAccessToken as never, { authData: connection.authData })) as AuthData) };
        continue;
      }
      throw error;
    }
  }
}

/** Zapier's hook URL for one trigger: a delivery its perform accepts (with what subscribing returned) starts the zap (2xx). */
async function standInHookUrl(authData: AuthData, subscription: { data?: SubscribeData }): Promise<string> {
  hookUrl = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const rawRequest = { method: 'POST' as const, querystring: '', headers, content: Buffer.concat(chunks).toString('utf8') };
      appTester(hook.perform, { authData, subscribeData: subscription.data!, rawRequest }).then(
        () => res.writeHead(200).end('{"status":"success"}'),
        (error: Error) => res.writeHead(error.name === 'HaltedError' ? 401 : 500).end(),
      );
    });
  }).listen(0, '127.0.0.1');
  await once(hookUrl, 'listening');
  return `http://127.0.0.1:${(hookUrl.address() as { port: number }).port}/hooks/catch/1/abc`;
}

const outcomes = (r: Report) => Object.fromEntries(r.checks.map((c) => [c.id, c.outcome]));

describe('the Zapier app, certified through createAppTester', () => {
  it('passes every MUST: the REST hook as the receiver, the steps as the client, the connection refreshed through RefreshAuthError', async () => {
    // A zap builder's zap with the Submission Completed trigger: Zapier subscribes its hook URL.
    configureEnvironment(server);
    const builder = await connectAccount(server, { automation_key: server.demo.automationKey });
    const subscription: { data?: SubscribeData } = {};
    const targetUrl = await standInHookUrl(builder.authData, subscription);
    subscription.data = (await appTester(hook.performSubscribe!, { authData: builder.authData, targetUrl })) as SubscribeData;

    const started = await startCertification(server, {
      name: 'Zapier app (createAppTester)',
      subscriptionId: subscription.data.id,
      checks: ['webhook', 'api', 'oauth'],
      redirectUris: [REDIRECT_URI],
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL_S,
      faultWindowSeconds: 5,
    });
    // The run's connection: its OAuth client is the app's (CLIENT_ID), its automation key the connection's field.
    const client = started.credentials.oauth_client!;
    process.env['CLIENT_ID'] = client.client_id;
    process.env['CLIENT_SECRET'] = client.client_secret;
    const connection = { authData: (await connectAccount(server, { automation_key: started.credentials.automation_key! })).authData };

    // Create Submission: its answer dropped (the create is sent again), then its GraphQL read-back meets a 429 and a 503 with
    // Retry-After, each a ThrottledError that Zapier reruns the step after; the run grades the OAuth client that met them.
    const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as { data: Array<{ id: string }> };
    const input = { record_id: 'zap-certified-1', profile_id: profiles.data[0]!.id, company: 'Certified Co', email: 'zap@certified.example' };
    await onZapier((authData) => appTester(create.perform, { authData, inputData: input }), connection);
    // The next step meets the persistent 503 (no Retry-After): it stops with an error, and Zapier does not rerun it.
    await onZapier((authData) => appTester(records.perform, { authData, meta: { page: 0 } }), connection).then(
      () => expect.fail('the step was not stopped by the 503'),
      (error: Error) => expect(error.message).toMatch(/unavailable/),
    );
    await certificationWhen(server, started.run.id, (r) => r.checks.every((c) => c.outcome !== 'pending' || !['api.honours-retry-after', 'api.retries-transient', 'api.bounded-retries', 'api.idempotent-create'].includes(c.id)));

    // The Submission dropdown scrolled to its end: Zapier asks page 0, 1, 2 … until one is empty.
    for (let page = 0; ; page += 1) {
      const entries = (await onZapier((authData) => appTester(records.perform, { authData, meta: { page } }), connection)) as unknown[];
      if (entries.length === 0) break;
    }

    // Two steps, each after the access token expired: a 401 on GraphQL → RefreshAuthError → Zapier calls refreshAccessToken.
    for (let round = 1; round <= 2; round++) {
      await sleep(ACCESS_TOKEN_TTL_S * 1000 + 500);
      await onZapier((authData) => appTester(App.authentication!.test as never, { authData }), connection);
    }

    // Zapier revokes nothing when a connection is deleted: oauth.revokes-on-disconnect stays not_run (the README says so).
    await certificationWhen(server, started.run.id, (r) => r.checks.filter((c) => c.outcome === 'pending').every((c) => c.id === 'oauth.revokes-on-disconnect'));
    // Explained before the run ends: the signed certificate carries what was given by then.
    for (const [check, text] of Object.entries(ZAPIER_CERTIFICATION_NOTES)) await explainCertification(server, started.run.id, check, text);
    const report = await finishCertification(server, started.run.id);
    expect(report.checks.filter((c) => c.outcome !== 'pass').map((c) => `${c.id}: ${c.outcome} ${c.summary}`)).toEqual([expect.stringMatching(/^oauth.revokes-on-disconnect: not_run/)]);
    expect(outcomes(report)['api.idempotent-create']).toBe('pass');
    expect(report.certificate?.id).toMatch(/^cer_/);
    const line = await writeCertificate(report, CERTIFICATE);
    expect(line).toMatch(/passed: 19 passed, 0 failed, 0 warned, 1 not run; 8 explained$/);
    // The line a CI log quotes; test/packaging/zapier-platform-test.test.ts reads it from `zapier-platform test`.
    const musts = report.checks.filter((c) => c.level === 'MUST');
    console.log(`Zapier certification on Node ${process.version}: ${line}; MUST ${musts.filter((c) => c.outcome === 'pass').length} of ${musts.length} passed`);
  }, 120_000);
});
