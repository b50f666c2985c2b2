import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serversOnPostgres, type ServersOnPostgres } from '../../testing/postgres-context.js';
import { WebhookReceiver } from '../../testing/receiver.js';
import { ManualClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { JobRunner, WakingStore } from '../jobs/index.js';
import { OutboundClient } from '../outbound/index.js';
import { WEBHOOK_DELIVERY, WebhookDelivery } from './delivery.js';
import { eventOps } from './outbox.js';
import { ATTEMPTS, OUTBOX, type AttemptRecord } from './webhook-records.js';
import { RETRY_DELAYS_MS } from './schedule.js';
import { createSubscription } from './subscriptions.js';

/**
 * Two servers' delivery workers on one PostgreSQL, each with its own store, clock and job runner:
 * an event published on one and retried by the other reaches the receiver under one `webhook-id`.
 */
const ORG = 'org_hooks';
const log = pino({ level: 'silent' });

let cluster: ServersOnPostgres;
const receiver = new WebhookReceiver();
beforeAll(async () => {
  await receiver.start();
  cluster = await serversOnPostgres(2);
});
afterAll(async () => {
  await cluster.close();
  await receiver.stop();
});

interface Server {
  ctx: AppContext;
  clock: ManualClock;
  runner: JobRunner;
}

/** One server: its context on its own clock (the test receiver on loopback allowed), its runner delivering the outbox. */
function server(opened: AppContext): Server {
  // Real time at the start, so the receiver's standardwebhooks check (5 min tolerance) accepts the timestamps.
  const clock = new ManualClock(Date.now());
  const config = { ...opened.config, outboundAllowlist: ['127.0.0.1'] };
  const runner = new JobRunner({ db: opened.db, clock, log, queues: [WEBHOOK_DELIVERY] });
  const ctx: AppContext = { ...opened, config, clock, db: new WakingStore(opened.db, runner.queues) };
  runner.handle(WEBHOOK_DELIVERY, new WebhookDelivery(ctx, new OutboundClient(config)).handle);
  return { ctx, clock, runner };
}

describe('webhook deliveries of two servers on one PostgreSQL', () => {
  it('a retry made by the other server carries the same webhook-id, signed afresh', async () => {
    const [a, b] = cluster.servers.map(server) as [Server, Server];
    const created = await createSubscription(a.ctx, ORG, { url: receiver.url, events: ['submission.queued'], surface: 'automation' });
    if (!created.ok) throw new Error(created.message);
    receiver.respond = () => (receiver.deliveries.length === 1 ? { status: 503 } : { status: 200 });

    // Published on A, in the transaction of the change that caused it.
    await a.ctx.db.transaction(async (tx) => tx.write(await eventOps(a.ctx, tx, ORG, 'submission.queued', { record_id: 'rec_1' })));
    a.runner.start();
    await receiver.waitFor(1);
    await a.runner.idle();
    // A goes away after its first attempt failed; the entry waits in the shared outbox.
    await a.runner.stop();
    const [waiting] = await b.ctx.db.all<{ id: string; attempts: number; nextAttemptAt: number }>(OUTBOX, ORG);
    expect(waiting).toMatchObject({ attempts: 1 });

    b.runner.start();
    await b.runner.idle();
    expect(receiver.deliveries).toHaveLength(1);
    // Due by the schedule (5 s, with up to 10 % jitter): B's clock gets there.
    b.clock.advance(RETRY_DELAYS_MS[0]! * 1.1 + 1);
    await receiver.waitFor(2);
    await b.runner.idle();
    await b.runner.stop();

    const [first, second] = receiver.deliveries;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.headers['webhook-id']).toMatch(/^evt_/);
    expect(Number(second?.headers['webhook-timestamp'])).toBeGreaterThan(Number(first?.headers['webhook-timestamp']));
    expect(second?.rawBody).toBe(first?.rawBody);
    // Each attempt verifies with the subscription's one secret, as a receiver checks it.
    for (const delivery of [first, second]) {
      expect(() => new Webhook(created.secret).verify(delivery!.rawBody, delivery!.headers as Record<string, string>)).not.toThrow();
    }
    // Both attempts logged against the one delivery, and nothing left to send.
    const attempts = await b.ctx.db.all<AttemptRecord>(ATTEMPTS, created.subscription.id);
    expect(attempts.map((x) => [x.attempt, x.outcome, x.delivery_id])).toEqual([
      [1, 'retrying', waiting!.id],
      [2, 'delivered', waiting!.id],
    ]);
    expect(await b.ctx.db.count(OUTBOX, ORG)).toBe(0);
  });
});
