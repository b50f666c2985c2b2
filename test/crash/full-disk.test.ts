import { execFile } from 'node:child_process';
import { mkdtemp, open, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defaultConfig, startServer, type RunningServer, type StartDeps } from 'reference-server';
import { startTestServer } from 'reference-server/testing';
import { describe, expect, it } from 'vitest';
import { FaultyFileSystem } from '../support/faulty-file-system.js';
import { fillAndFree, missingResults, readResult, submit, untilReady, type DiskServer, type FullDiskReport } from './full-disk.js';

const run = promisify(execFile);

function expectServedThrough(report: FullDiskReport): void {
  // The refusal: 503, Retry-After, the documented error body saying why and that nothing was saved.
  expect(report.refusal.status).toBe(503);
  expect(Number(report.refusal.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(report.refusal.body).toMatchObject({ error: 'Service Unavailable', message: expect.stringMatching(/disk is full \(ENOSPC\).*nothing of this request was saved/) });
  expect(report.automationStatus).toBe(503);
  expect(report.readyWhileFull).toEqual({ status: 503, body: expect.objectContaining({ status: 'not ready', reasons: { store: expect.stringMatching(/disk is full/) } }) });
  // Reads went on while the disk was full.
  expect(report.readStatuses.length).toBeGreaterThanOrEqual(3);
  expect(new Set(report.readStatuses)).toEqual(new Set([200]));
  // Recovered without a restart.
  expect(report.afterFree).toEqual([200, 200, 200]);
}

async function restarted(dataDir: string, deps: StartDeps = {}): Promise<RunningServer> {
  return startServer(defaultConfig({ port: 0, logLevel: 'silent', outboundAllowlist: ['127.0.0.1'], dataDir }), deps);
}

describe('a full disk under a running server', () => {
  it('through the injected file layer: 503 on writes, 200 on reads, recovery without restart, nothing acknowledged lost', { timeout: 120_000 }, async () => {
    const disk = new FaultyFileSystem();
    const server = await startTestServer({}, { storeFileSystem: disk });
    const target: DiskServer = { url: server.url, developerKey: server.demo.developerKey, automationKey: server.demo.automationKey };
    let again: RunningServer | undefined;
    try {
      const report = await fillAndFree(target, {
        // Room for about one more result, so the next journal write is cut short by the disk.
        fill: async () => disk.fill(9000),
        free: async () => disk.heal(),
      });
      expectServedThrough(report);
      expect(await missingResults(target, report.acknowledged)).toEqual([]);
      await server.close();
      again = await restarted(server.dataDir);
      expect(await missingResults({ ...target, url: again.url }, report.acknowledged)).toEqual([]);
    } finally {
      await again?.close();
      await server.dispose().catch(() => undefined);
    }
  });

  it('through the injected file layer: an I/O error (EIO) is refused the same way and recovered once the disk heals', { timeout: 120_000 }, async () => {
    const disk = new FaultyFileSystem();
    const server = await startTestServer({}, { storeFileSystem: disk });
    try {
      const target: DiskServer = { url: server.url, developerKey: server.demo.developerKey, automationKey: server.demo.automationKey };
      const before = (await (await submit(target, 'before-eio@disk.example')).json()) as { responseId: string };
      disk.failWith('EIO');
      const refused = await submit(target, 'during-eio@disk.example');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      expect(await refused.json()).toMatchObject({ error: 'Service Unavailable', message: expect.stringContaining('failed a write (EIO)') });
      expect((await readResult(target, before.responseId)).status).toBe(200);
      expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ reasons: { store: "the data folder's disk failed a write (EIO)" } });
      disk.heal();
      await untilReady(target, 60_000);
      expect((await submit(target, 'after-eio@disk.example')).status).toBe(200);
      expect((await readResult(target, before.responseId)).status).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});

/** A 6 MB tmpfs, as root; undefined where the machine cannot mount one. */
async function mountSmallDisk(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', dir]);
    return dir;
  } catch {
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
}

const smallDisk = await mountSmallDisk();

// Needs root and tmpfs (this project's CI machine has both); the injected layer above runs everywhere.
describe.runIf(smallDisk !== undefined)('a real full disk (6 MB tmpfs)', () => {
  it('fills under the server, is freed, and every result the server acknowledged is still there, before and after a restart', { timeout: 120_000 }, async () => {
    const mount = smallDisk as string;
    const dataDir = join(mount, 'data');
    const filler = join(mount, 'filler');
    const server = await startTestServer({ dataDir });
    const target: DiskServer = { url: server.url, developerKey: server.demo.developerKey, automationKey: server.demo.automationKey };
    let again: RunningServer | undefined;
    try {
      const report = await fillAndFree(target, {
        fill: async () => {
          const { bavail, bsize } = await statfs(mount);
          const file = await open(filler, 'w');
          // Everything but ~12 kB: a result or two fit, then a journal write is cut short.
          await file.write(Buffer.alloc(Math.max(0, bavail * bsize - 12_000)));
          await file.close();
        },
        free: () => rm(filler, { force: true }),
      });
      expectServedThrough(report);
      expect(await missingResults(target, report.acknowledged)).toEqual([]);
      await server.close();
      again = await restarted(dataDir);
      expect(await missingResults({ ...target, url: again.url }, report.acknowledged)).toEqual([]);
    } finally {
      await again?.close();
      await server.close().catch(() => undefined);
      await run('umount', [mount]).catch(() => undefined);
      await rm(mount, { recursive: true, force: true });
    }
  });
});
