import pg from 'pg';
import { treeCpuSecondsOf } from './processes.js';

/**
 * What PostgreSQL costs on this machine at the least, measured as the stores table measures a
 * server (`node --import tsx postgres-floor.ts <url> <postmaster pid>`, pinned to the server core
 * by the bench): a bare node-postgres pool, 16 callers, prepared statements, and for each kind of
 * operation the CPU of this process and of the database's processes per operation. A request
 * costs at least its statements and transactions at these prices, whatever the server around them
 * does. Prints one JSON line per kind.
 */
const [url, postmaster] = process.argv.slice(2);
if (!url || !postmaster) throw new Error('usage: postgres-floor.ts <database url> <postmaster pid>');

const SECONDS = 3;
const CALLERS = 16;
const pool = new pg.Pool({ connectionString: url, max: CALLERS });
const table = `floor_${process.pid}`;
// A record the size of a stored submission (about 2 KB of JSON).
const body = JSON.stringify({ fields: { name: 'Floor', notes: 'x'.repeat(2000) } });
let next = 0;
/** The statements a batched message EXECUTEs, prepared once per connection as the store's are. */
const prepared = new WeakSet<pg.PoolClient>();
async function prepare(client: pg.PoolClient): Promise<void> {
  if (prepared.has(client)) return;
  await client.query(`PREPARE floor_batched (text) AS SELECT body FROM ${table} WHERE id = $1`);
  await client.query(`PREPARE floor_insert_batched (text, text) AS INSERT INTO ${table} (id, body) VALUES ($1, $2::json)`);
  prepared.add(client);
}
const insert = () => ({ name: 'floor_insert', text: `INSERT INTO ${table} (id, body) VALUES ($1, $2::json)`, values: [`r${(next += 1)}`, body] });

/** `run` on a connection of the pool's own, as a transaction or a message of several statements needs. */
async function onClient(run: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await pool.connect();
  try {
    await run(client);
  } finally {
    client.release();
  }
}

const kinds: Record<string, { statements: number; run: () => Promise<unknown> }> = {
  'one read (SELECT by key)': { statements: 1, run: () => pool.query({ name: 'floor_read', text: `SELECT body FROM ${table} WHERE id = $1`, values: ['r1'] }) },
  // As a transaction's or PooledReads' message sends them: EXECUTEs of a prepared statement, one simple query.
  'eight reads by key in one message': {
    statements: 8,
    run: () =>
      onClient(async (client) => {
        await prepare(client);
        await client.query(Array.from({ length: 8 }, () => "EXECUTE floor_batched('r1')").join(';\n'));
      }),
  },
  // A write path's transaction as BatchedConnection sends it: its writes deferred, sent with COMMIT.
  'BEGIN, 5 writes, COMMIT: 1 message': {
    statements: 7,
    run: () =>
      onClient(async (client) => {
        await prepare(client);
        const writes = Array.from({ length: 5 }, () => `EXECUTE floor_insert_batched(${client.escapeLiteral(`r${(next += 1)}`)}, ${client.escapeLiteral(body)})`);
        await client.query(['BEGIN', ...writes, 'COMMIT'].join(';\n'));
      }),
  },
  'one write, its own transaction': { statements: 1, run: () => pool.query(insert()) },
  'BEGIN, one write, COMMIT': {
    statements: 3,
    run: () =>
      onClient(async (client) => {
        await client.query('BEGIN');
        await client.query(insert());
        await client.query('COMMIT');
      }),
  },
};

async function load(run: () => Promise<unknown>, seconds: number): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (Date.now() < end) {
        await run();
        done += 1;
      }
    }),
  );
  return done;
}

try {
  await pool.query(`CREATE TABLE ${table} (id text PRIMARY KEY, body json NOT NULL)`);
  await pool.query(insert());
  for (const [kind, { statements, run }] of Object.entries(kinds)) {
    await load(run, 1);
    const client = process.cpuUsage();
    const database = await treeCpuSecondsOf(Number(postmaster));
    const done = await load(run, SECONDS);
    const used = process.cpuUsage(client);
    const clientUs = (used.user + used.system) / done;
    const databaseUs = ((await treeCpuSecondsOf(Number(postmaster))) - database) * 1e6 / done;
    process.stdout.write(`${JSON.stringify({ kind, statements, clientUs, databaseUs })}\n`);
  }
} finally {
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
}
