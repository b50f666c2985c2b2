import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from 'reference-server/testing';
import { cli, freePort } from './mutants/harness.js';

/**
 * `certify run --command` as a partner's CI runs it: the CLI in a child process starts a server
 * on a fresh folder, runs the integration with the run's credentials in its environment, and
 * exits 0 only when every MUST passed. The integrations are the docs' examples and two careless
 * ones written here.
 */
const EXAMPLES = fileURLToPath(new URL('../../docs/certification/examples/', import.meta.url));

/** Answers 200 to every delivery: the receiver Shopify's review rejects. */
const NAIVE_RECEIVER = `const u = new URL(process.env.WEBHOOK_URL); require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => s.end('ok')); }).listen(Number(u.port), u.hostname)`;
/** Sends a request again at once after a 429. */
const HASTY_CLIENT = `(async () => { for (let i = 0; i < 3; i++) { const r = await fetch(process.env.BASE_URL + '/api/automation/me', { headers: { 'x-api-key': process.env.AUTOMATION_KEY } }); if (r.status === 200) break; } })()`;

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'certify-run-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

interface Report {
  run: { id: string; status: string };
  checks: Array<{ id: string; level: string; outcome: string; summary: string; explanation: string | null }>;
  summary: { passed: number; failed: number; warned: number; not_run: number; explained: number };
}

async function certify(args: string[]): Promise<{ code: number | null; report?: Report; stderr: string }> {
  const { code, stdout, stderr } = await cli(['certify', 'run', '--data', folder, '--json', ...args]);
  return { code, stderr, ...(stdout.trim() ? { report: JSON.parse(stdout) as Report } : {}) };
}

const outcomes = (report: Report | undefined) => Object.fromEntries((report?.checks ?? []).map((c) => [c.id, c.outcome]));
const node = (script: string) => `"${process.execPath}" -e "${script.replace(/"/g, '\\"')}"`;

