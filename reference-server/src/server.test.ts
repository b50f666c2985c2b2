import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HEALTH_TEXT } from './app.js';
import { defaultConfig } from './config.js';
import { operate } from './cli.js';
import { startServer } from './server.js';
import { FolderLockedError, LOCK_FILE } from './store/folder-lock.js';
import { startTestServer, type TestServer } from 'reference-server/testing';

const started: TestServer[] = [];
async function fresh(): Promise<TestServer> {
  const server = await startTestServer();
  started.push(server);
  return server;
}
/** A server on a data folder it names, so on the file store in both test projects: for what only a folder has (its lock, its files). */
async function onFolder(): Promise<TestServer> {
  const server = await startTestServer({ dataDir: await mkdtemp(join(tmpdir(), 'reference-server-folder-')) });
  started.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.dispose()));
});

const restart = (dataDir: string, databaseUrl?: string) => startServer(defaultConfig({ dataDir, ...(databaseUrl ? { databaseUrl } : {}), port: 0, logLevel: 'silent' }));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('the reference server', () => {
  it('answers GET /api with a short plain-text health string', async () => {
    const server = await fresh();
    const response = await fetch(`${server.url}/api`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(HEALTH_TEXT);
  });

  it('answers an unknown route with a JSON 404', async () => {
    const server = await fresh();
    const response = await fetch(`${server.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'Not Found' });
  });

  it('keeps all data across a restart on the same folder (or database)', async () => {
    const server = await fresh();
    const issued = (await operate(server.sandbox, 'key.create', { orgId: server.demo.organizationId, kind: 'automation' })) as {
      secret: string;
    };
    await server.close();
    const again = await restart(server.dataDir, server.ctx.config.databaseUrl);
    try {
      expect(again.demo).toBeUndefined();
      for (const key of [server.demo.automationKey, issued.secret]) {
        const me = await fetch(`${again.url}/api/automation/me`, { headers: { 'x-api-key': key } });
        expect(me.status).toBe(200);
        expect(await me.json()).toEqual({ user: server.demo.user.email, orgName: server.demo.organizationName });
      }
    } finally {
      await again.close();
    }
  });

  it('refuses a second server on a folder in use, naming the holder', async () => {
    const server = await onFolder();
    const second = restart(server.dataDir);
    await expect(second).rejects.toBeInstanceOf(FolderLockedError);
    await expect(second).rejects.toThrow(new RegExp(`pid ${process.pid}`));
    // The refused start changed nothing: the first server still serves.
    expect((await fetch(`${server.url}/api`)).status).toBe(200);
  });

  it('takes over the lock a killed server left behind', async () => {
    const server = await onFolder();
    await server.close();
    // A lock file naming a process that no longer runs, as after kill -9.
    await writeFile(
      join(server.dataDir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 7, host: (await import('node:os')).hostname(), startedAt: 'earlier', role: 'server' }),
    );
    const again = await restart(server.dataDir);
    await again.close();
  });

  it('refuses to start on a corrupt data file, naming it, and leaves the folder unlocked', async () => {
    const server = await onFolder();
    await server.close();
    const file = join(server.dataDir, 'snapshots', '_global', 'credentials', '0.json');
    await writeFile(file, '{"version":1,"records":[');
    await expect(restart(server.dataDir)).rejects.toThrow(file);
    await expect(stat(join(server.dataDir, LOCK_FILE))).rejects.toThrow();
  });

  it('keeps no secret it issued anywhere in the store or the data folder', async () => {
    const server = await fresh();
    const more = [
      (await operate(server.sandbox, 'key.create', { orgId: server.demo.organizationId, kind: 'developer' })) as { secret: string },
      (await operate(server.sandbox, 'partner.create', { orgId: server.demo.organizationId })) as { secret: string },
      (await operate(server.sandbox, 'client.create', { name: 'Other', redirectUris: ['https://partner.example/cb'] })) as {
        clientSecret: string;
      },
    ];
    const secrets = [
      server.demo.developerKey,
      server.demo.automationKey,
      server.demo.partnerCredential,
      server.demo.oauthClient.clientSecret,
      server.demo.user.password,
      ...more.map((m) => ('secret' in m ? m.secret : m.clientSecret)),
    ];
    const grep = async () => {
      for (const file of await filesUnder(server.dataDir)) {
        const text = await readFile(file, 'utf8');
        for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 12)}… found in ${file}`).toBe(false);
      }
    };
    // Every record as stored: a database's rows, a folder's records.
    for (const collection of await server.ctx.db.collections()) {
      for (const scope of await server.ctx.db.scopes(collection)) {
        const text = JSON.stringify(await server.ctx.db.all(collection, scope));
        for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 12)}… found in ${collection}/${scope}`).toBe(false);
      }
    }
    await grep(); // in the journal
    await server.close();
    await grep(); // in the compacted snapshots
    if (!server.ctx.config.databaseUrl) expect((await filesUnder(server.dataDir)).some((f) => f.endsWith(join('credentials', '0.json')))).toBe(true);
  });

  it('refuses a revoked developer key after a new one is issued (one per organisation)', async () => {
    const server = await fresh();
    const next = (await operate(server.sandbox, 'key.create', { orgId: server.demo.organizationId, kind: 'developer' })) as {
      secret: string;
    };
    const probe = (key: string) => fetch(`${server.url}/api/v1/assessment/questions`, { headers: { 'x-api-key': key } });
    expect((await probe(server.demo.developerKey)).status).toBe(401);
    expect((await probe(next.secret)).status).not.toBe(401);
  });
});
