import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, settle, signInToWorkspace, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { EVENTS, type EventRecord } from '../../webhooks/index.js';

/**
 * Issue 31, item 4: a resend or a test event goes only where a real event of its type would go:
 * the subscription's API carries the type and its event filter lists it. An admin cannot push a
 * submission event at an assessment-only endpoint, or any type an endpoint did not ask for.
 */
let server: TestServer;
const receiver = new WebhookReceiver();
let browser: Browser;
let narrow: string;
let assessmentOnly: string;
let queued: EventRecord;
let completed: EventRecord;

const subscribe = async (path: string, key: string, url: string, events: string[]) => {
  const answer = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
};

/** Posts one of a subscription page's forms as the signed-in admin; the answer and the page it leads to. */
async function action(subscriptionId: string, name: 'resend' | 'test', fields: Record<string, string>) {
  const pagePath = `/workspace/webhooks/${subscriptionId}`;
  const page = await (await browser.get(pagePath)).text();
  // Every form of the page carries the same token; a resend form shows only once there are attempts.
  const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] as string;
  const answer = await browser.post(`${pagePath}/${name}`, { _csrf: token, ...fields });
  return { status: answer.status, body: await answer.text() };
}

beforeAll(async () => {
  server = await startTestServer();
  await receiver.start();
  narrow = await subscribe('/api/automation/webhooks', server.demo.automationKey, receiver.urlOf('/narrow'), ['submission.queued']);
  assessmentOnly = await subscribe('/api/v1/webhooks', server.demo.developerKey, receiver.urlOf('/assessment'), ['assessment.completed']);
  const created = await fetch(`${server.url}/api/automation/submissions`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
    body: JSON.stringify({ record_id: 'filter-1', profile_id: 'prf_seed_deal', fields: { company: 'Acme' } }),
  });
  expect(created.status).toBe(202);
  await receiver.next((d) => d.path === '/narrow');
  await settle(server);
  const events = await server.ctx.db.all<EventRecord>(EVENTS, server.demo.organizationId);
  queued = events.find((e) => e.type === 'submission.queued') as EventRecord;
  completed = events.find((e) => e.type === 'submission.completed') as EventRecord;
  expect(completed).toBeDefined();

  browser = await signInToWorkspace(server);
});

afterAll(async () => {
  await server.dispose();
  await receiver.stop();
});

describe('resend and test events respect the subscription', () => {
  it('refuses to resend a submission event to an assessment-only endpoint', async () => {
    const refused = await action(assessmentOnly, 'resend', { event_id: queued.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('cannot receive submission.queued events');
  });

  it('refuses to resend an event type outside the endpoint’s filter', async () => {
    const refused = await action(narrow, 'resend', { event_id: completed.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('not to submission.completed');
  });

  it('refuses a test event outside the filter, and offers only the filter’s types', async () => {
    const page = await (await browser.get(`/workspace/webhooks/${narrow}`)).text();
    const testEventSelect = /<select id="type"[\s\S]*?<\/select>/.exec(page)?.[0] ?? '';
    const options = [...testEventSelect.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(options).toEqual(['submission.queued']);
    const refused = await action(narrow, 'test', { type: 'submission.completed' });
    expect(refused.status).toBe(400);
    expect((await action(assessmentOnly, 'test', { type: 'submission.queued' })).status).toBe(400);
  });

  it('still resends an event the endpoint takes, and nothing refused ever left the server', async () => {
    const sent = await action(narrow, 'resend', { event_id: queued.id });
    expect(sent.status).toBe(303);
    await receiver.next((d) => d.path === '/narrow' && receiver.deliveries.filter((x) => x.path === '/narrow').length >= 2);
    await settle(server);
    expect(receiver.deliveries.filter((d) => d.path === '/assessment')).toHaveLength(0);
    expect(receiver.deliveries.filter((d) => d.path === '/narrow').map((d) => JSON.parse(d.rawBody).type)).toEqual(['submission.queued', 'submission.queued']);
  });
});
