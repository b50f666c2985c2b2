import { completeInvite, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import type { RESULT_EVENT_SAMPLE } from '../src/assessment/result-events.js';
import App from '../src/index.js';
import { configureEnvironment } from './support/env.js';
import { connectAccount, type AuthData } from './support/oauth.js';
import { zapierRawRequest } from './support/raw-request.js';
import { fieldKeys, flatKeys, operationOf } from './support/shapes.js';

/** New Assessment Result fires for a participant who completed an invite link, not only for an API submit. */
let server: TestServer;
let authData: AuthData;
const receiver = new WebhookReceiver();
const appTester = createAppTester(App);
const trigger = operationOf(App.triggers.new_assessment_result!);

beforeAll(async () => {
  server = await startTestServer();
  await receiver.start();
  configureEnvironment(server);
  ({ authData } = await connectAccount(server, { developer_key: server.demo.developerKey }));
});
afterAll(async () => {
  await receiver.stop();
  await server.dispose();
});

const ANSWERS = { q1: 'Ivy Invitee', ...Object.fromEntries(Array.from({ length: 127 }, (_, i) => [`q${i + 5}`, (((i + 5) * 7) % 6) + 1])) };

describe('New Assessment Result on an invite-completed result', () => {
  it('passes the signed assessment.completed of a finished invite through perform', async () => {
    const subscribed = (await appTester(trigger.performSubscribe!, { authData, targetUrl: receiver.url, inputData: {} })) as { id: string; secret: string };
    const response = await fetch(`${server.url}/api/v1/assessment/invites`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ivy@example.com', full_name: 'Ivy Invitee', benchmark_tag_id: 'bt_fintech' }),
    });
    const invite = (await response.json()) as { id: string; url: string };
    await completeInvite(invite.url, ANSWERS);
    const resultId = ((await (await fetch(`${server.url}/api/v1/assessment/invites/${invite.id}`, { headers: { 'x-api-key': server.demo.developerKey } })).json()) as { result_id: string }).result_id;

    const delivery = await receiver.next((d) => d.rawBody.includes(`"result_id":"${resultId}"`));
    const event = new Webhook(subscribed.secret).verify(delivery.rawBody, delivery.headers as Record<string, string>) as { type: string; data: { source: string } };
    expect(event).toMatchObject({ type: 'assessment.completed', data: { source: 'invite' } });

    const [output] = (await appTester(trigger.perform, { authData, subscribeData: subscribed, rawRequest: zapierRawRequest(delivery) })) as (typeof RESULT_EVENT_SAMPLE)[];
    expect(output).toMatchObject({ result_id: resultId, revision: 1, previous_revision: null, email: 'ivy@example.com', full_name: 'Ivy Invitee' });
    expect(flatKeys(output!)).toEqual(fieldKeys(trigger.outputFields));
    await appTester(trigger.performUnsubscribe!, { authData, subscribeData: subscribed });
  });
});
