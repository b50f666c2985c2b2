import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalStore } from '../../../reference-server/src/store/journal-store.js';
import { put } from '../../../reference-server/src/store/store.js';
import { HEALTH_TEXT } from 'reference-server';
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
    name: 'Health and credential guards (req/s ÷ bare Express GET)',
    async run(env) {
      const base = await env.loadRate({ url: env.baseline.pingUrl });
      const health = await env.loadRate({ url: `${env.server.url}/api` });
      const automation = await env.loadRate({
        url: `${env.server.url}/api/automation/me`,
        headers: { 'x-api-key': env.server.demo.automationKey },
      });
      const assessment = await env.loadRate({
        url: `${env.server.url}/api/v1/assessment/questions`,
        headers: { 'x-api-key': env.server.demo.developerKey },
      });
      const graphql = await env.loadRate({
        url: `${env.server.url}/api`,
        method: 'POST',
        headers: { authorization: `Bearer ${env.server.demo.partnerCredential}` },
        body: JSON.stringify({ query: 'query getUserDataQuery { __typename }', operationName: 'getUserDataQuery' }),
      });
      return [
        { name: `GET /api (${HEALTH_TEXT.length}-byte health text)`, ratio: health / base, detail: `baseline ${base.toFixed(0)} req/s` },
        { name: 'GET /api/automation/me through the automation-key guard', ratio: automation / base },
        { name: 'GET /api/v1/assessment/questions through the developer-key guard', ratio: assessment / base },
        { name: 'POST /api { __typename } through the Bearer guard (partner credential)', ratio: graphql / base },
      ];
    },
  },
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
