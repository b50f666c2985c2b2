import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startTestServer } from 'reference-server/testing';
import { eventOps } from './webhooks/index.js';

/**
 * Everything a server holds (the listener, the store's files, the job runner's timers, the
 * outbound keep-alive pools, the rate limits' windows) is made by compose.ts and released on
 * close: starting and stopping a server again and again leaves nothing running behind.
 */
const ROUNDS = 20;

// A webhook receiver that never ends an idle connection itself, so only the sender's pool can.
let receiver: Server;
let hookUrl: string;
let delivered = 0;
const connections = new Set<Socket>();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      delivered += 1;
      res.end('ok');
    });
  });
  receiver.keepAliveTimeout = 0;
  receiver.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await once(receiver, 'close');
});

const counts = (): Record<string, number> => {
  const byType: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) byType[type] = (byType[type] ?? 0) + 1;
  return byType;
};

describe('starting and stopping a server', () => {
  // On PostgreSQL each round also makes a database (a second or more under load).
  it(`leaves no live handle and no open connection behind after ${ROUNDS} rounds of use`, { timeout: 120_000 }, async () => {
    const baseline = counts();
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startTestServer();
      if (!server.demo) throw new Error('the test server seeds its demo organisation');
      // A keyed, rate-limited call and a webhook delivery over a kept-alive connection.
      const headers = { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' };
      expect((await fetch(`${server.url}/api/automation/me`, { headers })).status).toBe(200);
      const subscribed = await fetch(`${server.url}/api/automation/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: hookUrl, events: ['submission.queued'] }) });
      expect(subscribed.status).toBe(201);
      await server.ctx.db.write(await eventOps(server.ctx, server.ctx.db, server.demo.organizationId, 'submission.queued', { record_id: `round-${round}` }));
      await settle(server);
      expect(delivered).toBe(round + 1);
      expect(connections.size).toBe(1);
      const closed = [...connections].map((socket) => once(socket, 'close'));
      await server.dispose();
      // The pooled connection ends with the server (were the pool left open, this would wait forever).
      await Promise.all(closed);
    }
    await new Promise((resolve) => setImmediate(resolve));
    // Nothing more of any kind than before the first round (a timer of the test runner may be gone).
    const grown = Object.entries(counts()).filter(([type, count]) => count > (baseline[type] ?? 0));
    expect(grown).toEqual([]);
  });
});
