import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startTestServer, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStatus } from './assert.js';
import { ALL_CHECKS } from './checks/index.js';
import { main } from './command.js';
import { fromDemo } from './credentials.js';
import { startHidingProxy } from './hiding-proxy.js';
import { suiteVersion, writeHtmlReport } from './report-html.js';
import { formatResult, writeJunit } from './report.js';
import { runSuite, summary, type Check, type SuiteRun } from './runner.js';
import { runConformance } from './suite.js';
import { WEBHOOK_SURFACES } from './webhooks.js';

let server: TestServer;
/** The whole suite against the reference server, run once for the tests that need it. */
let fullRun: Promise<SuiteRun> | undefined;
const everyCheck = () => (fullRun ??= runConformance({ baseUrl: server.url, credentials: fromDemo(server.demo) }));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** The ids of the demo organisation's webhook subscriptions on both surfaces. */
async function subscriptionIds(): Promise<Record<string, string[]>> {
  const ids: Record<string, string[]> = {};
  for (const [surface, { path, key }] of Object.entries(WEBHOOK_SURFACES)) {
    const response = await fetch(`${server.url}${path}?limit=100`, { headers: { 'x-api-key': server.demo[key] } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string }[]; next_cursor: string | null };
    expect(body.next_cursor).toBeNull();
    ids[surface] = body.data.map((s) => s.id).sort();
  }
  return ids;
}

describe('the conformance suite against the reference server', () => {
  // About 120 checks in sequence, with a 5 s retry wait and three dozen real OAuth sign-ins: ~35 s
  // alone on a quiet machine and several times that when `npm test` shares the cores.
  it('runs every check, and with every credential given every check passes: none is skipped', { timeout: 600_000 }, async () => {
    const before = await subscriptionIds();
    const run = await everyCheck();
    const failures = run.results.filter((r) => r.outcome === 'fail').map((r) => formatResult(r, run.secrets));
    expect(failures).toEqual([]);
    expect(run.results.map((r) => r.check.id)).toEqual(ALL_CHECKS.map((c) => c.id));
    // The reference server has every route the suite probes (the assessment webhooks were the last),
    // so a skip now can only mean a check lost its way: it must fail this test.
    const skipped = run.results.filter((r) => r.outcome === 'skip').map((r) => `${r.check.id}: ${r.reason}`);
    expect(skipped).toEqual([]);
    expect(summary(run.results).line).toBe(`${ALL_CHECKS.length} passed, 0 failed, 0 skipped`);
    expect(ALL_CHECKS.length).toBeGreaterThanOrEqual(117);
    // Every subscription a check made (webhook checks on both surfaces) was deleted again.
    expect(await subscriptionIds()).toEqual(before);
  });

  it('writes an HTML report that Chromium shows with every clause, no external request and no accessibility violation', { timeout: 700_000 }, async () => {
    const run = await everyCheck();
    const file = join(tmpdir(), `conformance-${process.pid}.html`);
    writeHtmlReport(file, { baseUrl: server.url, results: run.results, secrets: run.secrets, date: new Date(), version: suiteVersion(run.results), requireAll: false });
    const html = await readFile(file, 'utf8');
    for (const [secret] of run.secrets) if (secret.length >= 8) expect(html).not.toContain(secret);
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      // The page's CSP forbids every script; axe is injected past it the way a test harness may.
      const page = await (await browser.newContext({ bypassCSP: true })).newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(pathToFileURL(file).href);
      expect(requested.filter((url) => !url.startsWith('file:'))).toEqual([]);
      const shown = await page.$$eval('section.clause', (sections) => sections.map((s) => s.getAttribute('aria-label')));
      expect([...new Set(shown)].sort()).toEqual([...new Set(ALL_CHECKS.map((c) => c.clause))].sort());
      expect(await page.locator('h1').textContent()).toBe('Conformance certification report');
      await expect(page.locator('.verdict').textContent()).resolves.toMatch(/^Conforms: Every check of every clause passed\.$/);
      const screenshot = await page.screenshot({ path: join(tmpdir(), `conformance-${process.pid}.png`) });
      expect(screenshot.length).toBeGreaterThan(20_000);
      await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
      const violations = await page.evaluate(async () => {
        const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
        return (await axe.run()).violations.map((v) => `${v.id} (${v.nodes.length})`);
      });
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
      await rm(file, { force: true });
    }
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

  it("skips the checks of a route the deployment lacks, naming it, and fails them when every route is required", async () => {
    // A workspace where the Assessment API's webhook registration is not visible yet (spec, Events).
    const proxy = await startHidingProxy(server.url, '/api/v1/webhooks');
    try {
      const options = { baseUrl: proxy.url, credentials: fromDemo(server.demo), only: /^webhooks\.assessment\./ };
      const lenient = await runConformance(options);
      const ids = ALL_CHECKS.filter((c) => c.id.startsWith('webhooks.assessment.')).map((c) => c.id);
      expect(ids.length).toBeGreaterThanOrEqual(6);
      expect(lenient.results.map((r) => [r.check.id, r.outcome])).toEqual(ids.map((id) => [id, 'skip']));
      for (const result of lenient.results) expect(result.reason).toMatch(/^the server lacks GET \/api\/v1\/webhooks \(404\)/);
      const certifying = await runConformance({ ...options, requireAllRoutes: true });
      expect(certifying.results.map((r) => r.outcome)).toEqual(ids.map(() => 'fail'));
    } finally {
      await proxy.stop();
    }
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
