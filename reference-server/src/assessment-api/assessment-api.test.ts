import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operate } from '../cli.js';
import { instrumentSchema } from '../psychometrics/index.js';
import { benchmarkTagsResponseSchema, errorSchema, resultResponseSchema, submitErrorSchema, submitResponseSchema } from './assessment-response-schemas.js';
import { straightLine, workedExample } from '../psychometrics/index.js';
import { RESULTS } from '../assessments/index.js';
import { GENERAL_NORM } from '../psychometrics/index.js';
import { startTestServer, type TestServer } from 'reference-server/testing';

let server: TestServer;
let otherOrgKey: string;
let otherOrgId: string;

beforeAll(async () => {
  server = await startTestServer();
  const org = (await operate(server.sandbox, 'org.create', { name: 'Other Capital' })) as { id: string };
  otherOrgId = org.id;
  otherOrgKey = ((await operate(server.sandbox, 'key.create', { orgId: org.id, kind: 'developer' })) as { secret: string }).secret;
});
afterAll(() => server.dispose());

// Response bodies are checked by value, not by static type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json();

const headers = (key = server.demo.developerKey) => ({ 'x-api-key': key, 'content-type': 'application/json' });

function post(body: unknown, key?: string): Promise<Response> {
  return fetch(`${server.url}/api/v1/assessment/submit`, {
    method: 'POST',
    headers: headers(key),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const valid = (email: string, extra: Record<string, unknown> = {}) => ({ email, full_name: 'Ada Example', ...workedExample(), ...extra });

const get = (path: string, key = server.demo.developerKey) => fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } });

describe('GET /api/v1/assessment/questions', () => {
  it('serves the 140-question instrument for the key organisation', async () => {
    const response = await get('/api/v1/assessment/questions');
    expect(response.status).toBe(200);
    const doc = instrumentSchema.parse(await json(response));
    expect(doc).toMatchObject({ version: '1.0', organizationId: server.demo.organizationId, totalQuestions: 140 });
    expect(doc.scaleOptions).toHaveLength(6);
    expect(doc.categories.demographics.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(doc.categories.psychometric).toHaveLength(127);
    expect(doc.categories.closing).toHaveLength(9);
    expect(doc.categories.psychometric[0]).toMatchObject({ id: 'q5', type: 'likert', required: true, text: expect.any(String) });
    expect((await get('/api/v1/assessment/questions', otherOrgKey).then((r) => json(r))).organizationId).toBe(otherOrgId);
  });
});

describe('GET /api/v1/assessment/questions caching', () => {
  it('tags each organisation its own body and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/v1/assessment/questions');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const again = await get('/api/v1/assessment/questions');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(await first.text());

    const other = await get('/api/v1/assessment/questions', otherOrgKey);
    expect(other.headers.get('etag')).not.toBe(etag);

    // fetch adds `Cache-Control: no-cache` to a conditional request unless told otherwise, and a
    // no-cache request must get the full body.
    const revalidate = (key: string) =>
      fetch(`${server.url}/api/v1/assessment/questions`, { headers: { 'x-api-key': key, 'if-none-match': etag as string, 'cache-control': 'max-age=0' } });
    const notModified = await revalidate(server.demo.developerKey);
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect((await revalidate(otherOrgKey)).status).toBe(200);
  });
});

