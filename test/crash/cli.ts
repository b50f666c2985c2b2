import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCrashTrials } from './crash.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { trials: { type: 'string', default: '5' }, writers: { type: 'string', default: '4' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  process.stdout.write('Usage: npm run crash -- [--trials N] [--writers N] [--seed N]\n');
} else {
  const dataDir = await mkdtemp(join(tmpdir(), 'crash-'));
  try {
    const report = await runCrashTrials({
      dataDir,
      trials: Number(values.trials),
      writers: Number(values.writers),
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const failed = report.trials.filter((t) => t.problems.length > 0).length + (report.afterCleanRestart.problems.length > 0 ? 1 : 0);
    for (const problem of [...report.trials.flatMap((t) => t.problems), ...report.afterCleanRestart.problems]) process.stdout.write(`  ${problem}\n`);
    const acked = report.trials.reduce((sum, t) => sum + t.acked, 0);
    process.stdout.write(`seed ${report.seed}: ${acked} writes acknowledged across ${report.trials.length} kill -9s; after a final clean restart, ${report.afterCleanRestart.verified} records read back (each replaced result and the refresh token at its latest acknowledged value)\n`);
    process.stdout.write(`${report.trials.length + 1 - failed} passed, ${failed} failed\n`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
