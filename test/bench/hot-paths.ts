import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { DemoCredentials } from 'reference-server';
import { workedExample } from '../../reference-server/src/psychometrics/fixtures.js';
import { Browser, consent, exchange, type TestServer, type TokenBody } from 'reference-server/testing';
import { BENCH_SECONDS } from './harness.js';
import { callgrindWrapper, instructionsDuring } from './instructions.js';
import { cores, startPinned, waitForOutput, type MeasuredProcess } from './processes.js';

/**
 * The hot-path table (issue 17): each route of the reference server against the bare Express
 * baseline that does the same visible work, both in their own pinned processes, measured in
 * alternating rounds. The figure each goal is read on is requests per server CPU-second (the
 * server's utime + stime from /proc over the load), which other load on a shared machine disturbs
 * far less than requests per second; both ratios are printed, each the median of the rounds.
 */
export const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
export const CONNECTIONS = 16;

/** The working tree's server CLI. */
export const SERVER_BIN = fileURLToPath(new URL('../../reference-server/bin/reference-server.js', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));
const MOCK_OAUTH_BIN = fileURLToPath(new URL('../../node_modules/oauth2-mock-server/dist/oauth2-mock-server.mjs', import.meta.url));

export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A new body for every request (unique keys), or undefined to send `body`. */
  bodyFor?: () => string;
  /** Sees each answer's body, for loads whose next request depends on the last answer. */
  onResponse?: (status: number, body: string) => void;
}

interface Side {
  process: MeasuredProcess;
  load: Load;
  /** Runs before each measurement, outside it (fresh refresh-token chains). */
  prepare?: () => Promise<void>;
}

/** One server's figures in a row: each the median over the rounds. */
export interface TargetFigures {
  label: string;
  /** Target ÷ baseline, requests per server CPU-second. */
  perCpu: number;
  /** Target ÷ baseline, requests per second. */
  perSecond: number;
  targetPerSecond: number;
  targetPerCpuSecond: number;
}

export interface HotPathRow {
  route: string;
  against: string;
  goal: number;
  baselinePerSecond: number;
  /** One entry per server measured, in the order they were given. */
  targets: TargetFigures[];
  /**
   * With two servers: the second's per-CPU ratio over the first's, the median of the rounds'
   * quotients (both measured in the same round against the same baseline).
   */
  quotient?: number;
}

/** `--instructions`: each server's instructions per request (median of the rounds), no baseline. */
export interface InstructionRow {
  route: string;
  targets: { label: string; perRequest: number }[];
  /** With two servers: the first's count over the second's (above 1: the second executes fewer). */
  quotient?: number;
}

/** A server the table measures: a CLI to start (`seed`, then `start`), under a label. */
export interface ServerUnderTest {
  label: string;
  bin: string;
  /** Node flags for its process (e.g. --cpu-prof). */
  nodeFlags?: string[];
}

interface Measured {
  perSecond: number;
  perCpuSecond: number;
}

/** Sends `load` for `seconds`, or `amount` requests; throws when more than one in a hundred failed. */
export async function send(load: Load, length: { duration: number } | { amount: number }): Promise<autocannon.Result> {
  const result = await autocannon({
    url: load.url,
    method: load.method ?? 'GET',
    connections: CONNECTIONS,
    // A server under callgrind answers 20–50 times slower: its requests get a minute, not 10 s.
    ...('amount' in length ? { timeout: 60 } : {}),
    ...length,
    headers: { ...(load.body || load.bodyFor ? { 'content-type': 'application/json' } : {}), ...load.headers },
    ...(load.body ? { body: load.body } : {}),
    ...(load.bodyFor || load.onResponse
      ? {
          requests: [
            {
              ...(load.bodyFor ? { setupRequest: (request: autocannon.Request) => ({ ...request, body: load.bodyFor?.() }) } : {}),
              ...(load.onResponse ? { onResponse: (status: number, body: string) => load.onResponse?.(status, body) } : {}),
            },
          ],
        }
      : {}),
  });
  const total = result.requests.total;
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > total / 100) throw new Error(`${load.method ?? 'GET'} ${load.url}: ${failures} of ${total} requests failed`);
  return result;
}