describe('POST /api/v1/assessment/submit', () => {
  it('scores synchronously against the general norm', async () => {
    const response = await post(valid('worked@example.com'));
    expect(response.status).toBe(200);
    const body = submitResponseSchema.parse(await json(response));
    expect(body).toMatchObject({ success: true, responseId: expect.stringMatching(/^res_/), benchmarkApplied: false, replaced: false });
    expect(body.scores.norm).toMatchObject({ id: 'general', kind: 'general', source: 'synthetic' });
    expect(body.scores.dimensions.achievement_drive).toMatchObject({ sum: 79, mean: 4.94, t: 62, percentile: 88, sten: 8, band: 'high' });
    expect(body.scores.quality.status).toBe('ok');
  });

  it('applies a benchmark when named', async () => {
    const body = await json(await post(valid('bench@example.com', { benchmark_tag_id: 'bt_fintech' })));
    expect(body.benchmarkApplied).toBe(true);
    expect(body.scores.norm).toMatchObject({ id: 'bt_fintech', kind: 'benchmark' });
    expect(body.scores.dimensions.achievement_drive).toMatchObject({ z: 0.65, t: 56.5, percentile: 74, sten: 7 });
  });

  it('still scores a suspicious response, marked invalid', async () => {
    const body = await json(await post({ email: 'line@example.com', full_name: 'Straight Liner', ...straightLine(6) }));
    expect(body.scores.quality).toMatchObject({ status: 'invalid', flags: expect.arrayContaining(['long_run', 'acquiescence']) });
    expect(body.scores.dimensions.perseverance.mean).toBe(3.5);
  });

  it('keeps optional context answers with the result', async () => {
    const body = await json(await post(valid('context@example.com', { q2: 'founder', q137: true, q139: 'Part-time founder.', q3: '' })));
    const stored = await json(await get(`/api/v1/assessment/results?result_id=${body.responseId}`));
    expect(stored.result.context).toEqual({ q2: 'founder', q137: true, q139: 'Part-time founder.' });
  });
});

describe('submit 400s', () => {
  const empty = { missingCount: 0, invalidCount: 0, missing: [], invalid: [] };

  it('invalid JSON', async () => {
    const response = await post('{"email": "a@b.co",');
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'Bad Request', message: 'The request body is not valid JSON.', ...empty });
  });

  it('a body that is not a JSON object, or not JSON at all', async () => {
    for (const body of [[1, 2], '"just a string"', '42', 'null']) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ error: 'Bad Request', message: 'The request body must be a JSON object.', ...empty });
    }
    const text = await fetch(`${server.url}/api/v1/assessment/submit`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'text/plain' },
      body: 'email=a@b.co',
    });
    expect(text.status).toBe(400);
    expect(await json(text)).toMatchObject({ error: 'Bad Request', ...empty });
  });

  it('a body that cannot be decoded', async () => {
    const send = (encoding: string) =>
      fetch(`${server.url}/api/v1/assessment/submit`, {
        method: 'POST',
        headers: { ...headers(), 'content-encoding': encoding },
        body: 'definitely not gzip',
      });
    const broken = await send('gzip');
    expect(broken.status).toBe(400);
    expect(submitErrorSchema.parse(await json(broken))).toMatchObject(empty);
    const unknown = await send('x-unknown');
    expect(unknown.status).toBe(415);
    expect(errorSchema.parse(await json(unknown)).error).toBe('Unsupported Media Type');
  });

  it('an empty object: every required field missing', async () => {
    const body = submitErrorSchema.parse(await json(await post({})));
    expect(body).toMatchObject({ error: 'Bad Request', missingCount: 129, invalidCount: 0 });
    expect(body.missing.slice(0, 3)).toEqual(['email', 'full_name', 'q5']);
    expect(body.missing.at(-1)).toBe('q131');
  });

  it('a bad email', async () => {
    const response = await post(valid('not-an-email'));
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ missingCount: 0, invalidCount: 1, missing: [], invalid: ['email'] });
  });

  it('missing and invalid answers, each named', async () => {
    const body = valid('answers@example.com', { full_name: '   ', q8: 7, q9: '3', q10: 2.5, q11: null, q12: 0, q2: 'astronaut', q140: 'yes', q141: 3 });
    delete (body as Record<string, unknown>).q7;
    const response = await post(body);
    expect(response.status).toBe(400);
    const answer = submitErrorSchema.parse(await json(response));
    expect(answer).toEqual({
      error: 'Bad Request',
      message: expect.stringContaining('3 required field(s) missing (full_name, q7, q11)'),
      missingCount: 3,
      invalidCount: 7,
      missing: ['full_name', 'q7', 'q11'],
      invalid: ['q2', 'q8', 'q9', 'q10', 'q12', 'q140', 'q141'],
    });
  });

  it('an unknown benchmark_tag_id, named', async () => {
    const response = await post(valid('tag@example.com', { benchmark_tag_id: 'bt_nope' }));
    expect(response.status).toBe(400);
    const body = submitErrorSchema.parse(await json(response));
    expect(body).toMatchObject({ missingCount: 0, invalidCount: 1, invalid: ['benchmark_tag_id'], benchmarkTagId: 'bt_nope' });
    expect(body.message).toContain('"bt_nope"');
  });

  it('stores nothing for a refused submit', async () => {
    await post(valid('refused@example.com', { q50: 9 }));
    expect((await get('/api/v1/assessment/results?email=refused@example.com')).status).toBe(404);
  });
});

