import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, WebhookReceiver, type TestServer } from 'reference-server/testing';
import { testDatabase, type TestDatabase } from '../../testing/postgres.js';
import { automationKeyGuard } from '../auth/index.js';
import { ManualClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { OutboundClient } from '../outbound/index.js';
import { copyStore, PostgresStore } from '../store/index.js';
import { CredentialResolver } from '../tenancy/index.js';
import { certificationStep, CertificationDriver, getRun, RUNS, RunLimitError, startRun, type RunRecord } from './index.js';
import { PROBES } from './webhook-probes.js';

/**
 * Certification runs with several servers on one PostgreSQL (issue 37): two server contexts, each
 * with its own connection pool to one database, start runs, take their API requests and drive
 * them. Each test's database starts as a copy of the test server's records (its demo
 * organisation, admin and keys).
 */

interface Node {
  ctx: AppContext;
  driver: CertificationDriver;
  /** The run's API as this server answers it: the real key guard, then the certification step. */
  url: string;
  close(): Promise<void>;
}

const clock = new ManualClock(Date.now());
let base: TestServer;
let database: TestDatabase;
let nodes: Node[] = [];

beforeAll(async () => {
  base = await startTestServer({}, { clock });
});
afterAll(() => base.dispose());

async function node(config: Partial<AppContext['config']> = {}): Promise<Node> {
  const db = await PostgresStore.open(database.url);
  const ctx: AppContext = { ...base.ctx, db, config: { ...base.ctx.config, ...config } };
  const app = express();
  app.use('/api/automation', automationKeyGuard(new CredentialResolver(ctx), certificationStep(ctx)), (_req, res) => {
    res.json({ data: [], next_cursor: null });
  });
  const http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  const made: Node = {
    ctx,
    driver: new CertificationDriver(ctx, new OutboundClient(base.ctx.config), () => ({ id: 'sub_probe' })),
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/automation`,
    close: async () => {
      await new Promise((resolve) => http.close(resolve));
      await db.close();
    },
  };
  nodes.push(made);
  return made;
}

beforeEach(async () => {
  database = await testDatabase();
  const db = await PostgresStore.open(database.url);
  try {
    await copyStore(base.ctx.db, db);
  } finally {
    await db.close();
  }
});
afterEach(async () => {
  await Promise.all(nodes.map((n) => n.close()));
  nodes = [];
  await database.drop();
});

const orgId = () => base.demo.organizationId;
const start = (on: Node, checks: string[], input: Record<string, unknown> = {}) => startRun(on.ctx, orgId(), { checks, ...input }, { startedBy: 'operator', partnerOperations: [] });
const step = (on: Node, runId: string) => on.driver.handle({ scope: orgId(), id: runId }, new AbortController().signal);
const runOf = async (on: Node, runId: string) => (await getRun(on.ctx, orgId(), runId)) as RunRecord;

describe('the run limits across servers', () => {
  it('lets exactly one of two concurrent starts on two servers take the last place of the organisation', async () => {
    const [a, b] = [await node({ maxCertificationRuns: 2 }), await node({ maxCertificationRuns: 2 })] as [Node, Node];
    await start(a, ['api.paginates']);
    const results = await Promise.allSettled([start(a, ['api.paginates']), start(b, ['api.paginates'])]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RunLimitError);
    expect((refused.reason as RunLimitError).scope).toBe('organisation');
    const open = (await a.ctx.db.all<RunRecord>(RUNS, orgId())).filter((run) => run.status === 'running');
    expect(open).toHaveLength(2);
  });

  it('lets exactly one of two concurrent starts take the last place of the whole server', async () => {
    const config = { maxCertificationRuns: 10, maxCertificationRunsTotal: 2 };
    const [a, b] = [await node(config), await node(config)] as [Node, Node];
    await start(a, ['api.paginates']);
    const results = await Promise.allSettled([start(a, ['api.paginates']), start(b, ['api.paginates'])]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as RunLimitError).scope).toBe('server');
    expect((refused.reason as Error).message).not.toContain('crt_');
  });
});

describe('a run whose requests arrive at several servers', () => {
  it('counts every request sent to either server, and the driver on one grades them all', async () => {
    const [a, b] = [await node(), await node()] as [Node, Node];
    const { run, credentials } = await start(a, ['api.bounded-retries'], { faultWindowSeconds: 5 });
    const call = (on: Node) => fetch(`${on.url}/profiles`, { headers: { 'x-api-key': credentials.automation_key as string, 'user-agent': 'careful-client' } });
    expect((await call(b)).status).toBe(503);
    // Nine more within the window, at once, split over both servers: none may be lost.
    const answers = await Promise.all([...Array(9).keys()].map((i) => call(i % 2 ? a : b)));
    expect(answers.map((r) => r.status)).toEqual(Array(9).fill(503));
    expect((await runOf(a, run.id)).api.bounded.attempts).toBe(10);

    clock.advance(5_000);
    await step(a, run.id);
    const finished = await runOf(a, run.id);
    expect(finished.status).toBe('passed');
    expect(finished.checks[0]?.summary).toMatch(/sent 10 request\(s\) in the 5 s window/);
  });
});

describe('a run driven by one server, taken over by another', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(() => receiver.stop());

  /** A careful receiver: verifies with the run's secret, acknowledges a repeat. */
  const verifying = (secret: string) => {
    receiver.deliveries.length = 0;
    receiver.respond = (delivery) => {
      try {
        WebhookReceiver.verify(secret, delivery);
        return { status: 200 };
      } catch {
        return { status: 401 };
      }
    };
  };

  it('goes on where the first server left it: each probe sent once, every check decided', async () => {
    const [a, b] = [await node(), await node()] as [Node, Node];
    const { run, credentials } = await start(a, ['webhook'], { webhookUrl: receiver.url });
    verifying(credentials.webhook?.secret as string);
    await step(a, run.id);
    expect((await runOf(b, run.id)).webhook.next).toBe(1);
    // Server A is gone: B's runner claims the job and drives the run from its record.
    for (let look = 0; look < 40 && (await runOf(b, run.id)).status === 'running'; look += 1) {
      const wait = await step(b, run.id);
      clock.advance(wait ? Math.max(0, wait.notBefore - clock.now()) : 0);
    }
    const finished = await runOf(b, run.id);
    expect(finished.checks.filter((c) => c.outcome !== 'pass').map((c) => `${c.id}: ${c.summary}`)).toEqual([]);
    expect(finished.status).toBe('passed');
    expect(receiver.deliveries).toHaveLength(PROBES.length);
  });

  it('grades a probe once when two servers send it at the same moment (a lease that ran out while the receiver was slow)', async () => {
    const [a, b] = [await node(), await node()] as [Node, Node];
    const { run, credentials } = await start(a, ['webhook'], { webhookUrl: receiver.url });
    verifying(credentials.webhook?.secret as string);
    await Promise.all([step(a, run.id), step(b, run.id)]);
    expect(receiver.deliveries).toHaveLength(2);
    const after = await runOf(a, run.id);
    expect(after.webhook.next).toBe(1);
    expect(after.checks.find((c) => c.id === 'webhook.rejects-forged')?.outcome).toBe('pending');
  });
});
