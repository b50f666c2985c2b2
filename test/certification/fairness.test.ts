import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from './mutants/harness.js';

/**
 * An integration made of several clients, through the real `certify run --command`: each trap is
 * tied to the client it answered (its credential and User-Agent), so two polite clients in one run
 * each pass, however their requests interleave.
 */
const POLITE = fileURLToPath(new URL('./polite-client.mjs', import.meta.url));
const polite = (...args: string[]) => `"${process.execPath}" "${POLITE}" ${args.map((a) => `'${a}'`).join(' ')}`;
const CHECKS = 'api.honours-retry-after,api.retries-transient';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'certify-fair-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

interface Report {
  run: { status: string };
  checks: Array<{ id: string; outcome: string; summary: string }>;
}

async function certify(command: string): Promise<{ code: number | null; report: Report; stderr: string }> {
  const { code, stdout, stderr } = await cli(['certify', 'run', '--data', folder, '--json', '--checks', CHECKS, '--command', command]);
  return { code, report: JSON.parse(stdout) as Report, stderr };
}

const summaries = (report: Report) => Object.fromEntries(report.checks.map((c) => [c.id, `${c.outcome}: ${c.summary}`]));

describe('certify run: an integration of several clients', () => {
  it('passes two polite clients, one per key, each waiting out its own 429 and sending its own 503 again', async () => {
    const result = await certify(`${polite('AUTOMATION_KEY', '/api/automation/me')} & ${polite('DEVELOPER_KEY', '/api/v1/benchmark-tags')}; wait`);
    expect(result.code, result.stderr).toBe(0);
    expect(summaries(result.report)['api.honours-retry-after']).toMatch(/^pass: The next request of the (automation|developer) key \(User-Agent "node"\) came 2\.\d\d s after its 429/);
    expect(summaries(result.report)['api.retries-transient']).toMatch(/^pass: /);
    // The server's log is in its file; the faults the run injected are logged as info, not as errors.
    const log = (await readFile(join(folder, 'certify-server.log'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { level: number; res?: { statusCode: number } });
    expect(log.filter((l) => l.res?.statusCode === 429 || l.res?.statusCode === 503).map((l) => l.level)).toEqual([30, 30]);
    expect(log.filter((l) => l.level >= 50)).toEqual([]);
    expect(result.stderr).not.toContain('"level"');
  }, 60_000);

  it('tells two processes sharing one key apart by their User-Agent', async () => {
    const result = await certify(`${polite('AUTOMATION_KEY', '/api/automation/me', 'crm-sync/1.0')} & ${polite('AUTOMATION_KEY', '/api/automation/profiles', 'webhook-worker/1.0')}; wait`);
    expect(result.code, result.stderr).toBe(0);
    expect(summaries(result.report)['api.honours-retry-after']).toMatch(/^pass: The next request of the automation key \(User-Agent "(crm-sync|webhook-worker)\/1\.0"\)/);
  }, 60_000);
});
