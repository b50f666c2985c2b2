import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../support/server-process.js';
import { LONG_LIMITS, SHORT_LIMITS } from './arbitraries.js';
import { ENDPOINTS } from './endpoints.js';
import { runFuzz } from './fuzz.js';
import { KNOWN_DEVIATIONS } from './known-deviations.js';
import { FUZZ_SERVER_ARGS, readBack } from './server-setup.js';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string' },
    only: { type: 'string' },
    short: { type: 'boolean', default: false },
    'min-reached': { type: 'string' },
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

Both webhook attempts lists are fuzzed on subscriptions with real delivery attempts (to a receiver
on 127.0.0.1 the fuzzer starts), with every form a cursor takes: real ones from a page, another
list's, one naming an attempt the list does not hold (as a pruned one), garbled, empty, huge,
repeated. A cursor alone must answer 200 when it is real, else 400 naming the field cursor.

The server runs with the Automation API's per-key rate limit off: one key spent on the first
endpoints would leave the rest only 429s. Each endpoint reports how many cases carried its valid
credential ("authorised") and how many of those got past the guards to the code ("reached");
the run fails when an endpoint's reached count is below --min-reached (default: a fifth of --runs).
Afterwards the server is stopped and its data folder opened again: the journal must be readable.
`);
} else {
  const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
  const only = values.only ? new RegExp(values.only) : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'fuzz-'));
  const server = await startServerProcess(dataDir, { allowLoopbackOutbound: false, extraArgs: FUZZ_SERVER_ARGS });
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
    const minReached = values['min-reached'] !== undefined ? Number(values['min-reached']) : Math.floor(Number(values.runs) / 5);
    const starved = report.endpoints.filter((e) => e.reached < minReached);
    process.stdout.write('\nendpoint                                                  requests  authorised  reached  share  5xx\n');
    for (const e of report.endpoints) {
      const fivexx = Object.entries(e.statuses).filter(([status]) => Number(status) >= 500).reduce((n, [, count]) => n + count, 0);
      process.stdout.write(
        `${e.endpoint.padEnd(56).slice(0, 56)}  ${String(e.requests).padStart(8)}  ${String(e.authorised).padStart(10)}  ${String(e.reached).padStart(7)}  ${`${Math.round((100 * e.reached) / Math.max(1, e.requests))}%`.padStart(5)}  ${String(fivexx).padStart(3)}\n`,
      );
    }
    for (const e of starved) process.stdout.write(`\nSTARVED ${e.endpoint}: only ${e.reached} cases reached the code (minimum ${minReached})`);
    const failed = report.endpoints.filter((e) => e.failure).length + starved.length;
    for (const deviation of KNOWN_DEVIATIONS) {
      if (report.known[deviation.id]) process.stdout.write(`\nKNOWN DEVIATION ${deviation.id} (${report.known[deviation.id]} responses): ${deviation.reason}`);
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\n${report.requests} requests in ${seconds.toFixed(1)} s (seed ${seed}); server alive: ${server.child.exitCode === null}\n`);
    process.stdout.write(`${report.endpoints.length - failed} passed, ${failed} failed\n`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await server.stop();
    const records = await readBack(dataDir).catch((error: unknown) => {
      process.stdout.write(`JOURNAL UNREADABLE after the run: ${String(error)}\n`);
      process.exitCode = 1;
      return undefined;
    });
    if (records !== undefined) process.stdout.write(`data folder readable after the run: ${records} records\n`);
    await rm(dataDir, { recursive: true, force: true });
  }
}