describe('one result per organisation and email', () => {
  it('replaces the result on a later submit, matching the email case-insensitively', async () => {
    const first = await json(await post(valid('Replace.Me@Example.com')));
    const second = await json(await post(valid('replace.me@example.COM', { full_name: 'Ada Second', benchmark_tag_id: 'bt_climate' })));
    expect(second).toMatchObject({ responseId: first.responseId, replaced: true, benchmarkApplied: true });
    const stored = await json(await get('/api/v1/assessment/results?email=REPLACE.ME@example.com'));
    expect(stored.result).toMatchObject({ id: first.responseId, fullName: 'Ada Second', revision: 2, benchmarkTagId: 'bt_climate' });
  });

  it('leaves exactly one result after 20 concurrent submits for one email', async () => {
    const before = await server.ctx.db.count(RESULTS, server.demo.organizationId);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(valid(i % 2 ? 'race@example.com' : 'RACE@example.com', { full_name: `Racer ${i}` }))),
    );
    const bodies = await Promise.all(responses.map((r) => json(r)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies.map((b) => b.responseId)).size).toBe(1);
    expect(bodies.filter((b) => !b.replaced)).toHaveLength(1);
    expect(await server.ctx.db.count(RESULTS, server.demo.organizationId)).toBe(before + 1);
    const stored = await json(await get('/api/v1/assessment/results?email=race@example.com'));
    expect(stored.result.revision).toBe(20);
  });
});

describe('GET /api/v1/assessment/results', () => {
  it('needs email or result_id', async () => {
    const response = await get('/api/v1/assessment/results');
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: 'Bad Request', message: expect.stringContaining('email or result_id') });
  });

  it('finds a result by id, by email, or by both when they agree', async () => {
    const { responseId } = await json(await post(valid('lookup@example.com')));
    const byId = resultResponseSchema.parse(await json(await get(`/api/v1/assessment/results?result_id=${responseId}`)));
    expect(byId).toMatchObject({ success: true, result: { id: responseId, email: 'lookup@example.com', revision: 1 } });
    expect(byId.result.scores.dimensions.achievement_drive.percentile).toBe(88);
    expect(byId.result.answers.q5).toBe(5);
    expect(byId.result.crmSync).toEqual({ status: 'not_configured', attempts: 0 });
    expect((await get(`/api/v1/assessment/results?email=lookup@example.com&result_id=${responseId}`)).status).toBe(200);
    const other = await json(await post(valid('lookup2@example.com')));
    expect((await get(`/api/v1/assessment/results?email=lookup@example.com&result_id=${other.responseId}`)).status).toBe(404);
    expect((await get('/api/v1/assessment/results?email=nobody@example.com')).status).toBe(404);
  });

  it("refuses another organisation's results with 404", async () => {
    const { responseId } = await json(await post(valid('private@example.com')));
    for (const query of [`result_id=${responseId}`, 'email=private@example.com']) {
      const response = await get(`/api/v1/assessment/results?${query}`, otherOrgKey);
      expect(response.status).toBe(404);
      expect(errorSchema.parse(await json(response))).toMatchObject({ error: 'Not Found' });
    }
    // The other organisation's own result for the same email is separate.
    const theirs = await json(await post(valid('private@example.com'), otherOrgKey));
    expect(theirs).toMatchObject({ replaced: false });
    expect(theirs.responseId).not.toBe(responseId);
  });
});

