import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliResult, spawnCli, type CliProcess } from '../testing/cli.js';

/**
 * The running-runs limit as a user meets it on the CLI (issue 36): `start --max-certification-runs 1`,
 * then `certify start` and `certify run` against the folder that server holds — refused with a
 * message naming the run to finish and exit code 3 — until `certify finish` frees the place.
 */
const cli = (args: string[]) => spawnCli(args, { REFERENCE_SERVER_DATA: '' });
const run = (args: string[]) => cliResult(cli(args));

let dataDir: string;
let server: CliProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'certify-limit-'));
  server = cli(['start', '--port', '0', '--data', dataDir, '--max-certification-runs', '1']);
  let banner = '';
  server.stdout?.on('data', (chunk: Buffer) => (banner += chunk.toString()));
  while (!/These secrets are shown once/.test(banner)) await once(server.stdout as NodeJS.ReadableStream, 'data');
});
afterAll(async () => {
  server.kill('SIGTERM');
  await once(server, 'close');
  await rm(dataDir, { recursive: true, force: true });
});

const certifyStart = () => run(['certify', 'start', '--data', dataDir, '--checks', 'api.paginates', '--json']);

describe('certify start|run beyond --max-certification-runs', () => {
  it('refuses with exit code 3 and names the run to finish; after certify finish a run starts again', async () => {
    const first = await certifyStart();
    expect(first.code, first.stderr).toBe(0);
    const runId = (JSON.parse(first.stdout) as { run: { id: string } }).run.id;

    const refused = await certifyStart();
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('the run could not start: the organisation already has 1 running certification runs, the most allowed (1): finish one first');
    expect(refused.stderr).toContain(runId);

    const viaRun = await run(['certify', 'run', '--data', dataDir, '--checks', 'api.paginates', '--command', 'exit 0']);
    expect(viaRun.code).toBe(3);
    expect(viaRun.stderr).toContain(runId);

    expect((await run(['certify', 'finish', runId, '--data', dataDir])).code).toBe(0);
    const again = await certifyStart();
    expect(again.code, again.stderr).toBe(0);
  }, 120_000);
});
