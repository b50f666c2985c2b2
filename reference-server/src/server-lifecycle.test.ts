import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startTestServer, WebhookReceiver } from 'reference-server/testing';
import { eventOps } from './webhooks/index.js';

/**
 * Everything a server holds (the listener, the store's files, the job runner's timers, the
 * outbound keep-alive pools, the rate limits' windows) is made by compose.ts and released on
 * close: starting and stopping a server again and again leaves nothing running behind.
 */
const ROUNDS = 20;
const receiver = new WebhookReceiver();

beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

const counts = (): Record<string, number> => {
  const byType: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) byType[type] = (byType[type] ?? 0) + 1;
  return byType;
};

describe('starting and stopping a server', () => {
  it(`leaves no live handle behind after ${ROUNDS} rounds of use`, async () => {
    const baseline = counts();
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startTestServer();
      if (!server.demo) throw new Error('the test server seeds its demo organisation');
      // A keyed, rate-limited call and a webhook delivery over a kept-alive connection.
      const headers = { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' };
      expect((await fetch(`${server.url}/api/automation/me`, { headers })).status).toBe(200);
      const subscribed = await fetch(`${server.url}/api/automation/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url, events: ['submission.queued'] }) });
      expect(subscribed.status).toBe(201);
      const delivered = receiver.deliveries.length + 1;
      await server.ctx.store.write(eventOps(server.ctx, server.demo.organizationId, 'submission.queued', { record_id: `round-${round}` }));
      await settle(server);
      expect(receiver.deliveries).toHaveLength(delivered);
      await server.dispose();
    }
    await new Promise((resolve) => setImmediate(resolve));
    // Nothing more of any kind than before the first round (a timer of the test runner may be gone).
    const grown = Object.entries(counts()).filter(([type, count]) => count > (baseline[type] ?? 0));
    expect(grown).toEqual([]);
  });
});
