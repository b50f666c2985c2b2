import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliResult, spawnCli } from '../testing/cli.js';
import { testDatabase, type TestDatabase } from '../testing/postgres.js';

/** The CLI as a user runs it, with neither a developer's folder nor master key from the environment. */
const cli = (args: string[], env: Record<string, string> = {}) => spawnCli(args, { REFERENCE_SERVER_DATA: '', REFERENCE_SERVER_MASTER_KEY: '', ...env });
const run = (args: string[], env: Record<string, string> = {}) => cliResult(cli(args, env));

interface CopyReport {
  from: string;
  to: string;
  verified: boolean;
  records: number;
  collections: Array<{ collection: string; records: number; sha256: string }>;
  masterKey: string;
}

let dir: string;
let database: TestDatabase;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-copy-'));
  database = await testDatabase();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await database.drop();
});

describe('reference-server store copy', () => {
  it('moves a sandbox from a folder to PostgreSQL and back, verified per collection, and the copy serves as the original did', async () => {
    const original = join(dir, 'original');
    const demo = JSON.parse((await run(['seed', '--demo', '--data', original, '--json'])).stdout) as { automationKey: string; organizationId: string };
    expect((await run(['org', 'create', '--name', 'Acme Capital', '--data', original])).code).toBe(0);

    const password = new URL(database.url).password;
    const there = await run(['store', 'copy', '--from', original, '--to', database.url]);
    expect(there.stderr).toBe('');
    expect(there.code).toBe(0);
    expect(there.stdout).not.toContain(password);
    const toDatabase = JSON.parse(there.stdout) as CopyReport;
    expect(toDatabase).toMatchObject({ from: original, to: database.url.replace(password, '***'), verified: true });
    expect(toDatabase.collections.map((c) => c.collection)).toEqual(expect.arrayContaining(['organizations', 'credentials']));
    expect(toDatabase.records).toBe(toDatabase.collections.reduce((n, c) => n + c.records, 0));
    expect(toDatabase.masterKey).toContain(join(original, 'master.key'));

    // Into a database that already holds a sandbox: refused, nothing added.
    const again = await run(['store', 'copy', '--from', original, '--to', database.url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds records/);
    expect(again.stderr).not.toContain(password);

    // And back, into a new folder, with the master key the database's servers use.
    const key = (await readFile(join(original, 'master.key'), 'utf8')).trim();
    const copy = join(dir, 'copy');
    const noKey = await run(['store', 'copy', '--from', database.url, '--to', copy]);
    expect(noKey.stderr).toMatch(/set REFERENCE_SERVER_MASTER_KEY/);
    const back = await run(['store', 'copy', '--from', database.url, '--to', copy], { REFERENCE_SERVER_MASTER_KEY: key });
    expect(back.stderr).toBe('');
    const toFolder = JSON.parse(back.stdout) as CopyReport;
    expect(toFolder.collections).toEqual(toDatabase.collections);

    // The folder copy is a working sandbox: the demo key (sealed and looked up by the master key) works.
    const server = cli(['start', '--port', '0', '--data', copy, '--no-seed']);
    try {
      let banner = '';
      server.stdout.on('data', (chunk: Buffer) => (banner += chunk.toString()));
      while (!/reference server on http/.test(banner)) await once(server.stdout, 'data');
      const url = /reference server on (http:\/\/\S+)/.exec(banner)?.[1] as string;
      const me = await fetch(`${url}/api/automation/me`, { headers: { 'x-api-key': demo.automationKey } });
      expect(me.status).toBe(200);
      const orgs = JSON.parse((await run(['org', 'list', '--data', copy])).stdout) as Array<{ name: string }>;
      expect(orgs.map((o) => o.name).sort()).toEqual(['Acme Capital', 'Northwind Ventures']);
    } finally {
      server.kill('SIGTERM');
      await once(server, 'close');
    }
  }, 90_000);

  it('refuses two folders, a target folder that is not empty, and a source that is not a data folder', async () => {
    const both = await run(['store', 'copy', '--from', join(dir, 'a'), '--to', join(dir, 'b')]);
    expect(both.stderr).toMatch(/one of each/);
    const notAFolder = await run(['store', 'copy', '--from', dir, '--to', database.url]);
    expect(notAFolder.stderr).toMatch(/is not a data folder/);
    const seeded = join(dir, 'seeded');
    expect((await run(['seed', '--demo', '--data', seeded, '--json'])).code).toBe(0);
    const full = await run(['store', 'copy', '--from', database.url, '--to', seeded], { REFERENCE_SERVER_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') });
    expect(full.stderr).toMatch(/needs an empty \(or absent\) target folder/);
  }, 60_000);
});
