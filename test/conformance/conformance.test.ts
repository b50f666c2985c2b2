import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from 'reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStatus } from './assert.js';
import { ALL_CHECKS } from './checks/index.js';
import { main } from './command.js';
import { fromDemo } from './credentials.js';
import { formatResult, writeJunit } from './report.js';
import { runSuite, summary, type Check } from './runner.js';
import { runConformance } from './suite.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('the conformance suite against the reference server', () => {
  it('runs every check; every check passes, or is skipped only because the server lacks its route', async () => {
    const run = await runConformance({ baseUrl: server.url, credentials: fromDemo(server.demo) });
    const failures = run.results.filter((r) => r.outcome === 'fail').map((r) => formatResult(r, run.secrets));
    expect(failures).toEqual([]);
    expect(run.results.map((r) => r.check.id)).toEqual(ALL_CHECKS.map((c) => c.id));
    const skipped = run.results.filter((r) => r.outcome === 'skip');
    // With every credential given, the only skips are routes the reference server does not have yet;
    // each names the route, and the report to the lead lists them.
    for (const result of skipped) expect(result.reason, result.check.id).toMatch(/^the server lacks GET \/api\/\S+ \(404\)/);
    expect(skipped.every((r) => r.check.route !== undefined)).toBe(true);
    const totals = summary(run.results);
    expect(totals.line).toBe(`${ALL_CHECKS.length - skipped.length} passed, 0 failed, ${skipped.length} skipped`);
    expect(totals.passed).toBeGreaterThanOrEqual(69);
  });

  it('fails, instead of skipping, the checks of a missing route when every route is required', async () => {
    const run = await runSuite([{ id: 'missing.route', clause: 'test', title: 'x', route: { path: '/api/v1/no-such-collection', credential: 'developerKey' }, run: async () => {} }], {
      baseUrl: server.url,
      credentials: fromDemo(server.demo),
      requireAllRoutes: true,
    });
    expect(run.results[0]?.outcome).toBe('fail');
    expect(run.results[0]?.reason).toMatch(/lacks GET \/api\/v1\/no-such-collection \(404\)/);
  });

  it('covers every surface and the cross-surface rules', () => {
    const prefixes = new Set(ALL_CHECKS.map((c) => c.id.split('.')[0]));
    expect([...prefixes].sort()).toEqual(['assessment', 'automation', 'general', 'graphql', 'oauth', 'separation', 'webhooks']);
  });

  it('skips, with the variable to set, the checks whose credential is missing', async () => {
    const { developerKey: _omitted, ...rest } = fromDemo(server.demo);
    const run = await runConformance({ baseUrl: server.url, credentials: rest, only: /^(assessment|separation\.assessment)\./ });
    const skipped = run.results.filter((r) => r.outcome === 'skip');
    expect(skipped.map((r) => r.check.id)).toContain('assessment.submit.upsert');
    for (const result of skipped) expect(result.reason).toContain('DEVELOPER_KEY (--developer-key)');
    expect(run.results.filter((r) => r.outcome === 'fail')).toEqual([]);
  });

  it('prints a failed check with its request and response, secrets hidden, and the CLI exits 1', async () => {
    const lines: string[] = [];
    const code = await main(
      ['--base-url', server.url, '--only', '^separation\\.assessment\\.accepts-own$', '--developer-key', 'pis_dev_not_the_right_key'],
      (text) => lines.push(text),
    );
    const output = lines.join('');
    expect(code).toBe(1);
    expect(output).toMatch(/^FAIL {2}separation\.assessment\.accepts-own/m);
    expect(output).toContain('expected HTTP 200, got 401');
    expect(output).toContain('> GET http://');
    expect(output).toContain('< 401 Unauthorized');
    expect(output).toContain('‹developerKey›');
    expect(output).not.toContain('pis_dev_not_the_right_key');
    expect(output.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed, 0 skipped');
  });

  it('writes JUnit XML with one test case per check', async () => {
    const file = join(tmpdir(), `conformance-${process.pid}.xml`);
    const code = await main(['--base-url', server.url, '--only', '^general\\.', '--junit', file], () => {});
    try {
      expect(code).toBe(0);
      const xml = await readFile(file, 'utf8');
      expect(xml).toContain('<testsuites tests="1" failures="0"');
      expect(xml).toContain('name="general.health: GET /api returns a short health string, not an API document"');
    } finally {
      await rm(file, { force: true });
    }
  });
});

describe('the runner', () => {
  const check = (id: string, run: Check['run'], needs?: Check['needs']): Check => ({ id, clause: 'test', title: id, run, ...(needs ? { needs } : {}) });

  it('reports pass, fail (with the exchange) and skip, and refuses duplicate ids', async () => {
    const checks = [
      check('ok', async (t) => ensureStatus(await t.http.get('/api'), 200)),
      check('broken', async (t) => ensureStatus(await t.http.get('/api'), 201)),
      check('needs-key', async () => {}, ['automationKey']),
      check('crashes', async () => {
        throw new TypeError('boom');
      }),
    ];
    const run = await runSuite(checks, { baseUrl: server.url, credentials: {} });
    expect(run.results.map((r) => [r.check.id, r.outcome])).toEqual([
      ['ok', 'pass'],
      ['broken', 'fail'],
      ['needs-key', 'skip'],
      ['crashes', 'fail'],
    ]);
    expect(run.results[1]?.exchanges[0]?.response?.status).toBe(200);
    expect(run.results[3]?.reason).toContain('unexpected error: TypeError: boom');
    await expect(runSuite([checks[0] as Check, checks[0] as Check], { baseUrl: server.url, credentials: {} })).rejects.toThrow(/share the id/);
  });

  it('writes a failure with its exchanges into JUnit', async () => {
    const run = await runSuite([check('broken', async (t) => ensureStatus(await t.http.get('/api'), 204))], { baseUrl: server.url, credentials: {} });
    const file = join(tmpdir(), `runner-${process.pid}.xml`);
    writeJunit(file, run.results, run.secrets, server.url);
    try {
      const xml = await readFile(file, 'utf8');
      expect(xml).toContain('failures="1"');
      expect(xml).toContain('expected HTTP 204, got 200');
      expect(xml).toContain('> GET');
    } finally {
      await rm(file, { force: true });
    }
  });
});
