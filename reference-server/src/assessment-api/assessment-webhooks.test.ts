import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import { answersFrom } from '../psychometrics/index.js';
import { errorSchema } from './assessment-response-schemas.js';
import { defaultConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { type Delivery, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { webhookOpenApi } from '../webhooks/index.js';

/** The Assessment API's webhooks: registration under /api/v1 and the events a submit publishes. */
// Real answers are parsed strictly with the schemas the OpenAPI document is generated from.
const contract = webhookOpenApi('/api/v1', 'assessment', () => ({})).outputSchemas;
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer();
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.stop();
  await server.dispose();
});

const call = (surface: 'v1' | 'automation', path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api/${surface}${path}`, {
    ...init,
    headers: {
      'x-api-key': surface === 'v1' ? server.demo.developerKey : server.demo.automationKey,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });

async function subscribe(surface: 'v1' | 'automation', events: string[]): Promise<{ id: string; secret: string }> {
  const response = await call(surface, '/webhooks', { method: 'POST', body: JSON.stringify({ url: receiver.url, events }) });
  expect(response.status).toBe(201);
  return contract.CreatedSubscription.parse(await response.json());
}

const submit = (email: string, answer: number) =>
  call('v1', '/assessment/submit', { method: 'POST', body: JSON.stringify({ email, full_name: 'Robin Webhook', ...answersFrom(() => answer) }) });

function verified(delivery: Delivery, secret: string) {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]));
  return new Webhook(secret).verify(delivery.rawBody, headers) as { id: string; type: string; organization_id: string; data: Record<string, unknown> };
}

const created: { surface: 'v1' | 'automation'; id: string }[] = [];
afterEach(async () => {
  for (const { surface, id } of created.splice(0)) await call(surface, `/webhooks/${id}`, { method: 'DELETE' });
});

describe('assessment webhooks under /api/v1', () => {
  it('registers with the developer key, shows the secret once, and offers only assessment events', async () => {
    const subscription = await subscribe('v1', ['assessment.completed']);
    created.push({ surface: 'v1', id: subscription.id });
    expect(subscription.secret).toMatch(/^whsec_/);

    const list = contract.Subscriptions.parse(await (await call('v1', '/webhooks')).json());
    expect(list.data.map((s) => s.id)).toContain(subscription.id);
    expect(JSON.stringify(list)).not.toContain(subscription.secret);

    const types = contract.EventTypes.parse(await (await call('v1', '/webhooks/event-types')).json());
    expect(contract.Subscription.parse(await (await call('v1', `/webhooks/${subscription.id}`)).json()).id).toBe(subscription.id);
    expect(types.data.map((t) => t.type).sort()).toEqual(['assessment.completed', 'assessment.replaced']);
  });

  it('refuses an automation event type, a bad URL and a private address, naming the field', async () => {
    for (const body of [
      { url: receiver.url, events: ['submission.completed'] },
      { url: 'not a url' },
      { url: 'http://10.0.0.1/hook' },
      { url: 'http://169.254.169.254/latest/meta-data' },
    ]) {
      const response = await call('v1', '/webhooks', { method: 'POST', body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { fields } = contract.InvalidFieldsError.parse(await response.json());
      expect(fields.map((f) => f.field.split('.')[0]), JSON.stringify(body)).toEqual([Object.keys(body).at(-1)]);
    }
  });

  it("keeps each surface's subscriptions apart, and wants the developer key", async () => {
    const automation = await subscribe('automation', ['assessment.completed']);
    created.push({ surface: 'automation', id: automation.id });
    expect((await call('v1', `/webhooks/${automation.id}`)).status).toBe(404);
    expect((await call('v1', `/webhooks/${automation.id}`, { method: 'DELETE' })).status).toBe(404);
    const withAutomationKey = await fetch(`${server.url}/api/v1/webhooks`, { headers: { 'x-api-key': server.demo.automationKey } });
    expect(withAutomationKey.status).toBe(401);
    expect(errorSchema.parse(await withAutomationKey.json())).toMatchObject({ error: 'Unauthorized' });

    // And the other way round: an assessment subscription is invisible to the Automation API.
    const assessment = await subscribe('v1', ['assessment.replaced']);
    created.push({ surface: 'v1', id: assessment.id });
    for (const path of [`/webhooks/${assessment.id}`, `/webhooks/${assessment.id}/attempts`]) expect((await call('automation', path)).status).toBe(404);
    expect((await call('automation', `/webhooks/${assessment.id}`, { method: 'DELETE' })).status).toBe(404);
    const automationList = contract.Subscriptions.parse(await (await call('automation', '/webhooks?limit=100')).json());
    expect(automationList.data.map((s) => s.id)).not.toContain(assessment.id);
    const assessmentList = contract.Subscriptions.parse(await (await call('v1', '/webhooks?limit=100')).json());
    expect(assessmentList.data.map((s) => s.id)).toEqual([assessment.id]);
  });

  it("answers 404 in the /api/v1 error body for another organisation's subscription, and for one deleted", async () => {
    const org = (await operate(server.sandbox, 'org.create', { name: 'Elsewhere Ventures' })) as { id: string };
    const otherKey = ((await operate(server.sandbox, 'key.create', { orgId: org.id, kind: 'developer' })) as { secret: string }).secret;
    const asOther = (path: string, method = 'GET') => fetch(`${server.url}/api/v1${path}`, { method, headers: { 'x-api-key': otherKey } });

    const ours = await subscribe('v1', ['assessment.completed']);
    created.push({ surface: 'v1', id: ours.id });
    for (const [path, method] of [
      [`/webhooks/${ours.id}`, 'GET'],
      [`/webhooks/${ours.id}/attempts`, 'GET'],
      [`/webhooks/${ours.id}/enable`, 'POST'],
      [`/webhooks/${ours.id}`, 'DELETE'],
    ] as const) {
      const response = await asOther(path, method);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(errorSchema.parse(await response.json())).toMatchObject({ error: 'Not Found' });
    }
    expect(contract.Subscriptions.parse(await (await asOther('/webhooks')).json()).data).toEqual([]);

    // The other organisation's failed DELETE left ours in place; ours removes it, once.
    expect((await call('v1', `/webhooks/${ours.id}`)).status).toBe(200);
    expect((await call('v1', `/webhooks/${ours.id}`, { method: 'DELETE' })).status).toBe(204);
    for (const init of [{}, { method: 'DELETE' }]) {
      const response = await call('v1', `/webhooks/${ours.id}`, init);
      expect(response.status).toBe(404);
      expect(errorSchema.parse(await response.json()).message).toContain(ours.id);
    }
  });

  it('answers a bad page query with a 400 naming the field', async () => {
    for (const query of ['limit=0', 'limit=101', 'cursor=not-a-cursor']) {
      const response = await call('v1', `/webhooks?${query}`);
      expect(response.status, query).toBe(400);
      const body = contract.InvalidFieldsError.parse(await response.json());
      expect(body.fields.map((f) => f.field), query).toEqual([query.split('=')[0]]);
    }
  });

  it('delivers assessment.completed, then assessment.replaced on a later submit, signed for the standardwebhooks package', async () => {
    const assessment = await subscribe('v1', ['assessment.completed', 'assessment.replaced']);
    const automation = await subscribe('automation', ['assessment.completed']);
    created.push({ surface: 'v1', id: assessment.id }, { surface: 'automation', id: automation.id });
    const before = receiver.deliveries.length;

    const first = (await (await submit('Robin.Webhook@example.com', 4)).json()) as { responseId: string };
    await receiver.waitFor(before + 2);
    const secrets = [assessment.secret, automation.secret];
    const firstEvents = receiver.deliveries.slice(before).map((d) => {
      const secret = secrets.find((s) => {
        try {
          verified(d, s);
          return true;
        } catch {
          return false;
        }
      });
      expect(secret, 'every delivery verifies with one subscription secret').toBeDefined();
      return verified(d, secret as string);
    });
    expect(firstEvents.map((e) => e.type)).toEqual(['assessment.completed', 'assessment.completed']);
    // One event, fanned out: both deliveries carry the same webhook-id.
    expect(new Set(firstEvents.map((e) => e.id)).size).toBe(1);
    expect(firstEvents[0]).toMatchObject({
      organization_id: server.demo.organizationId,
      data: { result_id: first.responseId, revision: 1, email: 'Robin.Webhook@example.com', quality_status: expect.any(String) },
    });

    await submit('robin.webhook@EXAMPLE.com', 5);
    await receiver.waitFor(before + 3);
    const replaced = verified(receiver.deliveries[before + 2] as Delivery, assessment.secret);
    expect(replaced).toMatchObject({ type: 'assessment.replaced', data: { result_id: first.responseId, revision: 2, previous_revision: 1 } });
    // The automation subscription asked only for assessment.completed.
    expect(receiver.deliveries.length).toBe(before + 3);
    const attempts = contract.Attempts.parse(await (await call('v1', `/webhooks/${assessment.id}/attempts`)).json());
    expect(attempts.data.every((a) => a.event_type.startsWith('assessment.'))).toBe(true);
  });
});

describe('CRM sync target', () => {
  it('is refused on private, metadata and loopback addresses without the allowlist', async () => {
    const strict = await startTestServer({ outboundAllowlist: [] });
    try {
      for (const url of ['http://10.0.0.1/crm', 'http://169.254.169.254/latest', 'http://[::1]:8080/crm', 'http://127.0.0.1:9/crm']) {
        const response = await fetch(`${strict.url}/api/v1/crm-sync`, {
          method: 'PUT',
          headers: { 'x-api-key': strict.demo.developerKey, 'content-type': 'application/json' },
          body: JSON.stringify({ url }),
        });
        expect(response.status, url).toBe(400);
        expect(((await response.json()) as { message: string }).message).toMatch(/not allowed/);
      }
    } finally {
      await strict.dispose();
    }
  });
  it('is checked again at every attempt: a target allowed when configured is refused once the allowlist no longer lets it through', async () => {
    const crm = await new WebhookReceiver().start();
    const lenient = await startTestServer({ outboundAllowlist: ['127.0.0.1'] });
    const developerKey = lenient.demo.developerKey;
    let restarted: RunningServer | undefined;
    try {
      const configured = await fetch(`${lenient.url}/api/v1/crm-sync`, {
        method: 'PUT',
        headers: { 'x-api-key': developerKey, 'content-type': 'application/json' },
        body: JSON.stringify({ url: crm.url }),
      });
      expect(configured.status).toBe(200);
      await lenient.close();

      // The operator tightens the allowlist (or a name now resolves elsewhere): the stored target stays.
      const { dataDir, databaseUrl } = lenient.ctx.config;
      restarted = await startServer(defaultConfig({ dataDir, ...(databaseUrl ? { databaseUrl } : {}), port: 0, logLevel: 'silent', seed: false, outboundAllowlist: [] }));
      const base = restarted.url;
      const answer = await fetch(`${base}/api/v1/assessment/submit`, {
        method: 'POST',
        headers: { 'x-api-key': developerKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'guarded@example.com', full_name: 'Guarded CRM', ...answersFrom(() => 3) }),
      });
      expect(answer.status).toBe(200);
      const { responseId } = (await answer.json()) as { responseId: string };
      const crmSync = async () =>
        ((await (await fetch(`${base}/api/v1/assessment/results?result_id=${responseId}`, { headers: { 'x-api-key': developerKey } })).json()) as {
          result: { crmSync: { status: string; attempts: number; lastError?: string } };
        }).result.crmSync;
      // The first attempt starts right after the response; each round trip lets it begin, idle() lets it end.
      let state = await crmSync();
      for (let round = 0; state.status === 'pending' && round < 50; round += 1) {
        await restarted.jobs.idle();
        state = await crmSync();
      }
      expect(state).toMatchObject({ status: 'retrying', attempts: 1, lastError: expect.stringMatching(/loopback/) });
      expect(crm.deliveries).toHaveLength(0);
    } finally {
      await restarted?.close();
      // Its folder or database (the server itself stopped already).
      await lenient.dispose();
      await crm.stop();
    }
  });
});
