import { workedExample } from '../../../reference-server/src/psychometrics/fixtures.js';
import { selectNorm } from '../../../reference-server/src/psychometrics/norms.js';
import { countResults, saveResult } from '../../../reference-server/src/psychometrics/results.js';
import { scoreAnswers } from '../../../reference-server/src/psychometrics/scoring.js';
import type { BenchScenario } from '../harness.js';
import type { TestServer } from 'reference-server';

/** A complete submit body (about 2 KB). */
const body = (email: string) => JSON.stringify({ email, full_name: 'Bench Mark', ...workedExample() });

/** Stores results straight through the repository (the HTTP path is what is measured, not the fill). */
async function fill(server: TestServer, total: number): Promise<void> {
  const orgId = server.demo.organizationId;
  const { norm, reference } = selectNorm();
  const answers = workedExample();
  const scores = scoreAnswers(answers, norm, reference);
  for (let i = countResults(server.ctx, orgId); i < total; ) {
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
    name: 'Assessment submit: validate + score + persist (req/s ÷ bare Express JSON echo of the same body)',
    async run(env) {
      const echo = await env.loadRate({ url: env.baseline.echoUrl, method: 'POST', body: body('echo@example.com') });
      const submit = await env.loadRate(submitLoad(env.server, 'ratio'));
      return [
        {
          name: 'POST /api/v1/assessment/submit (new result each request)',
          ratio: submit / echo,
          detail: `${submit.toFixed(0)} vs ${echo.toFixed(0)} req/s, ${body('echo@example.com').length}-byte body`,
        },
      ];
    },
  },
  {
    name: 'Assessment submit with 100 vs 50,000 stored results',
    async run(env) {
      const server = await env.freshServer();
      try {
        await fill(server, 100);
        await server.ctx.store.compact();
        const small = await env.loadRate(submitLoad(server, 'small'));
        await fill(server, 50_000);
        await server.ctx.store.compact();
        const large = await env.loadRate(submitLoad(server, 'large'));
        // A replacement finds its result through the email index, so it should cost the same.
        const replace = await env.loadRate({ ...submitLoad(server, 'large'), bodyFor: (i) => body(`stored-${i % 50_000}@example.com`) });
        return [
          {
            name: 'submit req/s at 50,000 results ÷ at 100 results',
            ratio: large / small,
            detail: `${large.toFixed(0)} vs ${small.toFixed(0)} req/s`,
          },
          { name: 'replacing submits at 50,000 results ÷ new submits at 100', ratio: replace / small, detail: `${replace.toFixed(0)} req/s` },
        ];
      } finally {
        await server.dispose();
      }
    },
  },
];
