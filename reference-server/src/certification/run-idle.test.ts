import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { operate } from '../cli.js';
import { settle, startTestServer, type TestServer } from 'reference-server/testing';

/**
 * An idle running run writes nothing to the store while the driver looks at it every second (issue
 * 36), seen in the journal's size on /metrics, the clock moved by hand. File store only: the
 * journal is the file store's; on PostgreSQL each look renews the job's lease, a write the job
 * runner makes by design (jobs/runner.ts), so there is no "nothing written" to see.
 */
describe('an idle running run', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 9));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { clock });
  });
  afterAll(() => server.dispose());

  const journalBytes = async (): Promise<number> => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return Number(/^store_journal_bytes (\d+)$/m.exec(text)?.[1]);
  };
  const seconds = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      clock.advance(1000);
      await settle(server);
    }
  };

  it('writes nothing while the driver looks at it every second, and still ends at its deadline', async () => {
    // An OAuth-only run waits for its client: nothing changes until the client comes.
    const started = (await operate(server.sandbox, 'certify.start', { orgId: server.demo.organizationId, redirectUris: ['http://127.0.0.1:9/cb'], checks: ['oauth'], timeoutSeconds: 60 })) as { run: { id: string } };
    await seconds(2);
    const before = await journalBytes();
    expect(before).toBeGreaterThan(0);
    await seconds(20);
    expect(await journalBytes()).toBe(before);

    // The looks go on: the deadline passes and the driver finishes the run (a write, at last).
    await seconds(40);
    const report = (await operate(server.sandbox, 'certify.status', { runId: started.run.id })) as { run: { status: string } };
    expect(report.run.status).toBe('failed');
    expect(await journalBytes()).toBeGreaterThan(before);
  });
});
