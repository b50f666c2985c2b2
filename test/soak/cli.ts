import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../support/server-process.js';
import { formatSoakReport, runSoak } from './soak.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '8' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write(`Usage: npm run soak -- [--seconds S] [--clients N] [--seed N]

Starts a reference server on a temporary data folder and runs a mixed workload over every
surface from N concurrent clients for S seconds; then reads back every acknowledged write.
Reports throughput, latency, the server's RSS at start and end, and any unexpected error.
`);
} else {
  const dataDir = await mkdtemp(join(tmpdir(), 'soak-'));
  const server = await startServerProcess(dataDir);
  try {
    const report = await runSoak({
      baseUrl: server.url,
      credentials: server.credentials!,
      seconds: Number(values.seconds),
      clients: Number(values.clients),
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      rss: () => server.rss(),
    });
    process.stdout.write(`${formatSoakReport(report)}\n`);
    const failed = (report.unexpected.length > 0 ? 1 : 0) + (report.missingWrites.length > 0 ? 1 : 0);
    process.stdout.write(`${2 - failed} passed, ${failed} failed\n`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
