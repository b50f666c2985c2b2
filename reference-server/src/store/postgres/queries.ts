import type pg from 'pg';
import type { Claim, ClaimRequest, ReadOptions } from '../async-store.js';
import { decideClaim } from '../claim.js';
import type { CheckedOp } from '../ops.js';
import { scanPage } from '../page-scan.js';
import { InvalidCursorError } from '../partition.js';
import type { Page, PageQuery, StoredRecord } from '../store.js';
import type { Statement } from './batched-connection.js';

type Target = { collection: string; scope: string; id: string };

/** The pool's reads (PooledReads) or a transaction's connection: runs a statement. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(statement: Statement, target?: Target): Promise<pg.QueryResult<R>>;
}

/** A transaction's connection (BatchedConnection): a write goes with its next statement. */
export interface Deferring extends Queryable {
  defer(statement: Statement, create?: Target): void;
}

/** Rows read at most per statement while a filtered page scans (the first read is the page plus one). */
const MAX_BATCH = 1000;

/**
 * A statement by name: each connection prepares it once (parsed and analysed once, its plan kept)
 * and then only binds and executes it. Unnamed, PostgreSQL parsed and planned every statement of
 * every request anew: most of its CPU on the write paths (docs/performance.md, the stores table).
 */
type Prepared = Omit<Statement, 'values'>;

const statement = (name: string, text: string, point?: true): Prepared => ({ name: `rs_${name}`, text, ...(point ? { point } : {}) });

export const GET = statement('get', 'SELECT body FROM records WHERE collection = $1 AND scope = $2 AND id = $3', true);
const GET_FOR_UPDATE = statement('get_for_update', `${GET.text} FOR UPDATE`);
const GET_FOR_UPDATE_NOWAIT = statement('get_for_update_nowait', `${GET.text} FOR UPDATE NOWAIT`);
/** A scope in insertion order: its rows found by the order index's key (migration 0004), so already in order. */
const IN_ORDER = 'ARRAY[collection, scope] = ARRAY[$1, $2]::text[]';
const ALL = statement('all', `SELECT body FROM records WHERE ${IN_ORDER} ORDER BY seq`);
/**
 * A point read too, though its cost follows its scope: the counts a keyed request asks (the fault
 * settings, the watched keys) are of scopes that stay small, and it is those that share messages.
 */
const COUNT = statement('count', 'SELECT count(*)::int AS n FROM records WHERE collection = $1 AND scope = $2', true);
const SCOPES = statement('scopes', 'SELECT DISTINCT scope FROM records WHERE collection = $1');
const COLLECTIONS = statement('collections', 'SELECT DISTINCT collection FROM records');
const CURSOR = statement('cursor', 'SELECT seq FROM records WHERE collection = $1 AND scope = $2 AND id = $3');
const walkText = (order: 'ASC' | 'DESC', after: string) => `SELECT seq, body FROM records WHERE ${IN_ORDER}${after} ORDER BY seq ${order} LIMIT $3`;
export const WALK = {
  'DESC first': statement('walk_desc', walkText('DESC', '')),
  'DESC next': statement('walk_desc_after', walkText('DESC', ' AND seq < $4')),
  'ASC first': statement('walk_asc', walkText('ASC', '')),
  'ASC next': statement('walk_asc_after', walkText('ASC', ' AND seq > $4')),
};
const CREATE = statement('create', 'INSERT INTO records (collection, scope, id, body) VALUES ($1, $2, $3, $4::json)');
const DELETE = statement('delete', 'DELETE FROM records WHERE (collection, scope, id) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))');
// WITH ORDINALITY … ORDER BY n: new records take their insertion numbers in the batch's order.
const PUT = statement(
  'put',
  `INSERT INTO records (collection, scope, id, body)
   SELECT c, s, i, b::json FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(c, s, i, b, n) ORDER BY n
   ON CONFLICT (collection, scope, id) DO UPDATE SET body = EXCLUDED.body`,
);
/**
 * An increment (IncrementOp): the record `{ id, [field]: by }` when absent, else rs_increment's sum
 * (migration 0005: the file store's rule and words, the record's key order kept).
 */
const INCREMENT = statement(
  'increment',
  `INSERT INTO records (collection, scope, id, body) VALUES ($1, $2, $3, json_build_object('id', $3::text, $4::text, $5::bigint))
   ON CONFLICT (collection, scope, id) DO UPDATE SET body = rs_increment(records.body, $4::text, $5::bigint, $1::text, $3::text)`,
);
const CLAIM = statement('claim', 'SELECT body, lease_holder, lease_until FROM records WHERE collection = $1 AND scope = $2 AND id = $3 FOR UPDATE SKIP LOCKED');
const EXISTS = statement('exists', 'SELECT 1 FROM records WHERE collection = $1 AND scope = $2 AND id = $3');
const LEASE = statement('lease', 'UPDATE records SET lease_holder = $4, lease_until = $5 WHERE collection = $1 AND scope = $2 AND id = $3');
const RELEASE = statement('release', 'UPDATE records SET lease_holder = NULL, lease_until = NULL WHERE collection = $1 AND scope = $2 AND id = $3 AND lease_holder = $4');

function run<R extends pg.QueryResultRow>(db: Queryable, prepared: Prepared, values: unknown[]) {
  return db.query<R>({ ...prepared, values });
}

export async function getRecord<T extends StoredRecord>(db: Queryable, collection: string, scope: string, id: string, options?: ReadOptions): Promise<T | undefined> {
  const result = await run<{ body: T }>(db, options?.forUpdate ? (options.noWait ? GET_FOR_UPDATE_NOWAIT : GET_FOR_UPDATE) : GET, [collection, scope, id]);
  return result.rows[0]?.body;
}

