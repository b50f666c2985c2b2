import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshServer, loadRate, opRate, startBaseline, type BenchEnv, type BenchResult, type BenchScenario } from './harness.js';
import { startTestServer } from 'reference-server/testing';

/**
 * `npm run bench [-- --only <substring>]`: runs every scenario in ./scenarios and prints one line
 * per figure, each a ratio to a baseline measured in this same run.
 */
const { values } = parseArgs({ options: { only: { type: 'string' } } });

const folder = fileURLToPath(new URL('./scenarios/', import.meta.url));
const scenarios: BenchScenario[] = [];
for (const file of (await readdir(folder)).filter((f) => f.endsWith('.ts')).sort()) {
  const module = (await import(new URL(`./scenarios/${file}`, import.meta.url).href)) as { scenarios?: BenchScenario[] };
  scenarios.push(...(module.scenarios ?? []));
}

const baseline = await startBaseline();
// The per-key rate limit would answer most of a load with 429: benchmarks measure the work, not the limit.
const server = await startTestServer({ automationRateLimitPerMinute: 0 });
const env: BenchEnv = { server, freshServer, baseline, loadRate, opRate };

const format = (r: BenchResult) =>
  `  ${r.name.padEnd(64)} ${r.ratio.toFixed(2).padStart(8)}×${r.lowerIsBetter ? ' (lower is better)' : ''}${r.detail ? `  ${r.detail}` : ''}`;

let failed = 0;
try {
  for (const scenario of scenarios.filter((s) => !values.only || s.name.includes(values.only))) {
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
process.exitCode = failed ? 1 : 0;