describe('GET /api/v1/benchmark-tags', () => {
  it('lists the first page of 20 by default', async () => {
    const body = benchmarkTagsResponseSchema.parse(await json(await get('/api/v1/benchmark-tags')));
    expect(body).toMatchObject({ success: true, count: 12, pagination: { page: 1, limit: 20, total: 12, totalPages: 1, hasMore: false } });
    expect(body.tags[0]).toMatchObject({
      id: 'bt_fintech',
      name: 'Fintech founders',
      industry: 'Financial services',
      norms: {
        source: { kind: 'synthetic', description: expect.stringContaining('Synthetic') },
        sampleSize: 820,
        dimensions: { achievement_drive: { mean: 4.55, sd: 0.6, reliability: 0.84 } },
        composite: { mean: 4.31, sd: 0.42, reliability: 0.94 },
      },
    });
    expect(body.generalNorm).toEqual({
      id: 'general',
      name: 'General adult reference',
      norms: { source: GENERAL_NORM.source, sampleSize: 2400, dimensions: GENERAL_NORM.dimensions, composite: GENERAL_NORM.composite },
    });
    expect(body.generalNorm.norms.dimensions.resilience).toEqual({ mean: 3.85, sd: 0.78, reliability: 0.86 });
  });

  it('serves the general norm on every page, even past the last tag', async () => {
    const beyond = benchmarkTagsResponseSchema.parse(await json(await get('/api/v1/benchmark-tags?page=9')));
    expect(beyond.generalNorm.norms.composite).toEqual({ mean: 3.88, sd: 0.5, reliability: 0.94 });
  });

  it('pages with page and limit, capping limit at 100', async () => {
    const third = await json(await get('/api/v1/benchmark-tags?page=3&limit=5'));
    expect(third).toMatchObject({ count: 2, pagination: { page: 3, limit: 5, total: 12, totalPages: 3, hasMore: false } });
    expect((await json(await get('/api/v1/benchmark-tags?page=2&limit=5'))).pagination.hasMore).toBe(true);
    expect((await json(await get('/api/v1/benchmark-tags?limit=1000'))).pagination.limit).toBe(100);
    expect((await json(await get('/api/v1/benchmark-tags?page=9')))).toMatchObject({ count: 0, tags: [] });
  });

  it.each(['page=0', 'limit=0', 'limit=abc', 'page=-1', 'page=1.5'])('refuses %s', async (query) => {
    const response = await get(`/api/v1/benchmark-tags?${query}`);
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('Bad Request');
  });
});

describe('failures', () => {
  it('answers 500 with the spec body and no detail when the store fails', async () => {
    const write = vi.spyOn(server.ctx.db, 'transaction').mockRejectedValueOnce(new Error('disk on fire /secret/path'));
    try {
      const response = await post(valid('fail@example.com'));
      expect(response.status).toBe(500);
      const body = errorSchema.parse(await json(response));
      expect(body.error).toBe('Internal Server Error');
      expect(JSON.stringify(body)).not.toMatch(/disk on fire|secret|at /);
    } finally {
      write.mockRestore();
    }
  });
});

describe('the demo seed', () => {
  it('has a scored demo result against a benchmark', async () => {
    const body = await json(await get('/api/v1/assessment/results?email=Jordan.Rivera@founders.example'));
    expect(body.result).toMatchObject({ fullName: 'Jordan Rivera', benchmarkApplied: true, benchmarkTagId: 'bt_b2b_software', revision: 1 });
    expect(body.result.scores.quality.status).toBe('ok');
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is served without a key and describes every route of the surface', async () => {
    const response = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const doc = await json(response);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/v1/assessment/questions',
        '/api/v1/assessment/results',
        '/api/v1/assessment/invites',
        '/api/v1/assessment/invites/{id}',
        '/api/v1/assessment/invite-settings',
        '/api/v1/assessment/submit',
        '/api/v1/benchmark-tags',
        '/api/v1/crm-sync',
        '/api/v1/webhooks',
        '/api/v1/webhooks/event-types',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/enable',
        '/api/v1/webhooks/{id}/attempts',
      ].sort(),
    );
    const submitBody = doc.components.schemas.SubmitBody;
    expect(submitBody.required).toHaveLength(129);
    expect(submitBody.properties.q5).toEqual({ type: 'integer', minimum: 1, maximum: 6 });
    expect(submitBody.properties.email.format).toBe('email');
    expect(doc.components.schemas.SubmitResponse.properties.scores).toEqual({ $ref: '#/components/schemas/ScoreReport' });
    expect(doc.components.schemas.BenchmarkTags.properties.generalNorm).toEqual({ $ref: '#/components/schemas/GeneralNorm' });
    expect(doc.components.schemas.GeneralNorm.properties.norms).toEqual({ $ref: '#/components/schemas/NormSet' });
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[A-Za-z]+"/g) ?? [];
    for (const target of new Set(refs)) expect(doc.components.schemas).toHaveProperty(JSON.parse(target).split('/').at(-1));
  });
});