async function measure(side: Side, seconds: number): Promise<Measured> {
  await side.prepare?.();
  const cpuBefore = await side.process.cpuSeconds();
  const result = await send(side.load, { duration: seconds });
  const cpu = (await side.process.cpuSeconds()) - cpuBefore;
  const total = result.requests.total;
  return { perSecond: total / result.duration, perCpuSecond: total / Math.max(cpu, 0.01) };
}

/** Instruction counting (`--instructions`): requests sent to warm each server up, then per round. */
export const INSTRUCTION_LOAD = { warm: Number(process.env.BENCH_WARM_REQUESTS ?? 1500), count: Number(process.env.BENCH_REQUESTS ?? 1000) };

/**
 * Instructions per request of each target (each server under callgrind): warmed up, then
 * `ROUNDS` rounds of a fixed number of requests, the order reversed every other round; the median.
 */
async function countInstructions(targets: Side[], outFiles: string[]): Promise<number[]> {
  for (const side of targets) {
    await side.prepare?.();
    await send(side.load, { amount: INSTRUCTION_LOAD.warm });
  }
  const perRequest: number[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [...targets.keys()] : [...targets.keys()].reverse();
    for (const i of order) {
      const side = targets[i] as Side;
      await side.prepare?.();
      let sent = 0;
      const instructions = await instructionsDuring(side.process.pid, outFiles[i] as string, async () => {
        sent = (await send(side.load, { amount: INSTRUCTION_LOAD.count })).requests.total;
      });
      (perRequest[i] as number[]).push(instructions / sent);
    }
  }
  return perRequest.map(median);
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Warm every side up (JIT, connections), then measure the baseline and each target once per round,
 * the order reversed every other round. Each round's ratios are against that round's baseline.
 */
async function compare(targets: Side[], baseline: Side): Promise<Pick<HotPathRow, 'baselinePerSecond' | 'quotient'> & { targets: Omit<TargetFigures, 'label'>[] }> {
  const warm = Math.max(1, Math.round(BENCH_SECONDS / 2));
  const sides = [baseline, ...targets];
  for (const side of sides) await measure(side, warm);
  const rounds: Measured[][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const measured = new Map<Side, Measured>();
    for (const side of order) measured.set(side, await measure(side, BENCH_SECONDS));
    rounds.push(sides.map((side) => measured.get(side) as Measured));
  }
  const ofTarget = (i: number) => rounds.map((r) => ({ baseline: r[0] as Measured, target: r[i + 1] as Measured }));
  const perCpu = (r: { baseline: Measured; target: Measured }) => r.target.perCpuSecond / r.baseline.perCpuSecond;
  return {
    baselinePerSecond: median(rounds.map((r) => (r[0] as Measured).perSecond)),
    targets: targets.map((_, i) => ({
      perCpu: median(ofTarget(i).map(perCpu)),
      perSecond: median(ofTarget(i).map((r) => r.target.perSecond / r.baseline.perSecond)),
      targetPerSecond: median(ofTarget(i).map((r) => r.target.perSecond)),
      targetPerCpuSecond: median(ofTarget(i).map((r) => r.target.perCpuSecond)),
    })),
    ...(targets.length === 2 ? { quotient: median(rounds.map((r) => (r[2] as Measured).perCpuSecond / (r[1] as Measured).perCpuSecond)) } : {}),
  };
}

/**
 * The flags `start` is given: only what every version of the CLI since a7a58c7 accepts, and the
 * rate limit's switch only when this version's `start --help` lists it (an older commit may not).
 */
function startFlags(bin: string, where: string[]): string[] {
  const help = execFileSync(process.execPath, [bin, 'start', '--help'], { encoding: 'utf8' });
  // The per-key rate limit would answer most of a load with 429: the bench measures the work, not the limit.
  return ['--port', '0', ...where, ...(help.includes('--automation-rate-limit') ? ['--automation-rate-limit', '0'] : [])];
}

/**
 * `reference-server seed --demo --json`, then `reference-server start` on that sandbox, logging at
 * info: a data folder in `dir`, or the PostgreSQL database `databaseUrl` (the master key then in
 * `env`); under callgrind (its counts written to `callgrindOut`) when given.
 */
export async function startReferenceServer(
  dir: string,
  server: ServerUnderTest,
  index: number,
  options: { callgrindOut?: string; databaseUrl?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ process: MeasuredProcess; url: string; demo: DemoCredentials }> {
  const { callgrindOut, databaseUrl } = options;
  const where = databaseUrl ? ['--database-url', databaseUrl] : ['--data', join(dir, `data-${index}`)];
  const env = { ...process.env, ...options.env };
  const demo = JSON.parse(execFileSync(process.execPath, [server.bin, 'seed', '--demo', '--json', ...where], { encoding: 'utf8', env })) as DemoCredentials;
  const args = [...(server.nodeFlags ?? []), server.bin, 'start', ...startFlags(server.bin, where)];
  const started = await startPinned(`reference-server-${index}`, dir, args, { ...options.env, NODE_ENV: 'production', LOG_LEVEL: 'info' }, callgrindOut ? callgrindWrapper(callgrindOut) : []);
  // Under callgrind the start-up takes a minute or more on a busy machine.
  const url = await waitForOutput(started, (out) => /reference server on (\S+)/.exec(out)?.[1], `${server.label}: reference-server start`, callgrindOut ? 600_000 : 60_000);
  return { process: started, url, demo };
}

async function startBaseline(dir: string, kind: string, extra: string[] = []): Promise<{ process: MeasuredProcess; url: string }> {
  const baseline = await startPinned(`baseline-${kind}`, dir, ['--import', 'tsx', BASELINE, kind, ...extra], { NODE_ENV: 'production' });
  const url = await waitForOutput(baseline, (out) => /listening (\S+)/.exec(out)?.[1], `baseline ${kind}`);
  return { process: baseline, url };
}

async function startMockOAuth(dir: string): Promise<{ process: MeasuredProcess; url: string }> {
  const mock = await startPinned('oauth2-mock-server', dir, [MOCK_OAUTH_BIN, '-a', '127.0.0.1', '-p', '0'], { NODE_ENV: 'production' });
  const url = await waitForOutput(mock, (out) => /(http:\/\/\S+?)\/?\s*$/m.exec(out)?.[1], 'oauth2-mock-server');
  return { process: mock, url };
}

/** Refresh-token chains for the refresh load: each request spends one token and returns its successor. */
async function refreshChains(url: string, demo: DemoCredentials, count: number): Promise<string[]> {
  // The OAuth test helpers read only the URL and the demo credentials of a test server.
  const server = { url, demo } as TestServer;
  const browser = new Browser(url);
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const location = await consent(server, browser);
    const response = await exchange(server, location.searchParams.get('code') as string);
    if (!response.ok) throw new Error(`token exchange answered ${response.status}`);
    tokens.push(((await response.json()) as TokenBody).refresh_token);
  }
  return tokens;
}

export const submitBody = (n: number) => JSON.stringify({ email: `bench-${n}@example.com`, full_name: 'Bench Mark', ...workedExample() });
export const createBody = (n: number) =>
  JSON.stringify({
    record_id: `bench-${n}`,
    profile_id: 'prf_seed_deal',
    fields: { company: 'Bench Robotics', email: 'founder@bench.example', stage: 'seed', monthly_revenue: 42_000, team_size: 6, pitch: 'Warehouse robots as a service; TAM 9bn.' },
    source: 'bench',
  });
const GET_USER_DATA = JSON.stringify({ query: 'query getUserDataQuery { me { email } }', operationName: 'getUserDataQuery' });

/** The rows' short names, for `--routes`. */
export const ROUTE_NAMES = ['health', 'me', 'questions', 'submit', 'create', 'graphql', 'refresh'] as const;

interface Running {
  process: MeasuredProcess;
  url: string;
  demo: DemoCredentials;
}

/**
 * Runs the table over `servers` (default: the working tree's). With two servers, each row measures
 * both in the same rounds against the same baseline, and `quotient` is the second's ratio over the
 * first's. `routes` keeps the rows of those short names (ROUTE_NAMES), `only` those whose route
 * contains it.
 */
export async function runHotPaths(
  options: {
    only?: string;
    routes?: readonly string[];
    servers?: ServerUnderTest[];
    nodeFlags?: string[];
    onRow?: (row: HotPathRow) => void;
    /** Count instructions per request under callgrind instead of measuring against the baselines. */
    onInstructionRow?: (row: InstructionRow) => void;
  } = {},
): Promise<HotPathRow[]> {
  const servers = options.servers ?? [{ label: 'working tree', bin: SERVER_BIN, nodeFlags: options.nodeFlags ?? [] }];
  const dir = await mkdtemp(join(tmpdir(), 'bench-hot-paths-'));
  const started: MeasuredProcess[] = [];
  const keep = <T extends { process: MeasuredProcess }>(p: T): T => {
    started.push(p.process);
    return p;
  };
  const rows: HotPathRow[] = [];
  // An interrupted run still stops the servers it started.
  const interrupted = () => void Promise.all(started.map((p) => p.stop())).finally(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const running: Running[] = [];
    const callgrindOut = options.onInstructionRow ? servers.map((_, index) => join(dir, `callgrind-${index}.out`)) : undefined;
    // Started side by side: under callgrind each start-up takes a minute or more.
    running.push(...(await Promise.all(servers.map((server, index) => startReferenceServer(dir, server, index, callgrindOut ? { callgrindOut: callgrindOut[index] as string } : {})))).map(keep));
    const first = running[0] as Running;
    const on = (server: Running, path: string, load: Omit<Load, 'url'> = {}): Side => ({ process: server.process, load: { url: `${server.url}${path}`, ...load } });
    let counter = 0;
    const next = () => (counter += 1);

    // Every server seeds the same demo organisation: the first one's questions are the baseline's bytes.
    const questionsResponse = await fetch(`${first.url}/api/v1/assessment/questions`, { headers: { 'x-api-key': first.demo.developerKey } });
    const questionsFile = join(dir, 'questions.json');
    await writeFile(questionsFile, await questionsResponse.text());

    type Spec = { name: (typeof ROUTE_NAMES)[number]; route: string; against: string; goal: number; target: (server: Running) => Side; baseline: () => Promise<Side> };
    const baselineOf = (kind: string, load: Omit<Load, 'url'> = {}, extra: string[] = []) => async (): Promise<Side> => {
      const b = keep(await startBaseline(dir, kind, extra));
      return { process: b.process, load: { url: b.url, ...load } };
    };
    const echoOf = (body: string) => baselineOf('echo', { method: 'POST', body });
    const specs: Spec[] = [
      { name: 'health', route: 'GET /api health', against: 'bare Express GET', goal: 0.85, target: (s) => on(s, '/api'), baseline: baselineOf('ping') },
      {
        name: 'me',
        route: 'GET /api/automation/me (automation key)',
        against: 'bare Express GET',
        goal: 0.7,
        target: (s) => on(s, '/api/automation/me', { headers: { 'x-api-key': s.demo.automationKey } }),
        baseline: baselineOf('ping'),
      },
      {
        name: 'questions',
        route: 'GET /api/v1/assessment/questions (48 KB)',
        against: 'bare Express sending the same bytes',
        goal: 0.7,
        target: (s) => on(s, '/api/v1/assessment/questions', { headers: { 'x-api-key': s.demo.developerKey } }),
        baseline: baselineOf('body', {}, [questionsFile]),
      },
      {
        name: 'submit',
        route: 'POST /api/v1/assessment/submit',
        against: 'bare Express echo of the same body',
        goal: 0.5,
        target: (s) => on(s, '/api/v1/assessment/submit', { method: 'POST', headers: { 'x-api-key': s.demo.developerKey }, bodyFor: () => submitBody(next()) }),
        baseline: echoOf(submitBody(0)),
      },
      {
        name: 'create',
        route: 'POST /api/automation/submissions',
        against: 'bare Express echo of the same body',
        goal: 0.6,
        target: (s) => on(s, '/api/automation/submissions', { method: 'POST', headers: { 'x-api-key': s.demo.automationKey }, bodyFor: () => createBody(next()) }),
        baseline: echoOf(createBody(0)),
      },
      {
        name: 'graphql',
        route: 'POST /api getUserDataQuery (partner credential)',
        against: 'bare graphql-http + Express { me { email } }',
        goal: 0.8,
        target: (s) => on(s, '/api', { method: 'POST', headers: { authorization: `Bearer ${s.demo.partnerCredential}` }, body: GET_USER_DATA }),
        baseline: baselineOf('graphql', { method: 'POST', body: JSON.stringify({ query: '{ me { email } }' }) }),
      },
      {
        name: 'refresh',
        route: 'OAuth refresh grant (validate, rotate, sign, durable write)',
        against: "oauth2-mock-server's client_credentials token (RS256)",
        goal: 1.5,
        target: (s) => {
          // Each chain is one client: a request spends its refresh token, the answer hands over the
          // next. autocannon sends its connections' first requests from one shared buffer (the same
          // token, answered with the same successor within the grace window) and drops the answers
          // in flight when it stops, so each measurement starts from fresh chains and keeps a
          // successor once.
          const pool: string[] = [];
          const seen = new Set<string>();
          const side = on(s, '/api/oauth/token', {
            method: 'POST',
            bodyFor: () =>
              JSON.stringify({
                grant_type: 'refresh_token',
                refresh_token: pool.shift() ?? 'exhausted',
                client_id: s.demo.oauthClient.clientId,
                client_secret: s.demo.oauthClient.clientSecret,
              }),
            onResponse: (status, body) => {
              if (status !== 200) return;
              const successor = (JSON.parse(body) as TokenBody).refresh_token;
              if (!seen.has(successor)) pool.push(successor);
              seen.add(successor);
            },
          });
          return {
            ...side,
            prepare: async () => {
              pool.splice(0, pool.length, ...(await refreshChains(s.url, s.demo, CONNECTIONS * 2)));
              seen.clear();
            },
          };
        },
        baseline: async () => {
          const mock = keep(await startMockOAuth(dir));
          return {
            process: mock.process,
            load: {
              url: `${mock.url}/token`,
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'grant_type=client_credentials&scope=read',
            },
          };
        },
      },
    ];
    const chosen = specs.filter((s) => (!options.only || s.route.includes(options.only)) && (!options.routes || options.routes.includes(s.name)));
    for (const spec of chosen) {
      if (callgrindOut && options.onInstructionRow) {
        const counts = await countInstructions(running.map(spec.target), callgrindOut);
        options.onInstructionRow({
          route: spec.route,
          targets: counts.map((perRequest, i) => ({ label: (servers[i] as ServerUnderTest).label, perRequest })),
          ...(counts.length === 2 ? { quotient: (counts[0] as number) / (counts[1] as number) } : {}),
        });
        continue;
      }
      const baseline = await spec.baseline();
      try {
        const figures = await compare(running.map(spec.target), baseline);
        const row: HotPathRow = {
          route: spec.route,
          against: spec.against,
          goal: spec.goal,
          baselinePerSecond: figures.baselinePerSecond,
          targets: figures.targets.map((f, i) => ({ label: (servers[i] as ServerUnderTest).label, ...f })),
          ...(figures.quotient !== undefined ? { quotient: figures.quotient } : {}),
        };
        rows.push(row);
        options.onRow?.(row);
      } finally {
        await baseline.process.stop();
        started.splice(started.indexOf(baseline.process), 1);
      }
    }
    return rows;
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await Promise.all(started.map((p) => p.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

const setup = () =>
  `server and each baseline in their own process${cores.pinned ? ` pinned to core ${cores.server}, load generator on core ${cores.load}` : ' (not pinned: one core or no taskset)'}; ${CONNECTIONS} connections, ${BENCH_SECONDS} s × ${ROUNDS} alternating rounds; median ratios`;

export const hotPathHeader = () =>
  `Hot paths: ${setup()}\n` + `  ${'route'.padEnd(60)} ${'req/CPU-s'.padStart(9)} ${'goal'.padStart(6)} ${''.padEnd(4)} ${'req/s'.padStart(6)}  baseline`;

const x = (ratio: number) => `${ratio.toFixed(2)}×`;

export const formatHotPath = (row: HotPathRow) => {
  const t = row.targets[0] as TargetFigures;
  return `  ${row.route.padEnd(60)} ${x(t.perCpu).padStart(9)} ${`≥${row.goal.toFixed(2)}`.padStart(6)} ${(t.perCpu >= row.goal ? 'met' : 'MISS').padEnd(4)} ${x(t.perSecond).padStart(6)}  ${row.against}: ${row.baselinePerSecond.toFixed(0)} req/s; server ${t.targetPerSecond.toFixed(0)} req/s, ${t.targetPerCpuSecond.toFixed(0)} req/CPU-s`;
};

/** `--against`: the reference commit's and the working tree's ratios (req per server CPU-second) and their quotient. */
export const againstHeader = (ref: string, tree: string) =>
  `Hot paths, ${tree} against ${ref}: ${setup()}; both servers measured in every round against the same baseline\n` +
  `  ${'route'.padEnd(60)} ${ref.slice(0, 9).padStart(9)} ${tree.slice(0, 9).padStart(9)} ${'quotient'.padStart(8)} ${'goal'.padStart(6)}       baseline`;

export const formatAgainst = (row: HotPathRow) => {
  const [ref, tree] = row.targets as [TargetFigures, TargetFigures];
  const quotient = row.quotient ?? tree.perCpu / ref.perCpu;
  const verdict = `${quotient >= 1 ? 'kept' : 'LOST'}${tree.perCpu >= row.goal ? '' : ' MISS'}`;
  return `  ${row.route.padEnd(60)} ${x(ref.perCpu).padStart(9)} ${x(tree.perCpu).padStart(9)} ${x(quotient).padStart(8)} ${`≥${row.goal.toFixed(2)}`.padStart(6)} ${verdict.padEnd(9)}  ${row.against}: ${row.baselinePerSecond.toFixed(0)} req/s; req/CPU-s ${ref.targetPerCpuSecond.toFixed(0)} → ${tree.targetPerCpuSecond.toFixed(0)}`;
};

/** `--instructions`: instructions per request under callgrind, and with two servers their quotient. */
export const instructionHeader = (labels: string[]) =>
  `Instructions per request (callgrind; ${INSTRUCTION_LOAD.count} requests × ${ROUNDS} alternating rounds after ${INSTRUCTION_LOAD.warm} to warm up, ${CONNECTIONS} connections; median)\n` +
  `  ${'route'.padEnd(60)} ${labels.map((l) => l.slice(0, 12).padStart(12)).join(' ')}${labels.length === 2 ? ` ${'quotient'.padStart(8)}` : ''}`;

export const formatInstructions = (row: InstructionRow) =>
  `  ${row.route.padEnd(60)} ${row.targets.map((t) => Math.round(t.perRequest).toLocaleString('en').padStart(12)).join(' ')}${
    row.quotient !== undefined ? ` ${x(row.quotient).padStart(8)} ${row.quotient >= 1 ? 'kept' : 'LOST'}` : ''
  }`;
