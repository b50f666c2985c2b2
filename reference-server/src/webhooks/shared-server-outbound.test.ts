import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settle, signInToWorkspace, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { defaultOutboundAllowlist, isSharedServer } from '../config.js';
import { INTERNAL_NO_ANSWER } from '../outbound/index.js';
import { ATTEMPTS, type AttemptRecord } from './webhook-records.js';

/**
 * Issue 31, item 1: what an organisation's admin can reach and read through webhooks depends on
 * who else reaches the server. A server listening beyond loopback is shared: its loopback holds
 * the host's own services, so it is not allowed by default, and when the operator allows an
 * internal address its answers stay out of the delivery log.
 */
let receiver: WebhookReceiver;
const servers: TestServer[] = [];

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
});
afterAll(() => receiver.stop());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.dispose()));
});

async function start(overrides: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(overrides);
  servers.push(server);
  return server;
}

const subscribe = (server: TestServer, url: string) =>
  fetch(`${server.url}/api/automation/webhooks`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['submission.queued'] }),
  });

describe('outbound by where the server listens', () => {
  it('refuses a loopback target on a server listening on 0.0.0.0 (no allowlist given)', async () => {
    const shared = await start({ host: '0.0.0.0', insecureHttp: true });
    expect(shared.ctx.config.outboundAllowlist).toEqual([]);
    const refused = await subscribe(shared, receiver.url);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toMatch(/loopback address 127\.0\.0\.1/);
    const compatible = await subscribe(shared, 'http://[::7f00:1]:1/x');
    expect(compatible.status).toBe(400);
  });

  it('allows 127.0.0.1 by default only on a loopback server with no proxy in front', () => {
    expect(defaultOutboundAllowlist({ host: '127.0.0.1' })).toEqual(['127.0.0.1']);
    expect(defaultOutboundAllowlist({ host: '0.0.0.0' })).toEqual([]);
    expect(defaultOutboundAllowlist({ host: '::' })).toEqual([]);
    expect(defaultOutboundAllowlist({ host: '127.0.0.1', trustProxy: 1 })).toEqual([]);
    expect(defaultOutboundAllowlist({ host: '127.0.0.1', publicUrl: 'https://sandbox.example.com' })).toEqual([]);
    expect(isSharedServer({ host: 'localhost', publicUrl: 'http://localhost:8787' })).toBe(false);
  });

  it('keeps only the outcome class of an allowed internal target: no answer body, headers, status or error address', async () => {
    const shared = await start({ host: '0.0.0.0', insecureHttp: true, outboundAllowlist: ['127.0.0.1'] });
    receiver.respond = () => ({ status: 403, headers: { 'x-operator-secret': 'do-not-show' } });
    const answered = await subscribe(shared, receiver.urlOf('/operator-like'));
    expect(answered.status).toBe(201);
    // A closed port: the network error would name 127.0.0.1:1 and tell a closed port from an open one.
    const closed = await subscribe(shared, 'http://127.0.0.1:1/scan');
    expect(closed.status).toBe(201);
    const answeredId = ((await answered.json()) as { id: string }).id;
    const closedId = ((await closed.json()) as { id: string }).id;

    const queued = await fetch(`${shared.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': shared.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'r1', profile_id: 'prf_seed_deal', fields: { company: 'Acme' } }),
    });
    expect(queued.status).toBe(202);
    await receiver.next((d) => d.path === '/operator-like');
    await settle(shared);

    const stored = (id: string) => shared.ctx.db.all<AttemptRecord>(ATTEMPTS, id);
    const [fromReceiver] = await stored(answeredId);
    expect(fromReceiver).toMatchObject({ outcome: 'failed', status_code: null, response_body: null, error: expect.stringMatching(/4xx/) });
    expect(fromReceiver?.exchange).toMatchObject({ response: null, answerWithheld: true });
    expect(JSON.stringify(fromReceiver)).not.toMatch(/do-not-show|\b403\b|"ok"/);

    const [fromClosed] = await stored(closedId);
    expect(fromClosed).toMatchObject({ outcome: 'retrying', status_code: null, error: INTERNAL_NO_ANSWER });
    // The URL the admin typed is theirs to see; the network's answer to it is not.
    expect(JSON.stringify({ ...fromClosed, exchange: { ...fromClosed?.exchange, request: undefined } })).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);

    // The API's attempts list says the same.
    const listed = (await (
      await fetch(`${shared.url}/api/automation/webhooks/${answeredId}/attempts`, { headers: { 'x-api-key': shared.demo.automationKey } })
    ).json()) as { data: Record<string, unknown>[] };
    expect(JSON.stringify(listed.data)).not.toMatch(/do-not-show|\b403\b/);

    // And the workspace's attempt page, which shows a public receiver's whole answer.
    const browser = await signInToWorkspace(shared);
    const page = await browser.get(`/workspace/webhooks/${answeredId}/attempts/${fromReceiver?.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('an internal address the server');
    expect(html).toContain('HTTP 4xx from an internal address');
    expect(html).not.toMatch(/do-not-show|HTTP 403/);
    receiver.respond = () => ({ status: 200 });
  });

  it('still shows a local receiver its full answer on a loopback server (a developer and their local n8n)', async () => {
    const local = await start({});
    receiver.respond = () => ({ status: 418, headers: { 'x-local': 'visible' } });
    const created = await subscribe(local, receiver.urlOf('/local'));
    const id = ((await created.json()) as { id: string }).id;
    await fetch(`${local.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': local.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'r2', profile_id: 'prf_seed_deal', fields: { company: 'Acme' } }),
    });
    await receiver.next((d) => d.path === '/local');
    await settle(local);
    const [attempt] = await local.ctx.db.all<AttemptRecord>(ATTEMPTS, id);
    expect(attempt).toMatchObject({ status_code: 418 });
    expect(attempt?.exchange?.response?.headers['x-local']).toBe('visible');
    receiver.respond = () => ({ status: 200 });
  });
});
