import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../cli.js';
import { defaultConfig } from '../config.js';
import { MASTER_KEY_FILE } from '../crypto/index.js';
import { startServer } from '../server.js';
import { type AsyncReader, FileAsyncStore, JournalStore, type StoredRecord } from '../store/index.js';
import { settle, startTestServer, type TestServer } from 'reference-server/testing';
import { backupFolder } from '../cli-backup.js';

let server: TestServer;
let work: string;
let uploaded: string;

async function everything(db: AsyncReader): Promise<Record<string, StoredRecord[]>> {
  const out: Record<string, StoredRecord[]> = {};
  for (const collection of await db.collections()) {
    for (const scope of await db.scopes(collection)) out[`${collection}/${scope}`] = await db.all(collection, scope);
  }
  return out;
}

/** `backup`'s arguments for the test server's sandbox: its database on PostgreSQL, else its folder. */
const backupOf = (server: TestServer) => (server.ctx.config.databaseUrl ? ['--database-url', server.ctx.config.databaseUrl] : ['--data', server.dataDir]);

const automation = (base: string, key: string, path: string, init: RequestInit = {}) =>
  fetch(`${base}/api/automation${path}`, { ...init, headers: { 'x-api-key': key, ...(init.body ? { 'content-type': 'application/json' } : {}) } });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'reference-server-backup-'));
  server = await startTestServer();
  const key = server.demo.automationKey;
  expect((await automation(server.url, key, '/webhooks', { method: 'POST', body: JSON.stringify({ url: 'http://127.0.0.1:9/hook' }) })).status).toBe(201);
  for (let i = 0; i < 5; i += 1) {
    const body = { record_id: `backup-${i}`, profile_id: 'prf_seed_deal', fields: { company: `Co ${i}`, stage: 'seed' } };
    expect((await automation(server.url, key, '/submissions', { method: 'POST', body: JSON.stringify(body) })).status).toBe(202);
  }
  const form = new FormData();
  form.set('record_id', 'backup-1');
  form.set('file', new Blob([Buffer.from('%PDF-1.7 deck bytes \u0000\u00ff')], { type: 'application/pdf' }), 'deck.pdf');
  const upload = await fetch(`${server.url}/api/automation/resources`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  expect(upload.status).toBe(201);
  uploaded = ((await upload.json()) as { id: string }).id;
  await settle(server);
});
afterAll(async () => {
  await server.dispose();
  await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up a running server through it, restores into an empty folder, and every record reads back', async () => {
    const file = join(work, 'running.backup.gz');
    expect(await main(['node', 'reference-server', 'backup', ...backupOf(server), '--out', file])).toBe(0);
    const expected = await everything(server.ctx.db);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const restored = join(work, 'restored');
    expect(await main(['node', 'reference-server', 'restore', '--from', file, '--data', restored])).toBe(0);
    // A folder's key travels in its backup; a database's server reads it from the environment.
    if (!server.ctx.config.databaseUrl) expect(await readFile(join(restored, MASTER_KEY_FILE), 'utf8')).toBe(await readFile(join(server.dataDir, MASTER_KEY_FILE), 'utf8'));

    const store = await JournalStore.open(restored);
    try {
      const actual = await everything(new FileAsyncStore(store));
      expect(Object.keys(actual).length).toBeGreaterThan(10);
      expect(actual).toEqual(expected);
    } finally {
      await store.close();
    }

    // The restored folder serves: hashed keys match, sealed webhook secrets open with the restored key.
    const again = await startServer(defaultConfig({ dataDir: restored, port: 0, logLevel: 'silent', seed: false }));
    try {
      const key = server.demo.automationKey;
      expect((await automation(again.url, key, '/me')).status).toBe(200);
      const hooks = (await (await automation(again.url, key, '/webhooks')).json()) as { data: { url: string }[] };
      expect(hooks.data.map((h) => h.url)).toContain('http://127.0.0.1:9/hook');
      const submission = await automation(again.url, key, '/submissions?record_id=backup-4');
      expect(submission.status).toBe(200);
      // Uploaded bytes live beside the store: they come back too.
      const content = await automation(again.url, key, `/resources/${uploaded}/content`);
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer())).toEqual(Buffer.from('%PDF-1.7 deck bytes \u0000\u00ff'));
    } finally {
      await again.close();
    }
  });

  it('backs up a folder no server holds, and refuses to restore over data', async () => {
    const dataDir = join(work, 'idle');
    const idle = await startTestServer({ dataDir });
    await idle.close();
    const file = join(work, 'idle.backup.gz');
    expect(await backupFolder(dataDir, file)).toEqual({ file, via: 'folder' });
    expect(await main(['node', 'reference-server', 'restore', '--from', file, '--data', dataDir])).toBe(1);
  });
});
