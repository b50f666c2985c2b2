import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestServer } from 'reference-server/testing';
import { freshServer, loadRate, opRate, startBaseline, type BenchEnv, type BenchResult, type BenchScenario } from './harness.js';
import { formatHotPath, hotPathHeader, runHotPaths } from './hot-paths.js';
import { pinLoadGenerator } from './processes.js';

/**
 * `npm run bench [-- --only <substring>] [-- --table] [-- --profile <dir>]`: first the hot-path
 * table (the server and its baselines in their own pinned processes), then, unless `--table`,
 * every scenario in ./scenarios, one line per figure, each a ratio to a baseline measured in this
 * same run. `--profile` starts the reference server with `--cpu-prof` and leaves its profile in <dir>.
 */
const { values } = parseArgs({ options: { only: { type: 'string' }, table: { type: 'boolean' }, profile: { type: 'string' } } });
pinLoadGenerator();

let failed = 0;
process.stdout.write(`${hotPathHeader()}\n`);
try {
  const nodeFlags = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  await runHotPaths({
    ...(values.only ? { only: values.only } : {}),
    nodeFlags,
    onRow: (row) => process.stdout.write(`${formatHotPath(row)}\n`),
  });
} catch (error) {
  failed += 1;
  process.stdout.write(`  failed: ${(error as Error).stack}\n`);
}

const folder = fileURLToPath(new URL('./scenarios/', import.meta.url));
const scenarios: BenchScenario[] = [];
for (const file of values.table ? [] : (await readdir(folder)).filter((f) => f.endsWith('.ts')).sort()) {
  const module = (await import(new URL(`./scenarios/${file}`, import.meta.url).href)) as { scenarios?: BenchScenario[] };
  scenarios.push(...(module.scenarios ?? []).filter((s) => !values.only || s.name.includes(values.only)));
}

if (scenarios.length > 0) {
  const baseline = await startBaseline();
  // The per-key rate limit would answer most of a load with 429: benchmarks measure the work, not the limit.
  const server = await startTestServer({ automationRateLimitPerMinute: 0 });
  const env: BenchEnv = { server, freshServer, baseline, loadRate, opRate };

  const format = (r: BenchResult) =>
    `  ${r.name.padEnd(64)} ${r.ratio.toFixed(2).padStart(8)}×${r.lowerIsBetter ? ' (lower is better)' : ''}${r.detail ? `  ${r.detail}` : ''}`;

  try {
    for (const scenario of scenarios) {
      process.stdout.write(`${scenario.name}\n`);
      try {
        for (const result of await scenario.run(env)) process.stdout.write(`${format(result)}\n`);
      } catch (error) {
        failed += 1;
        process.stdout.write(`  failed: ${(error as Error).message}\n`);
      }
    }
  } finally {
    await server.dispose();
    await baseline.close();
  }
}
process.exitCode = failed ? 1 : 0;
