import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  certificationWhen,
  explainCertification,
  finishCertification,
  formFields,
  signInToWorkspace,
  startCertification,
  startTestServer,
  type TestServer,
  WebhookReceiver,
} from 'reference-server/testing';
import { renderReportJunit } from './certification/index.js';

/**
 * Issue 36, item 6: the secrets each log, page and report used to keep, each sent through the
 * server over HTTP and looked for where a person reads it. Every secret is a distinct value, so a
 * failure names the rule that let it through.
 */
const secret = (name: string) => `${name}S3cr3t${name.length}x`;

let server: TestServer;
let browser: Browser;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  server = await startTestServer();
  browser = await signInToWorkspace(server);
  await receiver.start();
});

afterAll(async () => {
  await server?.dispose();
  await receiver.stop();
});

const unescape = (html: string) => html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const page = async (path: string) => {
  const answer = await browser.get(path);
  expect(answer.status, path).toBe(200);
  return unescape(await answer.text());
};

function expectNone(where: string, text: string, secrets: Record<string, string>): void {
  for (const [rule, value] of Object.entries(secrets)) expect(text, `${where}: ${rule}`).not.toContain(value);
}

/** A receiver that answers with credentials of its own: cookies, an authorization, a key, and tokens in its body. */
const leakyAnswer = {
  'set-cookie': secret('setcookie'),
  authorization: `Bearer ${secret('authorization')}`,
  'x-api-key': secret('xapikey'),
};
const leakyBody = { ok: true, access_token: secret('accesstoken'), refresh_token: secret('refreshtoken') };
const answerSecrets = { 'set-cookie': secret('setcookie'), authorization: secret('authorization'), 'x-api-key': secret('xapikey'), access_token: secret('accesstoken'), refresh_token: secret('refreshtoken') };

describe('the request log', { timeout: 60_000 }, () => {
  it('keeps none of the credentials a client sends by header, query, JSON value or GraphQL document', async () => {
    const sent = {
      Authentication: secret('authentication'),
      'X-Api-Pass': secret('xapipass'),
      'X-Bearer': secret('xbearer'),
      'X-Refresh': secret('xrefresh'),
      hmac: secret('hmac'),
      pass: secret('pass'),
      sessionid: secret('sessionid'),
      userinfo: secret('userinfo'),
      'graphql password': secret('gqlpassword'),
      'graphql secret': secret('gqlsecret'),
      'graphql token': secret('gqltoken'),
      'graphql over JSON': secret('gqljson'),
    };
    const key = { 'x-api-key': server.demo.automationKey };
    const me = await fetch(`${server.url}/api/automation/me?hmac=${sent.hmac}&pass=${sent.pass}&sessionid=${sent.sessionid}&page=1`, {
      headers: { ...key, Authentication: `Bearer ${sent.Authentication}`, 'X-Api-Pass': sent['X-Api-Pass'], 'X-Bearer': sent['X-Bearer'], 'X-Refresh': sent['X-Refresh'] },
    });
    expect(me.status).toBe(200);
    const submitted = await fetch(`${server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'redact-userinfo', profile_id: 'prf_seed_deal', fields: { company: 'Acme', website: `https://deploy:${sent.userinfo}@acme.example/status` } }),
    });
    expect(submitted.status).toBe(202);
    const partner = { authorization: `Bearer ${server.demo.partnerCredential}` };
    await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { ...partner, 'content-type': 'application/graphql' },
      body: `mutation { signIn(password: "${sent['graphql password']}", secret: "${sent['graphql secret']}", token: "${sent['graphql token']}") { ok } }`,
    });
    await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { ...partner, 'content-type': 'application/json' },
      body: JSON.stringify({ query: `query { lookup(apiToken: "${sent['graphql over JSON']}") { id } }` }),
    });

    const rows: string[] = [];
    for (const surface of ['automation', 'graphql']) {
      const list = await page(`/workspace/requests?surface=${surface}`);
      expectNone(`request log list (${surface})`, list, sent);
      for (const [, path] of list.matchAll(/href="(\/workspace\/requests\/rql_[^"]+)"/g)) rows.push(await page(path as string));
    }
    const detail = rows.join('\n');
    expectNone('request log detail', detail, sent);
    expect(detail).toContain('hmac=[redacted]&pass=[redacted]&sessionid=[redacted]&page=1');
    expect(detail).toContain('https://[redacted]@acme.example/status');
    expect(detail).toContain('password: "[redacted]"');
    expect(detail).toContain('apiToken: \\"[redacted]\\"');
  });
});

