import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishCertification, startCertification, startTestServer, type TestServer } from 'reference-server/testing';
import { RUN_JOBS } from './run-records.js';

/**
 * A run finished (by its operator, the workspace or `certify run`) while one of its probes is on
 * its way: the probe's step ends after the run did. It once wrote the run's job back after the
 * end had removed it, and the job, due at once and finding the run closed, ran again in a tight
 * loop until the server's heap ran out.
 */
let server: TestServer;
const receiver = createServer();
let release = (): void => undefined;
const held = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  server = await startTestServer();
  receiver.on('request', (req, res) => {
    req.resume();
    void held.then(() => res.writeHead(204).end());
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
});

afterAll(async () => {
  release();
  receiver.close();
  await server?.dispose();
});

describe('a run finished while a probe is on its way', () => {
  it('leaves no job behind once the probe comes back, and the runner goes idle', async () => {
    const { port } = receiver.address() as AddressInfo;
    const arrived = once(receiver, 'request');
    const started = await startCertification(server, { name: 'Finished mid-probe', webhookUrl: `http://127.0.0.1:${port}/in`, checks: ['webhook'] });
    await arrived;
    const report = await finishCertification(server, started.run.id);
    expect(report.run.status).toBe('failed');
    release();
    await server.jobs.idle();
    expect(await server.ctx.db.get(RUN_JOBS, server.demo.organizationId, started.run.id)).toBeUndefined();
    expect((await fetch(`${server.url}/api`)).status).toBe(200);
  });
});
