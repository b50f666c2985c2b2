import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { operate } from '../cli.js';
import { settle, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { serverAndReceiverForEach } from '../../testing/server-and-receiver.js';
import { rotateSecret } from './rotation.js';

/**
 * Secret rotation as receivers see it: each receiver checks deliveries with the stock
 * `standardwebhooks` library and one secret. The clock starts an hour and a minute in the past so
 * that deliveries inside the overlap still carry a timestamp the library accepts (±5 minutes of
 * real time), and one after the window is current.
 */
let clock: ManualClock;
let server: TestServer;
let receiver: WebhookReceiver;

const MINUTE = 60_000;

serverAndReceiverForEach(() => Date.now() - 61 * MINUTE, (started) => ({ clock, server, receiver } = started));

const api = (path: string, body?: unknown) =>
  fetch(`${server.url}/api/automation${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-api-key': server.demo.automationKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

let records = 0;
async function deliverOne(): Promise<void> {
  const before = receiver.deliveries.length;
  const answer = await api('/submissions', { record_id: `rot-${(records += 1)}`, profile_id: 'prf_seed_deal', fields: { company: 'Acme', stage: 'seed' } });
  expect(answer.status).toBe(202);
  await settle(server);
  await receiver.waitFor(before + 1);
}

const accepts = (secret: string) => {
  const delivery = receiver.deliveries.at(-1);
  if (!delivery) throw new Error('no delivery');
  try {
    WebhookReceiver.verify(secret, delivery);
    return true;
  } catch {
    return false;
  }
};

describe('webhook secret rotation', () => {
  it('signs with both secrets during the overlap and with the new one only after it', async () => {
    const created = await api('/webhooks', { url: receiver.url, events: ['submission.completed'] });
    const { id, secret: oldSecret } = (await created.json()) as { id: string; secret: string };

    // On the server's clock (an operator command on a database runs on the command's own clock).
    const rotated = await rotateSecret(server.ctx, server.demo.organizationId, id, 1);
    const newSecret = rotated?.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(rotated?.subscription.previousSecret?.until as string)).toBe(clock.now() + 60 * MINUTE);

    // Inside the overlap, three minutes before real time: two v1 signatures, each receiver verifies.
    clock.advance(58 * MINUTE);
    await deliverOne();
    expect(String(receiver.deliveries.at(-1)?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(accepts(oldSecret)).toBe(true);
    expect(accepts(newSecret)).toBe(true);

    // Past the window: one signature, the old secret's receiver rejects.
    clock.advance(3 * MINUTE);
    await deliverOne();
    expect(String(receiver.deliveries.at(-1)?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(accepts(newSecret)).toBe(true);
    expect(accepts(oldSecret)).toBe(false);
  });

  it('stops the old secret at once with an overlap of 0, and refuses another organisation’s endpoint', async () => {
    const created = await api('/webhooks', { url: receiver.url, events: ['submission.completed'] });
    const { id, secret: oldSecret } = (await created.json()) as { id: string; secret: string };
    const rotated = (await operate(server.sandbox, 'webhook.rotate-secret', { orgId: server.demo.organizationId, subscriptionId: id, overlapHours: 0 })) as { secret: string; previous_secret_valid_until: null };
    expect(rotated.previous_secret_valid_until).toBeNull();
    clock.advance(61 * MINUTE);
    await deliverOne();
    expect(accepts(rotated.secret)).toBe(true);
    expect(accepts(oldSecret)).toBe(false);

    const other = (await operate(server.sandbox, 'org.create', { name: 'Other' })) as { id: string };
    await expect(operate(server.sandbox, 'webhook.rotate-secret', { orgId: other.id, subscriptionId: id })).rejects.toThrow(/unknown webhook subscription/);
  });
});
