import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCrashTrials } from './crash.js';
import { runPowerCuts } from './power-cut.js';

const USAGE = `Usage:
  npm run crash -- [--trials N] [--writers N] [--seed N]     kill -9 a real server mid-load, N times
  npm run crash -- --power-cut [--trials N] [--seed N]      N simulated power cuts under the store
`;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    trials: { type: 'string' },
    writers: { type: 'string', default: '4' },
    seed: { type: 'string' },
    'power-cut': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

async function powerCuts(): Promise<void> {
  const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
  const trials = Number(values.trials ?? '1000');
  process.stdout.write(`seed ${seed}: ${trials} random workloads on a simulated disk, each cut once at a random change\n`);
  const report = await runPowerCuts({ trials, seed });
  for (const problem of report.problems) process.stdout.write(`  ${problem}\n`);
  if (report.counterexample) process.stdout.write(`first failing workload: ${report.counterexample}\n`);
  process.stdout.write(`${report.cuts} power cuts, ${report.acked} acknowledged writes, ${report.lost} lost, ${report.unopenable} folders that would not open\n`);
  process.exitCode = report.lost === 0 && report.unopenable === 0 && report.problems.length === 0 ? 0 : 1;
}

async function kills(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'crash-'));
  try {
    const report = await runCrashTrials({
      dataDir,
      trials: Number(values.trials ?? '5'),
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

if (values.help) process.stdout.write(USAGE);
else if (values['power-cut']) await powerCuts();
else await kills();