describe('certify run --command: the webhook receiver', () => {
  it('passes every webhook check with the docs’ receiver, which verifies with the standardwebhooks library', async () => {
    const result = await certify(['--webhook-url', `http://127.0.0.1:${await freePort()}/hook`, '--checks', 'webhook', '--command', `node ${join(EXAMPLES, 'receiver.mjs')}`]);
    expect(result.code, result.stderr).toBe(0);
    expect(Object.values(outcomes(result.report))).toEqual(Array(9).fill('pass'));
    expect(result.report?.run.status).toBe('passed');
  });

  it('fails the four MUSTs a receiver that answers 200 to everything breaks, and writes the HTML and JUnit reports with its explanation', async () => {
    const html = join(folder, 'out', 'report.html');
    const junit = join(folder, 'out', 'report.xml');
    const gap = 'This receiver reads no timestamp & keeps no clock: <known gap>';
    const result = await certify([
      ...['--webhook-url', `http://127.0.0.1:${await freePort()}/hook`, '--checks', 'webhook', '--command', node(NAIVE_RECEIVER), '--report', html, '--junit', junit],
      ...['--explain', `webhook.rejects-future=${gap}`],
    ]);
    expect(result.code, result.stderr).toBe(1);
    expect(outcomes(result.report), result.stderr).toMatchObject({
      'webhook.accepts-valid': 'pass',
      'webhook.rejects-forged': 'fail',
      'webhook.rejects-tampered': 'fail',
      'webhook.rejects-missing-signature': 'fail',
      'webhook.rejects-stale': 'fail',
      'webhook.rejects-future': 'warn',
    });
    expect(result.stderr).toContain('MUST checks not passed: webhook.rejects-forged, webhook.rejects-tampered, webhook.rejects-missing-signature, webhook.rejects-stale');
    // An explanation is shown, never a verdict: the SHOULD still warns and the MUSTs still fail the run.
    expect(result.report?.checks.find((c) => c.id === 'webhook.rejects-future')?.explanation).toBe(gap);
    expect(result.report?.summary).toMatchObject({ warned: 1, explained: 1 });
    const page = await readFile(html, 'utf8');
    expect(page).toContain(result.report?.run.id);
    expect(page).toContain('Not certified');
    expect(page).toContain('The integration explains:</strong> This receiver reads no timestamp &amp; keeps no clock: &lt;known gap>');
    expect(page).toContain('1 warned, 0 not run; 1 explained');
    expect(page).not.toMatch(/whsec_|pis_/);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain('<failure message="fail: Sent a delivery signed with another secret');
    expect(xml).toMatch(/<system-out><!\[CDATA\[[^\]]*The integration explains: This receiver reads no timestamp & keeps no clock: <known gap>/);
  });
});

describe('certify run --command: the API client', () => {
  it('fails a client that sends a request again at once after a 429, and passes the docs’ client, which waits', async () => {
    const hasty = await certify(['--checks', 'api.honours-retry-after', '--command', node(HASTY_CLIENT)]);
    expect(hasty.code).toBe(1);
    expect(outcomes(hasty.report)).toEqual({ 'api.honours-retry-after': 'fail' });
    expect(hasty.report?.checks[0]?.summary).toMatch(/too soon/);

    const careful = await certify(['--checks', 'api.honours-retry-after', '--command', `node ${join(EXAMPLES, 'client.mjs')}`]);
    expect(careful.code, careful.stderr).toBe(0);
    expect(outcomes(careful.report)).toEqual({ 'api.honours-retry-after': 'pass' });
  });

  it('passes every API check with the docs’ client', async () => {
    const result = await certify(['--checks', 'api', '--fault-window', '5s', '--command', `node ${join(EXAMPLES, 'client.mjs')}`]);
    expect(result.code, result.stderr).toBe(0);
    expect(Object.values(outcomes(result.report))).toEqual(Array(5).fill('pass'));
  });

  it('honours a baseline: a listed failure does not fail the run; a listed check that passes does (stale)', async () => {
    const baseline = join(folder, 'baseline.yaml');
    await writeFile(baseline, '# known failures\n- api.honours-retry-after\n');
    const known = await certify(['--checks', 'api.honours-retry-after', '--baseline', baseline, '--command', node(HASTY_CLIENT)]);
    expect(known.code).toBe(0);
    const stale = await certify(['--checks', 'api.honours-retry-after', '--baseline', baseline, '--command', `node ${join(EXAMPLES, 'client.mjs')}`]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('the baseline is stale: these listed checks now pass: api.honours-retry-after');
  });

  it('exits 2 when the run cannot start', async () => {
    const result = await certify(['--checks', 'webhook', '--command', 'true']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the webhook checks need the URL');
    const unknown = await certify(['--checks', 'api', '--explain', 'oauth.revokes-on-disconnect=not in this run', '--command', 'true']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('the run has no check oauth.revokes-on-disconnect');
  });
});

describe('certify start, begin, status, finish and report', () => {
  it('work through the server that holds the folder, and the run ends its credentials when finished', async () => {
    const server = await startTestServer();
    try {
      const started = await cli(['certify', 'start', '--data', server.dataDir, '--checks', 'api', '--name', 'CI smoke', '--json']);
      expect(started.code, started.stderr).toBe(0);
      const answer = JSON.parse(started.stdout) as { run: { id: string }; credentials: { automation_key: string }; url: string };
      expect(answer.url).toBe(`${server.url}/workspace/certification/${answer.run.id}`);
      const me = () => fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': answer.credentials.automation_key } });
      // Ready: the integration is configured with the credentials first, and nothing is faulted until `certify begin`.
      expect((await me()).status).toBe(200);
      const begun = await cli(['certify', 'begin', answer.run.id, '--data', server.dataDir]);
      expect(begun.code, begun.stderr).toBe(0);
      expect((await me()).status).toBe(429);
      const status = await cli(['certify', 'status', answer.run.id, '--data', server.dataDir, '--json']);
      expect(outcomes(JSON.parse(status.stdout) as Report)).toMatchObject({ 'api.honours-retry-after': 'pending' });
      const finished = await cli(['certify', 'finish', answer.run.id, '--data', server.dataDir]);
      expect(finished.code, finished.stderr).toBe(0);
      expect(finished.stdout.trim().split('\n').slice(-2)).toEqual([`${answer.run.id} failed: 0 passed, 0 failed, 0 warned, 5 not run`, 'The run ended: the operator finished it (certify finish).']);
      expect((await me()).status).toBe(401);
      const html = join(folder, 'r', 'report.html');
      const xml = join(folder, 'r', 'report.xml');
      const written = await cli(['certify', 'report', answer.run.id, '--data', server.dataDir, '--html', html, '--junit', xml]);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stdout.trim()).toBe(`${answer.run.id} failed: 0 passed, 0 failed, 0 warned, 5 not run`);
      expect(await readFile(html, 'utf8')).toContain('CI smoke');
      expect(await readFile(xml, 'utf8')).toContain('<failure message="not_run:');
      const explained = await cli(['certify', 'explain', answer.run.id, 'api.paginates', 'Our client reads one page: lists are capped at 100.', '--data', server.dataDir]);
      expect(explained.code, explained.stderr).toBe(0);
      expect(explained.stdout.trim()).toBe(`${answer.run.id} failed: 0 passed, 0 failed, 0 warned, 5 not run; 1 explained`);
      const blank = await cli(['certify', 'explain', answer.run.id, 'api.paginates', '   ', '--data', server.dataDir]);
      expect(blank.code).not.toBe(0);
      expect(blank.stderr).toMatch(/text/);
      const afterwards = JSON.parse((await cli(['certify', 'status', answer.run.id, '--data', server.dataDir, '--json'])).stdout) as Report;
      expect(afterwards.checks.find((c) => c.id === 'api.paginates')).toMatchObject({ outcome: 'not_run', explanation: 'Our client reads one page: lists are capped at 100.' });
      const neither = await cli(['certify', 'report', answer.run.id, '--data', server.dataDir]);
      expect(neither.code).toBe(1);
      expect(neither.stderr).toContain('give --html FILE and/or --junit FILE');
    } finally {
      await server.dispose();
    }
    // Nine CLI processes, each starting tsx: well over 30 s on a busy two-core machine.
  }, 90_000);
});
