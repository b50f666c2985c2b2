import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDatabase, type TestDatabase } from '../testing/postgres.js';
import { main } from './cli.js';
import { defaultConfig } from './config.js';
import { MASTER_KEY_ENV } from './crypto/index.js';
import { createLogger } from './log.js';
import { openSandbox, storeHealth, type OpenSandbox } from './sandbox.js';
import { GLOBAL, JournalStore, put } from './store/index.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

let database: TestDatabase;
let dataDir: string;
let savedKey: string | undefined;

beforeEach(async () => {
  database = await testDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'database-wiring-'));
  savedKey = process.env[MASTER_KEY_ENV];
});

afterEach(async () => {
  if (savedKey === undefined) delete process.env[MASTER_KEY_ENV];
  else process.env[MASTER_KEY_ENV] = savedKey;
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const config = () => defaultConfig({ dataDir, databaseUrl: database.url, logLevel: 'silent', seed: false });

/** Opens the sandbox on the test's database (the master key set, as a server's environment holds it), hands it to `use`, and closes it. */
async function withSandbox(use: (sandbox: OpenSandbox) => Promise<void>): Promise<void> {
  process.env[MASTER_KEY_ENV] = KEY;
  const sandbox = await openSandbox(config(), createLogger('silent'));
  try {
    await use(sandbox);
  } finally {
    await sandbox.close();
  }
}

async function migrationsApplied(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe('a sandbox on PostgreSQL (--database-url)', () => {
  it('refuses to start without REFERENCE_SERVER_MASTER_KEY, and says why', async () => {
    delete process.env[MASTER_KEY_ENV];
    const stderr: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => stderr.push(String(chunk)) > 0);
    try {
      expect(await main(['node', 'reference-server', 'start', '--port', '0', '--data', dataDir, '--database-url', database.url, '--log-level', 'silent'])).toBe(1);
    } finally {
      write.mockRestore();
    }
    expect(stderr.join('')).toContain(`${MASTER_KEY_ENV} is required with --database-url: every server on the database must use the same master key`);
    expect(stderr.join('')).not.toContain(new URL(database.url).password);
  });

  it('refuses a --database-url that is not a postgres:// URL', async () => {
    const stderr: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => stderr.push(String(chunk)) > 0);
    try {
      expect(await main(['node', 'reference-server', 'org', 'list', '--database-url', 'mysql://localhost/x'])).not.toBe(0);
    } finally {
      write.mockRestore();
    }
    expect(stderr.join('')).toContain('a postgres:// or postgresql:// connection string');
  });

  it('opens the database with its migrations applied, takes no folder lock and no journal: the context holds only ctx.db', async () => {
    await withSandbox(async (sandbox) => {
      expect(await migrationsApplied(database.url)).toBeGreaterThan(0);
      // Neither a lock nor a key file: many servers share the database, and the key is the environment's.
      expect(await readdir(dataDir)).toEqual([]);
      expect(sandbox.lock).toBeUndefined();
      expect(sandbox.journal).toBeUndefined();
      expect(Object.keys(sandbox.ctx)).not.toContain('store');
      await sandbox.ctx.db.write([put('organizations', GLOBAL, { id: 'org_1' })]);
      expect(await sandbox.ctx.db.get('organizations', GLOBAL, 'org_1')).toEqual({ id: 'org_1' });
    });
  });

  it("readiness pings the database: ready while it answers, not ready (with the reason) once it does not", async () => {
    await withSandbox(async (sandbox) => {
      const health = storeHealth(sandbox);
      expect(health.check).toBe('database');
      expect(await health.problem()).toBeUndefined();
      await database.drop();
      expect(await health.problem()).toMatch(/database/);
    });
  });

  it('backup --database-url writes the logical archive from one snapshot, and restore brings it into a folder', async () => {
    await withSandbox(async (sandbox) => {
      await sandbox.ctx.db.write([put('organizations', GLOBAL, { id: 'org_1' }), put('assessment_results', 'org_1', { id: 'res_1' }), put('assessment_results', 'org_1', { id: 'res_2' })]);
    });
    const out = join(dataDir, 'sandbox.backup.gz');
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => printed.push(String(chunk)) > 0);
    try {
      expect(await main(['node', 'reference-server', 'backup', '--database-url', database.url, '--out', out])).toBe(0);
      expect(await main(['node', 'reference-server', 'restore', '--from', out, '--data', join(dataDir, 'restored')])).toBe(0);
    } finally {
      write.mockRestore();
    }
    expect(JSON.parse(printed[0] as string)).toMatchObject({ via: 'database', records: 3 });
    const restored = await JournalStore.open(join(dataDir, 'restored'), { readOnly: true });
    try {
      expect(restored.all('assessment_results', 'org_1').map((r) => r.id)).toEqual(['res_1', 'res_2']);
      expect(restored.get('organizations', GLOBAL, 'org_1')).toEqual({ id: 'org_1' });
    } finally {
      await restored.close();
    }
  });

  it("runs operator commands with the servers' public URL and outbound allowlist, given as flags or in the servers' environment", async () => {
    process.env[MASTER_KEY_ENV] = KEY;
    const printed: string[] = [];
    const cli = async (...args: string[]) => {
      printed.length = 0;
      const code = await main(['node', 'reference-server', ...args, '--database-url', database.url]);
      return { code, out: printed.join('') };
    };
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => printed.push(String(chunk)) > 0);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const savedUrl = process.env['REFERENCE_SERVER_PUBLIC_URL'];
    try {
      const { organizationId } = JSON.parse((await cli('seed', '--demo', '--json')).out) as { organizationId: string };
      // An invite's link is on the servers' public URL, not on the command's own default address.
      const flagged = await cli('invite', 'create', '--org', organizationId, '--email', 'flag@northwind.example', '--public-url', 'https://sandbox.example.com');
      expect(flagged.code).toBe(0);
      expect((JSON.parse(flagged.out) as { url: string }).url).toMatch(/^https:\/\/sandbox\.example\.com\/invite\//);
      process.env['REFERENCE_SERVER_PUBLIC_URL'] = 'https://env.example.com';
      const fromEnv = await cli('invite', 'create', '--org', organizationId, '--email', 'env@northwind.example');
      expect((JSON.parse(fromEnv.out) as { url: string }).url).toMatch(/^https:\/\/env\.example\.com\/invite\//);
      // A run's receiver passes the servers' SSRF guard when the servers allow it, and only then.
      const run = ['certify', 'start', '--org', organizationId, '--webhook-url', 'http://127.0.0.1:9/hook', '--checks', 'webhook', '--json'];
      expect((await cli(...run)).code).toBe(1);
      expect((await cli(...run, '--allow-outbound', '127.0.0.1')).code).toBe(0);
    } finally {
      if (savedUrl === undefined) delete process.env['REFERENCE_SERVER_PUBLIC_URL'];
      else process.env['REFERENCE_SERVER_PUBLIC_URL'] = savedUrl;
      write.mockRestore();
      stderr.mockRestore();
    }
  });
});
