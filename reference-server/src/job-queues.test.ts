import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishCertification, startCertification, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { ManualClock } from './clock.js';

/**
 * An operator command writes the sandbox itself on a database (on a folder it goes through the
 * server holding it). The jobs it writes must reach the servers' runners at once, as their own
 * writes do: the server here keeps a clock that never moves, so its periodic sweep never runs and
 * only the command's wake-up can start the run's driver.
 */
let server: TestServer;
const receiver = new WebhookReceiver();
// Ahead of the wall clock the command stamps its job with, so the job is due on the server.
const clock = new ManualClock(Date.now() + 60_000);

beforeAll(async () => {
  [server] = await Promise.all([startTestServer({}, { clock }), receiver.start()]);
  // The sweeps of its start are done: anything the runner does from here on, it was woken for.
  await server.jobs.idle();
});

afterAll(async () => {
  await server?.dispose();
  await receiver.stop();
});

describe('the job queues an operator command wakes the servers for', () => {
  it('wake the server for a run started from the command line: its first probe goes out without a sweep', { timeout: 15_000 }, async () => {
    const first = receiver.next();
    const started = await startCertification(server, { webhookUrl: receiver.urlOf('/in'), checks: ['webhook'] });
    expect(JSON.parse((await first).rawBody)).toMatchObject({ type: 'submission.completed', organization_id: server.demo.organizationId });
    await finishCertification(server, started.run.id);
  });
});
