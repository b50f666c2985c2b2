import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalStore } from '../../../reference-server/src/store/journal-store.js';
import { put } from '../../../reference-server/src/store/store.js';
import { HEALTH_TEXT } from 'reference-server';
import type { BenchScenario } from '../harness.js';

/** A record of about 2 KB, the size the field notes measured lowdb with. */
const record = (id: string) => ({ id, kind: 'bench', payload: 'x'.repeat(1900), at: new Date(0).toISOString() });

async function writeRate(store: JournalStore, scope: string, count: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) await store.write([put('bench', scope, record(`w${i}`))]);
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
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
      const dir = await mkdtemp(join(tmpdir(), 'bench-store-'));
      const store = await JournalStore.open(dir);
      try {
        const scope = 'org_bench';
        const fill = async (from: number, to: number) => {
          for (let i = from; i < to; i += 1000) {
            const ops = [];
            for (let j = i; j < Math.min(i + 1000, to); j += 1) ops.push(put('bench', scope, record(`r${j}`)));
            await store.write(ops);
          }
        };
        await fill(0, 100);
        await store.compact();
        const small = await writeRate(store, scope, 500);
        await fill(100, 100_000);
        await store.compact();
        const large = await writeRate(store, scope, 500);
        return [
          {
            name: 'cost of one write at 100,000 records ÷ at 100 records',
            ratio: small / large,
            lowerIsBetter: true,
            detail: `${small.toFixed(0)} vs ${large.toFixed(0)} writes/s`,
          },
        ];
      } finally {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
