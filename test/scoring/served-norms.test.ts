import { startTestServer, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_CASES, MODES, buildAnswers, type Answers } from './answer-sets.js';
import { documentedNorms } from './docs-norms.js';
import { dec, DIMENSIONS, type Norms } from './oracle.js';
import { expectedNumbers, servedNorms, servedNumbers } from './served.js';

/**
 * Over the wire: the norms the API serves are the documented ones, and results submitted to the
 * real server — untagged and against each benchmark — are reproduced from their answers and the
 * served norms alone.
 */
let server: TestServer;
let norms: Map<string, Norms>;
beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.url}/api/v1/benchmark-tags?limit=100`, { headers: { 'x-api-key': server.demo.developerKey } });
  norms = servedNorms(await response.json());
});
afterAll(async () => {
  await server.dispose();
});

async function submit(answers: Answers, tag: string, n: number) {
  const body = { email: `scoring-${n}@example.com`, full_name: 'Scoring Check', ...answers, ...(tag === 'general' ? {} : { benchmark_tag_id: tag }) };
  const response = await fetch(`${server.url}/api/v1/assessment/submit`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { scores: { norm: { id: string }; modelVersion: string } }).scores;
}

describe('the served norms', () => {
  it('are the documented ones, the general norm included', () => {
    const docs = documentedNorms();
    expect([...norms.keys()].sort()).toEqual([...docs.keys()].sort());
    for (const [id, served] of norms) {
      const documented = docs.get(id) as Norms;
      for (const d of DIMENSIONS) for (const k of ['mean', 'sd', 'reliability'] as const) expect(dec(served.dimensions[d][k])).toEqual(dec(documented.dimensions[d][k]));
      for (const k of ['mean', 'sd', 'reliability'] as const) expect(dec(served.composite[k])).toEqual(dec(documented.composite[k]));
    }
  });
});

describe('a result submitted over HTTP', () => {
  it('is reproduced from its answers and the served norms, untagged and against every benchmark', { timeout: 300_000 }, async () => {
    const interesting = () => [];
    let n = 0;
    const cases: { tag: string; answers: Answers }[] = Object.values(FIXED_CASES).map((c) => ({ tag: c.norm, answers: c.answers }));
    for (const tag of norms.keys()) for (const mode of MODES) cases.push({ tag, answers: buildAnswers(18 + n++, mode, tag, interesting) });
    for (const { tag, answers } of cases) {
      const scores = await submit(answers, tag, n++);
      expect(scores.norm.id).toBe(tag);
      expect(scores.modelVersion).toBe('1.1');
      expect(servedNumbers(scores)).toEqual(expectedNumbers(answers, norms.get(tag) as Norms));
    }
    expect(cases.length).toBe(4 + 13 * MODES.length);
  });
});
