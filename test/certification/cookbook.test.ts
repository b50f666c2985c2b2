import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, freePort, REDIRECT_URI } from './mutants/harness.js';

/**
 * The cookbook of docs/certification.md, tried: integrations written as a partner would, each on
 * a popular library (pinned in test/package.json) and nothing of this project, go through the real
 * `certify run --command`, and each passes every check of its group. The receiver on
 * `standardwebhooks` is the docs' example (certify-run.test.ts). Short fault windows and token
 * lifetimes keep each run to seconds; the runs go side by side.
 */
const COOKBOOK = fileURLToPath(new URL('./cookbook/', import.meta.url));
const node = (file: string) => `"${process.execPath}" "${join(COOKBOOK, file)}"`;

interface Report {
  run: { id: string; status: string };
  checks: Array<{ id: string; level: string; outcome: string; summary: string }>;
  summary: { passed: number; failed: number; warned: number; not_run: number };
}

async function certify(file: string, options: string[]): Promise<{ code: number | null; report?: Report; stderr: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'certify-cookbook-'));
  try {
    const { code, stdout, stderr } = await cli(['certify', 'run', '--data', folder, '--json', ...options, '--command', node(file)]);
    return { code, stderr, ...(stdout.trim() ? { report: JSON.parse(stdout) as Report } : {}) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const API = ['--checks', 'api', '--fault-window', '5s'];

describe.concurrent('the cookbook: integrations on popular libraries pass every check', () => {
  it.each([
    ['receiver-svix.mjs', 'svix', async () => ['--checks', 'webhook', '--webhook-url', `http://127.0.0.1:${await freePort()}/hooks`], 9],
    ['client-got.mjs', 'got', async () => API, 5],
    ['client-ky.mjs', 'ky', async () => API, 5],
    ['client-axios-retry.mjs', 'axios-retry', async () => API, 5],
    ['oauth-openid-client.mjs', 'openid-client', async () => ['--checks', 'oauth', '--redirect-uri', REDIRECT_URI, '--access-token-ttl', '5s'], 6],
  ])('%s (%s)', async (file, _library, options, checks) => {
    const result = await certify(file, await options());
    const outcomes = Object.fromEntries((result.report?.checks ?? []).map((c) => [c.id, `${c.outcome}: ${c.summary}`]));
    expect(result.code, `${result.stderr}\n${JSON.stringify(outcomes, null, 1)}`).toBe(0);
    expect(result.report?.summary).toEqual({ passed: checks, failed: 0, warned: 0, not_run: 0, pending: 0, explained: 0 });
  }, 90_000);
});
