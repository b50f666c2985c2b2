import { workedExample } from '../../../reference-server/src/psychometrics/fixtures.js';
import { selectNorm } from '../../../reference-server/src/psychometrics/norms.js';
import { countResults, saveResult } from '../../../reference-server/src/assessments/results.js';
import { scoreAnswers } from '../../../reference-server/src/psychometrics/scoring-engine.js';
import type { BenchScenario } from '../harness.js';
import type { TestServer } from 'reference-server/testing';

/** A complete submit body (about 1 KB). */
const body = (email: string) => JSON.stringify({ email, full_name: 'Bench Mark', ...workedExample() });

/** Stores results straight through the repository (the HTTP path is what is measured, not the fill). */
async function fill(server: TestServer, total: number): Promise<void> {
  const orgId = server.demo.organizationId;
  const { norm, reference } = selectNorm();
  const answers = workedExample();
  const scores = scoreAnswers(answers, norm, reference);
  for (let i = await countResults(server.ctx, orgId); i < total; ) {
    const batch: Promise<unknown>[] = [];
    for (const end = Math.min(i + 1000, total); i < end; i += 1) {
      batch.push(
        saveResult(server.ctx, orgId, {
          email: `stored-${i}@example.com`,
          fullName: 'Stored Result',
          benchmarkTagId: null,
          benchmarkApplied: false,
          scores,
          answers,
          context: {},
          crmSync: { status: 'not_configured', attempts: 0 },
        }),
      );
    }
    await Promise.all(batch);
  }
}

const submitLoad = (server: TestServer, tag: string) => ({
  url: `${server.url}/api/v1/assessment/submit`,
  method: 'POST' as const,
  headers: { 'x-api-key': server.demo.developerKey },
  bodyFor: (i: number) => body(`bench-${tag}-${i}@example.com`),
});

export const scenarios: BenchScenario[] = [
  {
    name: 'Assessment submit with 100 vs 50,000 stored results',
    async run(env) {
      const server = await env.freshServer();
      // Replacing submits keep the count where it is; new ones add a few thousand during a run.
      const replacing = (stored: number) => ({ ...submitLoad(server, 'replace'), bodyFor: (i: number) => body(`stored-${i % stored}@example.com`) });
      try {
        await fill(server, 100);
        await env.loadRate(replacing(100)); // warm-up: JIT, connections
        await server.journal?.compact();
        const replaceSmall = await env.loadRate(replacing(100));
        const newSmall = await env.loadRate(submitLoad(server, 'small'));
        await fill(server, 50_000);
        await server.journal?.compact();
        const replaceLarge = await env.loadRate(replacing(50_000));
        const newLarge = await env.loadRate(submitLoad(server, 'large'));
        return [
          {
            name: 'replacing submit req/s at 50,000 results ÷ at 100',
            ratio: replaceLarge / replaceSmall,
            detail: `${replaceLarge.toFixed(0)} vs ${replaceSmall.toFixed(0)} req/s`,
          },
          {
            name: 'new-result submit req/s at 50,000 results ÷ at 100',
            ratio: newLarge / newSmall,
            detail: `${newLarge.toFixed(0)} vs ${newSmall.toFixed(0)} req/s`,
          },
        ];
      } finally {
        await server.dispose();
      }
    },
  },
];
