import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.js';
import { formatSoakReport, runSoak } from './soak.js';

it('runs a short mixed soak over every surface with no unexpected error and every write read back', { timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'soak-'));
  const server = await startServerProcess(dataDir);
  try {
    const report = await runSoak({ baseUrl: server.url, credentials: server.credentials!, seconds: 3, clients: 4, seed: 11, rss: () => server.rss() });
    expect(report.unexpected, formatSoakReport(report)).toEqual([]);
    expect(report.missingWrites).toEqual([]);
    expect(report.acknowledgedWrites).toBeGreaterThan(0);
    expect(report.verifiedRecords).toBeGreaterThan(0);
    // Every kind of operation ran at least once, across all surfaces.
    for (const name of ['POST submit (new)', 'POST submit (replace)', 'GET automation/me', 'POST graphql (partner)', 'POST graphql (OAuth me)', 'oauth sign-in + code exchange']) {
      expect(report.operations[name], name).toBeGreaterThan(0);
    }
    expect(report.rss.start).toBeGreaterThan(0);
    expect(report.rss.end).toBeGreaterThan(0);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
