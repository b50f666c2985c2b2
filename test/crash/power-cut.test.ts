import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { defaultConfig, startServer } from 'reference-server';
import { expect, it } from 'vitest';
import { JournalStore } from '../../reference-server/src/store/journal-store.js';
import { cutPower, powerCutTrial, workloadArbitrary } from './power-cut.js';

// The long run is `npm run crash -- --power-cut --trials N`; this one keeps `npm test` short.
it('keeps every acknowledged write, whole batches and list order across 300 power cuts at random points', { timeout: 240_000 }, async () => {
  let acked = 0;
  await fc.assert(
    fc.asyncProperty(workloadArbitrary, async (workload) => {
      const outcome = await powerCutTrial(workload);
      acked += outcome.acked;
      expect(outcome.problems).toEqual([]);
      expect(outcome.opened).toBe(true);
      expect(outcome.lost).toBe(0);
    }),
    { numRuns: 300, seed: 20_261_126 },
  );
  // The workloads do acknowledge writes before their cuts (a cut at the first change proves little).
  expect(acked).toBeGreaterThan(2000);
});

it('starts the server on what a power cut left: ready, the workload kept, writes taken', { timeout: 120_000 }, async () => {
  for (const workload of fc.sample(workloadArbitrary, { numRuns: 3, seed: 20_261_127 })) {
    // The lock and master key live on the real disk; the store's files on the one the cut left.
    const dataDir = await mkdtemp(join(tmpdir(), 'power-cut-server-'));
    const { booted } = await cutPower(workload, dataDir);
    const store = await JournalStore.open(dataDir, { fs: booted });
    const held = ['org_a', 'org_b'].flatMap((scope) => ['c1', 'c2'].map((collection) => store.all(collection, scope)));
    await store.close();
    const server = await startServer(defaultConfig({ port: 0, logLevel: 'silent', dataDir }), { storeFileSystem: booted });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(await Promise.all(['org_a', 'org_b'].flatMap((scope) => ['c1', 'c2'].map((collection) => server.ctx.db.all(collection, scope))))).toEqual(held);
      // No organisation among the workload's records: it seeded the demo (writes through the store), and its key works.
      expect(server.demo).toBeDefined();
      const me = await fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': server.demo?.automationKey ?? '' } });
      expect(me.status).toBe(200);
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
});
