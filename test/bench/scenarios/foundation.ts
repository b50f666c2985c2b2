import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalStore } from '../../../reference-server/src/store/journal-store.js';
import { put } from '../../../reference-server/src/store/store.js';
import type { BenchScenario } from '../harness.js';

/** A record of about 2 KB, the size the field notes measured lowdb with. */
const record = (id: string) => ({ id, kind: 'bench', payload: 'x'.repeat(1900), at: new Date(0).toISOString() });

/** Seconds `count` acknowledged single-record writes take, one after another. */
async function writeSeconds(store: JournalStore, count: number, round: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) await store.write([put('bench', SCOPE, record(`w${round}-${i}`))]);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const SCOPE = 'org_bench';

/** A store in a temp folder holding `size` records in one scope, compacted (snapshot on disk). */
async function openFilled(size: number): Promise<{ store: JournalStore; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-store-'));
  const store = await JournalStore.open(dir);
  for (let i = 0; i < size; i += 1000) {
    const ops = [];
    for (let j = i; j < Math.min(i + 1000, size); j += 1) ops.push(put('bench', SCOPE, record(`r${j}`)));
    await store.write(ops);
  }
  await store.compact();
  return {
    store,
    async dispose() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const scenarios: BenchScenario[] = [
  {
    name: 'Store write cost (acknowledged = fsynced), 100 vs 100,000 stored records',
    async run() {
      // fsync latency on a shared disk drifts by 2x within seconds, so the two stores are measured
      // in alternating rounds and compared by their totals: drift then hits both sides alike.
      const small = await openFilled(100);
      const large = await openFilled(100_000);
      try {
        const totals = { small: 0, large: 0 };
        for (let round = 0; round < 6; round += 1) {
          totals.small += await writeSeconds(small.store, 100, round);
          totals.large += await writeSeconds(large.store, 100, round);
        }
        const rate = (seconds: number) => (600 / seconds).toFixed(0);
        return [
          {
            name: 'cost of one write at 100,000 records ÷ at 100 records',
            ratio: totals.large / totals.small,
            lowerIsBetter: true,
            detail: `${rate(totals.small)} vs ${rate(totals.large)} writes/s, 6 alternating rounds of 100`,
          },
        ];
      } finally {
        await small.dispose();
        await large.dispose();
      }
    },
  },
];
