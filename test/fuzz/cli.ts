import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../support/server-process.js';
import { LONG_LIMITS, SHORT_LIMITS } from './arbitraries.js';
import { ENDPOINTS } from './endpoints.js';
import { runFuzz } from './fuzz.js';
import { KNOWN_DEVIATIONS } from './known-deviations.js';
import { FUZZ_SERVER_ARGS, readBack, startCertificationRuns, type CertificationRuns } from './server-setup.js';

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

Certification runs of every group are in progress throughout (webhook, api, oauth, and one of all
three), the webhook runs probing a verifying receiver on 127.0.0.1; their own writes are not
counted against a refused write. Malformed credentials go in every place one is read: x-api-key,
Authorization Bearer and Basic (bad base64, %-encodings such as %:x, control characters, 10 kB
values, empty), the OAuth body's client_id/client_secret (a run's client among them), cookies.
A request node:http refuses for its head size (431) never reached a route, so no route's own
judgement applies to it (issue 43).

The first line is the seed; the last is "N requests, F failed, E 5xx, server alive" (or "dead").
`);
} else {
  const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
  // The seed comes first, so a run cut short can still be replayed with --seed.
  process.stdout.write(`seed ${seed}\n`);
  const only = values.only ? new RegExp(values.only) : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'fuzz-'));
  const server = await startServerProcess(dataDir, { allowLoopbackOutbound: false, extraArgs: FUZZ_SERVER_ARGS });
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  const started = performance.now();
  let requests = 0;
  let failed = 0;
  let fivexx = 0;
  let aliveAtEnd = false;
  let runs: CertificationRuns | undefined;
  try {
    runs = await startCertificationRuns(dataDir, server.credentials!.organizationId);
    process.stdout.write(`Fuzzing ${server.url}: ${values.runs} runs per endpoint (replay: npm run fuzz -- --seed ${seed} --runs ${values.runs})\n`);
    process.stdout.write(`certification runs started: ${runs.runs.map((r) => `${r.id} (${r.covers})`).join(', ')}\n\n`);
    const report = await runFuzz(
      { baseUrl: server.url, credentials: server.credentials!, dataDir, alive, runClientIds: [runs.oauthClientId], background: { recordIds: runs.subscriptionIds } },
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
      const endpoint5xx = Object.entries(e.statuses).filter(([status]) => Number(status) >= 500).reduce((n, [, count]) => n + count, 0);
      fivexx += endpoint5xx;
      process.stdout.write(
        `${e.endpoint.padEnd(56).slice(0, 56)}  ${String(e.requests).padStart(8)}  ${String(e.authorised).padStart(10)}  ${String(e.reached).padStart(7)}  ${`${Math.round((100 * e.reached) / Math.max(1, e.requests))}%`.padStart(5)}  ${String(endpoint5xx).padStart(3)}\n`,
      );
    }
    for (const e of starved) process.stdout.write(`\nSTARVED ${e.endpoint}: only ${e.reached} cases reached the code (minimum ${minReached})`);
    for (const deviation of KNOWN_DEVIATIONS) {
      if (report.known[deviation.id]) process.stdout.write(`\nKNOWN DEVIATION ${deviation.id} (${report.known[deviation.id]} responses): ${deviation.reason}`);
    }
    requests = report.requests;
    // The runs were in progress all along: the webhook-only run ends once its probes are graded, the others wait for an integration.
    for (const run of alive() ? await runs.statuses() : []) {
      const ended = run.status !== 'running';
      process.stdout.write(`\ncertification run ${run.id} (${run.covers}): ${run.status}`);
      if (ended && run.covers !== 'webhook') {
        process.stdout.write(' — ENDED during the fuzz, which was to run with it in progress');
        failed += 1;
      }
    }
    process.stdout.write('\n');
    const endpointsFailed = report.endpoints.filter((e) => e.failure || starved.includes(e)).length;
    failed += endpointsFailed;
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\n${report.endpoints.length - endpointsFailed} of ${report.endpoints.length} endpoints passed in ${seconds.toFixed(1)} s (seed ${seed})\n`);
  } catch (error) {
    // A run that could not finish (the server died while preparing an endpoint) is a failure, still summed up below.
    process.stdout.write(`\nFUZZ RUN STOPPED: ${error instanceof Error ? error.message : String(error)}\n`);
    failed += 1;
  } finally {
    aliveAtEnd = alive();
    await runs?.close();
    await server.stop();
    const records = await readBack(dataDir).catch((error: unknown) => {
      process.stdout.write(`JOURNAL UNREADABLE after the run: ${String(error)}\n`);
      failed += 1;
      return undefined;
    });
    if (records !== undefined) process.stdout.write(`data folder readable after the run: ${records} records\n`);
    await rm(dataDir, { recursive: true, force: true });
  }
  if (!aliveAtEnd) failed += 1;
  process.stdout.write(`${requests} requests, ${failed} failed, ${fivexx} 5xx, server ${aliveAtEnd ? 'alive' : 'dead'}\n`);
  process.exitCode = failed > 0 || fivexx > 0 ? 1 : 0;
}
