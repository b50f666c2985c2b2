import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CheckFailure } from './assert.js';
import { WebhookReceiver } from './receiver.js';
import { verifyDelivery, type Subscription } from './webhooks.js';

const secret = `whsec_${Buffer.from('conformance-receiver-test-secret-32b').toString('base64')}`;
const receiver = new WebhookReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

async function deliver(path: string, body: string, signedBody = body): Promise<void> {
  const id = 'msg_test1';
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(id, timestamp, signedBody);
  const response = await fetch(receiver.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)), 'webhook-signature': signature },
    body,
  });
  await response.arrayBuffer();
}

const event = JSON.stringify({ id: 'msg_test1', type: 'submission.queued', created_at: new Date().toISOString(), organization_id: 'org_1', data: { record_id: 'r1' } });
const subscription = (path: string): Subscription => ({ id: 'wh_1', secret, path });

it('receives a delivery with its raw body and verifies its Standard Webhooks signature', async () => {
  const waiting = receiver.waitFor('/ok', 1, 5_000);
  await deliver('/ok', event);
  const [delivery] = await waiting;
  const verified = verifyDelivery(subscription('/ok'), delivery!);
  expect(verified.event.type).toBe('submission.queued');
});

it('fails a delivery whose body was changed after signing', async () => {
  const waiting = receiver.waitFor('/tampered', 1, 5_000);
  await deliver('/tampered', event.replace('r1', 'r2'), event);
  const [delivery] = await waiting;
  expect(() => verifyDelivery(subscription('/tampered'), delivery!)).toThrow(CheckFailure);
});

it('answers as told per path, and times out waiting for deliveries that never come', async () => {
  receiver.respond('/gone', () => ({ status: 410 }));
  const response = await fetch(receiver.url('/gone'), { method: 'POST', body: '{}' });
  expect(response.status).toBe(410);
  await expect(receiver.waitFor('/never', 1, 50)).rejects.toThrow(/0 of 1 expected webhook deliveries/);
});
