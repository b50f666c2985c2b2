import { completeInvite, type Delivery, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import { RESULT_EVENT_SAMPLE } from '../src/assessment/result-events.js';
import App from '../src/index.js';
import { configureEnvironment } from './support/env.js';
import { connectAccount, type AuthData } from './support/oauth.js';
import { zapierRawRequest } from './support/raw-request.js';
import { fieldKeys, flatKeys, operationOf } from './support/shapes.js';

/** New Assessment Result: a REST hook on /api/v1/webhooks, fed by real submits and completed invites on the running reference server. */
let server: TestServer;
let authData: AuthData;
const receiver = new WebhookReceiver();
const appTester = createAppTester(App);
const trigger = operationOf(App.triggers.new_assessment_result!);
const submitStep = operationOf(App.creates.submit_assessment);

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

type Subscribed = { id: string; secret: string };
type Output = typeof RESULT_EVENT_SAMPLE & { event_id: string };

/** RESULT_EVENT_SAMPLE's answers, as Zapier hands mapped values over: text. */
const ANSWERS = Object.fromEntries(Array.from({ length: 127 }, (_, i) => [`q${i + 5}`, String((((i + 5) * 7) % 6) + 1)]));

const submit = (email: string, fullName: string) =>
  appTester(submitStep.perform, {
    authData,
    inputData: { email, full_name: fullName, benchmark_tag_id: 'bt_fintech', q2: 'founder', q137: 'true', ...ANSWERS },
  }) as Promise<{ responseId: string; replaced: boolean }>;

const subscription = (id: string) => fetch(`${server.url}/api/v1/webhooks/${id}`, { headers: { 'x-api-key': server.demo.developerKey } });

const signedFor = (delivery: Delivery, secret: string): boolean => {
  try {
    WebhookReceiver.verify(secret, delivery);
    return true;
  } catch {
    return false;
  }
};

/** The delivery of `type` for `resultId` to the subscription holding `secret`. */
const deliveryOf = (type: string, resultId: string, secret: string): Promise<Delivery> =>
  receiver.next((d) => d.rawBody.includes(`"type":"${type}"`) && d.rawBody.includes(`"result_id":"${resultId}"`) && signedFor(d, secret));

describe('New Assessment Result (REST hook)', () => {
  let firstOnly: Subscribed;
  let withReplaced: Subscribed;
  let ada: { responseId: string };
  let replacedOutput: Output;

  it('subscribes to assessment.completed only by default, and to .replaced too when asked', async () => {
    const targetUrl = receiver.url;
    firstOnly = (await appTester(trigger.performSubscribe!, { authData, targetUrl, inputData: { include_replaced: 'false' } })) as Subscribed;
    withReplaced = (await appTester(trigger.performSubscribe!, { authData, targetUrl, inputData: { include_replaced: 'true' } })) as Subscribed;
    for (const subscribed of [firstOnly, withReplaced]) {
      expect(subscribed.id).toMatch(/^whk_/);
      expect(subscribed.secret).toMatch(/^whsec_/);
    }
    expect(await (await subscription(firstOnly.id)).json()).toMatchObject({ url: targetUrl, events: ['assessment.completed'], status: 'active' });
    expect(await (await subscription(withReplaced.id)).json()).toMatchObject({ events: ['assessment.completed', 'assessment.replaced'] });
  });

  it("passes a submit's signed assessment.completed through perform, in the sample's shape", async () => {
    ada = await submit('ada@example.com', 'Ada Lovelace');
    // Both subscriptions get the event at the same hook URL here; each delivery is signed with its own secret.
    const delivery = await deliveryOf('assessment.completed', ada.responseId, firstOnly.secret);
    await deliveryOf('assessment.completed', ada.responseId, withReplaced.secret);
    const [output] = (await appTester(trigger.perform, { authData, subscribeData: firstOnly, rawRequest: zapierRawRequest(delivery) })) as Output[];
    expect(output).toMatchObject({ result_id: ada.responseId, revision: 1, previous_revision: null, email: 'ada@example.com', full_name: 'Ada Lovelace' });
    // The event's id (the webhook-id header, the same in every retry) is the only primary key.
    expect(output!.event_id).toBe(delivery.headers['webhook-id']);
    expect((trigger.outputFields as { key: string; primary?: boolean }[]).filter((f) => f.primary).map((f) => f.key)).toEqual(['event_id']);
    expect(Object.keys(output!)).toEqual(['event_id', ...Object.keys(RESULT_EVENT_SAMPLE)]);
    expect(flatKeys(output!)).toEqual(fieldKeys(trigger.outputFields));
    // The same answers as the sample, scored by the server: only the ids and time differ.
    const { event_id: _eventId, ...result } = output!;
    expect({ ...result, result_id: RESULT_EVENT_SAMPLE.result_id, submitted_at: RESULT_EVENT_SAMPLE.submitted_at }).toEqual(RESULT_EVENT_SAMPLE);

    const forged = { ...zapierRawRequest(delivery), content: delivery.rawBody.replace('"revision":1', '"revision":7') };
    await expect(appTester(trigger.perform, { authData, subscribeData: firstOnly, rawRequest: forged })).rejects.toMatchObject({ name: 'HaltedError' });
    // Signed for the other subscription: not this trigger's event.
    await expect(appTester(trigger.perform, { authData, subscribeData: withReplaced, rawRequest: zapierRawRequest(delivery) })).rejects.toMatchObject({
      name: 'HaltedError',
    });
  });

  it('delivers a later submit for the same person as assessment.replaced, to the subscription that asked for it only', async () => {
    const again = await submit('ada@example.com', 'Ada King');
    expect(again).toMatchObject({ responseId: ada.responseId, replaced: true });
    const delivery = await deliveryOf('assessment.replaced', ada.responseId, withReplaced.secret);
    const outputs = (await appTester(trigger.perform, { authData, subscribeData: withReplaced, rawRequest: zapierRawRequest(delivery) })) as Output[];
    expect(outputs).toHaveLength(1);
    replacedOutput = outputs[0]!;
    expect(replacedOutput).toMatchObject({ result_id: ada.responseId, revision: 2, previous_revision: 1, full_name: 'Ada King' });
    expect(Object.keys(replacedOutput)).toEqual(['event_id', ...Object.keys(RESULT_EVENT_SAMPLE)]);
    expect(replacedOutput.event_id).toBe(delivery.headers['webhook-id']);
    // Events fan out to subscriptions in the write that stores the result: the completed-only
    // subscription got its one attempt (the first result) and nothing for the replacement.
    const attempts = (await (
      await fetch(`${server.url}/api/v1/webhooks/${firstOnly.id}/attempts`, { headers: { 'x-api-key': server.demo.developerKey } })
    ).json()) as { data: { event_type: string }[] };
    expect(attempts.data.map((a) => a.event_type)).toEqual(['assessment.completed']);
  });

  it('performList gives the current results of the Test Emails, newest first, as perform gives them', async () => {
    await submit('grace@example.com', 'Grace Hopper');
    const listed = (await appTester(trigger.performList!, {
      authData,
      inputData: { test_emails: ['ADA@example.com', 'nobody@example.com', 'grace@example.com, ada@example.com'] },
    })) as Output[];
    expect(listed.map((r) => r.email)).toEqual(['grace@example.com', 'ada@example.com']);
    // The stored result read back is exactly what the replacement's event carried; no event
    // delivered it, which its id says.
    expect(listed[1]).toEqual({ ...replacedOutput, event_id: `listed_${ada.responseId}_2` });
    for (const item of listed) expect(flatKeys(item)).toEqual(fieldKeys(trigger.outputFields));
    expect(await appTester(trigger.performList!, { authData, inputData: {} })).toEqual([]);
  });

  it('tells the zap builder to reconnect with a developer key when the connection has none', async () => {
    const { developer_key: _none, ...withoutKey } = authData;
    const reconnect = /no Assessment Developer Key\. Reconnect your account and enter the Assessment Developer Key/;
    await expect(appTester(trigger.performSubscribe!, { authData: withoutKey, targetUrl: receiver.url, inputData: {} })).rejects.toThrow(reconnect);
    await expect(appTester(trigger.performList!, { authData: withoutKey, inputData: { test_emails: ['ada@example.com'] } })).rejects.toThrow(reconnect);
  });

  it('unsubscribes, and unsubscribing again is not an error', async () => {
    for (const subscribeData of [firstOnly, withReplaced]) {
      await appTester(trigger.performUnsubscribe!, { authData, subscribeData });
      expect((await subscription(subscribeData.id)).status).toBe(404);
      await appTester(trigger.performUnsubscribe!, { authData, subscribeData });
    }
  });
});

describe('New Assessment Result on an invite-completed result', () => {
  it('passes the signed assessment.completed of a finished invite through perform', async () => {
    const subscribed = (await appTester(trigger.performSubscribe!, { authData, targetUrl: receiver.url, inputData: {} })) as Subscribed;
    const developer = { 'x-api-key': server.demo.developerKey };
    const response = await fetch(`${server.url}/api/v1/assessment/invites`, {
      method: 'POST',
      headers: { ...developer, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ivy@example.com', full_name: 'Ivy Invitee', benchmark_tag_id: 'bt_fintech' }),
    });
    const invite = (await response.json()) as { id: string; url: string };
    await completeInvite(invite.url, { q1: 'Ivy Invitee', ...ANSWERS });
    const resultId = ((await (await fetch(`${server.url}/api/v1/assessment/invites/${invite.id}`, { headers: developer })).json()) as { result_id: string }).result_id;

    const delivery = await deliveryOf('assessment.completed', resultId, subscribed.secret);
    expect(JSON.parse(delivery.rawBody)).toMatchObject({ type: 'assessment.completed', data: { source: 'invite' } });
    const [output] = (await appTester(trigger.perform, { authData, subscribeData: subscribed, rawRequest: zapierRawRequest(delivery) })) as Output[];
    expect(output).toMatchObject({ result_id: resultId, revision: 1, previous_revision: null, email: 'ivy@example.com', full_name: 'Ivy Invitee' });
    expect(flatKeys(output!)).toEqual(fieldKeys(trigger.outputFields));
    await appTester(trigger.performUnsubscribe!, { authData, subscribeData: subscribed });
  });
});