export async function allRecords<T extends StoredRecord>(db: Queryable, collection: string, scope: string): Promise<T[]> {
  const result = await run<{ body: T }>(db, ALL, [collection, scope]);
  return result.rows.map((row) => row.body);
}

export async function countRecords(db: Queryable, collection: string, scope: string): Promise<number> {
  const result = await run<{ n: number }>(db, COUNT, [collection, scope]);
  return result.rows[0]?.n ?? 0;
}

export async function scopesOf(db: Queryable, collection: string): Promise<string[]> {
  const result = await run<{ scope: string }>(db, SCOPES, [collection]);
  return result.rows.map((row) => row.scope);
}

export async function collectionsOf(db: Queryable): Promise<string[]> {
  const result = await run<{ collection: string }>(db, COLLECTIONS, []);
  return result.rows.map((row) => row.collection);
}

/**
 * A page by keyset on the insertion number: the cursor's number is looked up once, then rows are
 * read in the page's direction in batches (the page plus one first, doubling while a filter keeps
 * refusing rows) until the page is full or `maxScan` refused rows were met. Filters are functions
 * run here, as in the file store; the cost follows what is scanned, never the scope's size.
 */
export async function pageRecords<T extends StoredRecord>(db: Queryable, collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
  let after: string | undefined;
  if (query.after !== undefined) {
    const cursor = await run<{ seq: string }>(db, CURSOR, [collection, scope, query.after]);
    if (!cursor.rows[0]) throw new InvalidCursorError(query.after);
    after = cursor.rows[0].seq;
  }
  return scanPage(walk(db, collection, scope, query.newestFirst ?? true, after, query.limit), query);
}

async function* walk(db: Queryable, collection: string, scope: string, newestFirst: boolean, after: string | undefined, limit: number): AsyncGenerator<StoredRecord> {
  const order = newestFirst ? 'DESC' : 'ASC';
  let batch = Math.min(Math.max(limit + 1, 1), MAX_BATCH);
  for (let seq = after; ; batch = Math.min(batch * 2, MAX_BATCH)) {
    const result = await run<{ seq: string; body: StoredRecord }>(
      db,
      WALK[`${order} ${seq === undefined ? 'first' : 'next'}`],
      seq === undefined ? [collection, scope, batch] : [collection, scope, batch, seq],
    );
    for (const row of result.rows) yield row.body;
    if (result.rows.length < batch) return;
    seq = (result.rows[result.rows.length - 1] as { seq: string }).seq;
  }
}

/**
 * Applies checked ops in order, as few statements as keep that order: a run of puts of distinct
 * records is one upsert (a statement cannot change one row twice), a run of deletes one delete;
 * a `create` is an insert of its own, so a taken id names itself in the conflict, an increment an
 * upsert of its own. The statements go with the transaction's next one.
 */
export function applyOps(db: Deferring, ops: readonly CheckedOp[]): void {
  for (let i = 0; i < ops.length; ) {
    const op = ops[i] as CheckedOp;
    if (op.op === 'create') {
      db.defer({ ...CREATE, values: [op.collection, op.scope, op.id, op.text] }, op);
      i += 1;
      continue;
    }
    if (op.op === 'increment') {
      db.defer({ ...INCREMENT, values: [op.collection, op.scope, op.id, op.field, op.by] });
      i += 1;
      continue;
    }
    const group: CheckedOp[] = [];
    const keys = new Set<string>();
    for (; i < ops.length; i += 1) {
      const next = ops[i] as CheckedOp;
      const key = `${next.collection}\u0000${next.scope}\u0000${next.id}`;
      if (next.op !== op.op || keys.has(key)) break;
      keys.add(key);
      group.push(next);
    }
    const columns = [group.map((o) => o.collection), group.map((o) => o.scope), group.map((o) => o.id)];
    if (op.op === 'delete') {
      db.defer({ ...DELETE, values: columns });
    } else {
      db.defer({ ...PUT, values: [...columns, group.map((o) => (o as { text: string }).text)] });
    }
  }
}

/**
 * Claims a record for a holder (Transaction.claim): the row is locked `FOR UPDATE SKIP LOCKED`, so
 * a claim never waits for another transaction holding it (another server claiming it, a service
 * updating it) but answers `locked`; the lease rule is decideClaim's; a claimed row gets the lease
 * (if the request has one: without, the row lock is the claim).
 */
export async function claimRecord<T extends StoredRecord>(db: Deferring, collection: string, scope: string, id: string, request: ClaimRequest<T>): Promise<Claim<T>> {
  const key = [collection, scope, id];
  const found = await run<{ body: T; lease_holder: string | null; lease_until: string | null }>(db, CLAIM, key);
  const row = found.rows[0];
  if (!row) {
    const exists = await run(db, EXISTS, key);
    return exists.rows.length > 0 ? { outcome: 'locked' } : { outcome: 'absent' };
  }
  const lease = row.lease_holder === null || row.lease_until === null ? undefined : { holder: row.lease_holder, until: Number(row.lease_until) };
  const claim = decideClaim(row.body, lease, request);
  if (claim.outcome === 'claimed' && request.until !== undefined) db.defer({ ...LEASE, values: [...key, request.holder, request.until] });
  return claim;
}

export function releaseRecord(db: Deferring, collection: string, scope: string, id: string, holder: string): void {
  db.defer({ ...RELEASE, values: [collection, scope, id, holder] });
}
