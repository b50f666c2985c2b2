import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from 'reference-server/testing';
import { withOperator } from '../cli.js';

/**
 * The typed operator call as the CLI makes it: through the operator endpoint of the server holding
 * the folder (on PostgreSQL, on the database itself). `certify.wait` answers when the run changes,
 * which is how `certify run` follows a run instead of reading it every 250 ms.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

describe('the operator call', () => {
  it('answers certify.wait as soon as the run changes, and after waitMs when it does not', async () => {
    await withOperator(server.sandbox, async (call) => {
      // A ready run changes only when told: nothing but the explanation below moves it.
      const started = await call('certify.start', { orgId: server.demo.organizationId, checks: ['api.paginates'], waitForBegin: true });
      const runId = started.run.id;
      const first = await call('certify.wait', { runId, waitMs: 0 });
      expect(first.report.run.status).toBe('ready');

      const unchanged = await call('certify.wait', { runId, seen: first.version, waitMs: 300 });
      expect(unchanged.version).toBe(first.version);

      const asked = Date.now();
      const waiting = call('certify.wait', { runId, seen: first.version, waitMs: 20_000 });
      await call('certify.explain', { runId, check: 'api.paginates', text: 'the connector pages with the cursor' });
      const changed = await waiting;
      expect(Date.now() - asked).toBeLessThan(10_000);
      expect(changed.version).not.toBe(first.version);
      expect(changed.report.checks[0]?.explanation).toBe('the connector pages with the cursor');
      await call('certify.finish', { runId });
    });
  });

  it('refuses input outside the command schema, and ends a wait its caller abandoned', async () => {
    await withOperator(server.sandbox, async (call) => {
      // A wait longer than the schema allows: refused before anything waits.
      await expect(call('certify.wait', { runId: 'crt_none', waitMs: 60_000 })).rejects.toThrow(/waitMs/);
      const started = await call('certify.start', { orgId: server.demo.organizationId, checks: ['api.paginates'], waitForBegin: true });
      const first = await call('certify.wait', { runId: started.run.id, waitMs: 0 });
      const abandon = new AbortController();
      const asked = Date.now();
      const waiting = call('certify.wait', { runId: started.run.id, seen: first.version, waitMs: 20_000 }, { signal: abandon.signal }).then(
        (answer) => answer.version,
        (error: unknown) => (error instanceof Error ? error.name : 'error'),
      );
      setTimeout(() => abandon.abort(), 100);
      // In process the wait answers what it has; over HTTP the request is aborted.
      expect([first.version, 'AbortError']).toContain(await waiting);
      expect(Date.now() - asked).toBeLessThan(10_000);
      await call('certify.finish', { runId: started.run.id });
    });
  });
});
