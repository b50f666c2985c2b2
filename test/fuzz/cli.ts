import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../support/server-process.js';
import { LONG_LIMITS, SHORT_LIMITS } from './arbitraries.js';
import { ENDPOINTS } from './endpoints.js';
import { runFuzz } from './fuzz.js';
import { KNOWN_DEVIATIONS } from './known-deviations.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string' },
    only: { type: 'string' },
    short: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write(`Usage: npm run fuzz -- [--runs N] [--seed N] [--only REGEX] [--short]

Starts a reference server on a temporary data folder and sends N generated requests to each
endpoint (fast-check, seeded): malformed JSON, wrong types, huge strings, arrays and numbers,
unicode, deep nesting, missing/repeated/foreign credentials, wrong content types. Each must get
no 5xx, no stack trace, its surface's documented 4xx body, and a refused write must leave the
store's journal unchanged. --short keeps bodies under 300 kB (the default goes to 2 MB).
`);
} else {
  const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
  const only = values.only ? new RegExp(values.only) : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'fuzz-'));
  const server = await startServerProcess(dataDir, { allowLoopbackOutbound: false });
  const started = performance.now();
  try {
    process.stdout.write(`Fuzzing ${server.url} with seed ${seed}, ${values.runs} runs per endpoint\n\n`);
    const report = await runFuzz(
      { baseUrl: server.url, credentials: server.credentials!, dataDir, alive: () => server.child.exitCode === null && server.child.signalCode === null },
      {
        runsPerEndpoint: Number(values.runs),
        seed,
        limits: values.short ? SHORT_LIMITS : LONG_LIMITS,
        endpoints: only ? ENDPOINTS.filter((e) => only.test(`${e.method} ${e.path} ${e.name}`)) : ENDPOINTS,
        log: (line) => process.stdout.write(`${line}\n`),
      },
    );
    const failed = report.endpoints.filter((e) => e.failure).length;
    for (const deviation of KNOWN_DEVIATIONS) {
      if (report.known[deviation.id]) process.stdout.write(`\nKNOWN DEVIATION ${deviation.id} (${report.known[deviation.id]} responses): ${deviation.reason}`);
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\n${report.requests} requests in ${seconds.toFixed(1)} s (seed ${seed}); server alive: ${server.child.exitCode === null}\n`);
    process.stdout.write(`${report.endpoints.length - failed} passed, ${failed} failed\n`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