describe('the delivery log, both directions', { timeout: 60_000 }, () => {
  it('shows no credential of the receiver’s answer on the attempt page or in either attempts API, nor the ?token= it was sent to', async () => {
    receiver.respond = () => ({ status: 200, headers: { ...leakyAnswer, 'content-type': 'application/json' }, body: JSON.stringify(leakyBody) });
    const urlToken = secret('urltoken');
    const subscriptions: { surface: string; id: string; key: string; type: string }[] = [];
    for (const [surface, base, key, type] of [
      ['automation', '/api/automation', server.demo.automationKey, 'submission.queued'],
      ['v1', '/api/v1', server.demo.developerKey, 'assessment.completed'],
    ] as const) {
      const made = await fetch(`${server.url}${base}/webhooks`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.urlOf(`/leaky-${surface}`)}?token=${urlToken}`, events: [type] }),
      });
      expect(made.status).toBe(201);
      subscriptions.push({ surface: base, id: ((await made.json()) as { id: string }).id, key, type });
    }
    for (const { id, type } of subscriptions) {
      const endpoint = await page(`/workspace/webhooks/${id}`);
      const test = await browser.post(`/workspace/webhooks/${id}/test`, { ...formFields(endpoint, `/workspace/webhooks/${id}/test`), type });
      expect(test.status).toBe(303);
    }
    for (const surface of ['automation', 'v1']) await receiver.next((d) => d.path.startsWith(`/leaky-${surface}`));

    for (const { surface, id, key } of subscriptions) {
      let listed: { data: { id: string; response_body: string | null }[] } = { data: [] };
      // The attempt is written just after the receiver answered: wait for it, boundedly.
      for (let tries = 0; listed.data.length === 0 && tries < 100; tries += 1) {
        const answer = await fetch(`${server.url}${surface}/webhooks/${id}/attempts`, { headers: { 'x-api-key': key } });
        expect(answer.status).toBe(200);
        listed = (await answer.json()) as typeof listed;
        if (listed.data.length === 0) await new Promise((done) => setTimeout(done, 50));
      }
      const [attempt] = listed.data;
      expect(attempt?.response_body).toContain('"ok":true');
      expectNone(`attempts API ${surface}`, JSON.stringify(listed), answerSecrets);
      const shown = await page(`/workspace/webhooks/${id}/attempts/${attempt?.id}`);
      expectNone(`attempt page (${surface})`, shown, { ...answerSecrets, urlToken });
      expect(shown).toContain('token=[redacted]');
      expect(shown).toContain('Bearer [redacted]');
      expect(shown).toContain('"access_token": "[redacted]"');
    }
    receiver.respond = () => ({ status: 200 });
  });
});

describe('the certification run’s report and page', { timeout: 60_000 }, () => {
  it('shows neither the receiver URL’s ?token= nor the receiver’s tokens, in JSON, HTML, JUnit or on the run page', async () => {
    const urlToken = secret('runurltoken');
    const userinfo = secret('explainuserinfo');
    receiver.respond = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(leakyBody) });
    const started = await startCertification(server, { name: 'Redaction', webhookUrl: `${receiver.urlOf('/cert')}?token=${urlToken}&channel=deals`, checks: ['webhook'] });
    const runId = started.run.id;
    await certificationWhen(server, runId, (r) => r.checks.some((c) => c.id === 'webhook.accepts-valid' && c.outcome !== 'pending'));
    await explainCertification(server, runId, 'webhook.fast-ack', `Our receiver is https://ops:${userinfo}@hooks.example/in`);
    await finishCertification(server, runId);
    receiver.respond = () => ({ status: 200 });

    const secrets = { ...answerSecrets, urlToken, userinfo };
    const json = await page(`/workspace/certification/${runId}/report.json`);
    const html = await page(`/workspace/certification/${runId}/report.html`);
    const runPage = await page(`/workspace/certification/${runId}`);
    const junit = renderReportJunit(JSON.parse(json) as Parameters<typeof renderReportJunit>[0]);
    for (const [where, text] of Object.entries({ json, html, runPage, junit })) {
      expectNone(where, text, secrets);
      expect(text, where).toContain('https://[redacted]@hooks.example/in');
    }
    for (const [where, text] of Object.entries({ json, html, runPage })) expect(text, where).toContain('token=[redacted]&channel=deals');
    expect(json).toContain('\\"access_token\\":\\"[redacted]\\"');
  });
});
