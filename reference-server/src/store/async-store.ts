import type { Page, PageQuery, StoreStats, StoredRecord, WriteOp } from './store.js';

/**
 * The asynchronous store contract: what the services will be written against once they move off
 * the synchronous `Store` (docs/decisions/async-store.md). Two implementations: the file store
 * (today's journal store, transactions serialised) and PostgreSQL (real transactions).
 *
 * A read outside a transaction sees everything committed before it. Every read-decide-write runs
 * in `transaction(async (tx) => …)`: the transaction's reads see its own writes, and nothing it
 * wrote is visible to others (or durable) until the callback's promise resolves and the commit is
 * acknowledged. What two transactions can race on is made safe in one of two ways:
 * - the record decided on exists: read it with `{ forUpdate: true }` (PostgreSQL locks the row;
 *   a second transaction reading it so waits until the first ends, then sees its write);
 * - the record may not exist yet (a lock cannot hold what is not there): write it with `create`,
 *   which fails the transaction with `StoreConflictError` when the id is taken, at most one of two
 *   concurrent creates of one id commits. A uniqueness rule becomes a record whose id is the
 *   unique value (a "guard": `create('submission-records', org, { id: record_id, … })`).
 */

/** A put that fails with StoreConflictError when the collection and scope already hold the id. */
export interface CreateOp {
  op: 'create';
  collection: string;
  scope: string;
  record: StoredRecord;
}

/**
 * Adds `by` to the record's integer `field`, the record `{ id, [field]: by }` when there is none:
 * a counter bumped without reading it first. On PostgreSQL it goes with the transaction's next
 * statement like any write (one upsert), so its row is locked only from then until the commit,
 * not from a `forUpdate` read on; concurrent increments of one record all count. A field that
 * holds anything but an integer (or null, taken as 0) fails the write.
 */
export interface IncrementOp {
  op: 'increment';
  collection: string;
  scope: string;
  id: string;
  field: string;
  by: number;
}

export type AsyncWriteOp = WriteOp | CreateOp | IncrementOp;

export const create = <T extends StoredRecord>(collection: string, scope: string, record: T): CreateOp => ({
  op: 'create',
  collection,
  scope,
  record,
});

export const increment = (collection: string, scope: string, id: string, field: string, by = 1): IncrementOp => ({
  op: 'increment',
  collection,
  scope,
  id,
  field,
  by,
});

export interface ReadOptions {
  /** Lock the record until the transaction ends (PostgreSQL `FOR UPDATE`); meaningful in a transaction. */
  forUpdate?: boolean;
  /**
   * With `forUpdate`: a record another transaction holds locked fails the read at once with
   * StoreConflictError rather than waiting (PostgreSQL `NOWAIT`). For a transaction already
   * holding a lock that the other one may come to wait for (a job done inside its claim): waiting
   * would be a deadlock. The file store runs transactions one at a time: it never waits.
   */
  noWait?: boolean;
}

/** What can be read, in a transaction and outside one. */
export interface AsyncReader {
  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, options?: ReadOptions): Promise<T | undefined>;
  /** Every record of a scope, in insertion order. Cost grows with the scope's size: prefer `page`. */
  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): Promise<T[]>;
  /** A page of a scope in insertion order or newest first; an unknown `after` throws InvalidCursorError. */
  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>>;
  count(collection: string, scope: string): Promise<number>;
  /** Scopes that hold at least one record of the collection (in no particular order). */
  scopes(collection: string): Promise<string[]>;
  /** Collections that hold at least one record (in no particular order). */
  collections(): Promise<string[]>;
}

/**
 * A claim on a record for a while (a lease): what lets N servers run a job once. `until` and `now`
 * are epoch ms of the caller's clock (servers' clocks must agree to well within a lease).
 */
export interface ClaimRequest<T extends StoredRecord = StoredRecord> {
  /** Who claims: one id per job runner. */
  holder: string;
  /**
   * The lease ends then unless claimed again by the same holder. Without it no lease is written:
   * the record is only locked until this transaction ends, for a job done inside it.
   */
  until?: number;
  now: number;
  /** Claim only a record this accepts (a job that is due): otherwise `declined`, nothing leased. */
  when?: (record: T) => boolean;
}

export type Claim<T extends StoredRecord = StoredRecord> =
  | { outcome: 'claimed'; record: T }
  /** No such record (a job done and removed). */
  | { outcome: 'absent' }
  /** Another transaction holds the record's lock right now (PostgreSQL `SKIP LOCKED`): it was not waited for. */
  | { outcome: 'locked' }
  /** Another holder's lease runs until `until`. */
  | { outcome: 'held'; holder: string; until: number }
  | { outcome: 'declined'; record: T };

export interface Transaction extends AsyncReader {
  /**
   * Adds ops to the transaction; later reads in it see them. A `create` of a taken id rejects with
   * StoreConflictError and the transaction is over (PostgreSQL aborts it): let the error leave the
   * callback and decide outside `transaction()`.
   */
  write(ops: AsyncWriteOp[]): Promise<void>;
  /** Sends `payload` to the channel's listeners once, and only if, the transaction commits. */
  notify(channel: string, payload?: string): void;
  /**
   * Leases the record to `request.holder` until `request.until` (without it, claims it only for
   * this transaction), unless another holder's lease is still running at `request.now`; the same
   * holder claiming again extends its lease. The record
   * is locked for update without waiting (PostgreSQL `FOR UPDATE SKIP LOCKED`: a record another
   * transaction holds answers `locked`; the file store runs transactions one at a time, so never).
   * The lease lasts until it ends, is released, or the record is deleted; an update of the
   * record keeps it. It is held where the store is shared: in the row on PostgreSQL, in memory on
   * the file store (one process per folder, so a lease ends with the process that took it).
   */
  claim<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, request: ClaimRequest<T>): Promise<Claim<T>>;
  /** Ends `holder`'s lease on the record, if it still holds one. */
  release(collection: string, scope: string, id: string, holder: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * A read-only transaction: every read sees one consistent snapshot (PostgreSQL REPEATABLE READ
   * READ ONLY), writes are refused. What `store copy` and a backup read through.
   */
  readOnly?: boolean;
}

/**
 * The committed state read without a promise: what a store offers when this process holds every
 * record and makes every change to them (the file store: one process per folder, its lock), so
 * what it reads now is what any read would answer. For the hot paths' checks (is this key live? is
 * anything watched, any fault set?), which otherwise pay a promise and a turn per lookup.
 */
export interface CommittedReader {
  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string): T | undefined;
  count(collection: string, scope: string): number;
}

export interface AsyncStore extends AsyncReader {
  /**
   * Present only on a store no other process writes to (the file store); absent where another
   * server may have committed since (PostgreSQL), whose reads must ask the database each time.
   */
  readonly committed?: CommittedReader | undefined;
  /** One all-or-nothing batch, durable once the promise resolves (a transaction of its own). */
  write(ops: AsyncWriteOp[]): Promise<void>;
  /**
   * Runs `work` in a transaction and commits what it wrote when its promise resolves; a rejection
   * rolls everything back and is passed on. Transactions do not nest (calling the store itself
   * from inside one throws): use `tx`.
   */
  transaction<R>(work: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R>;
  /**
   * Calls `handler` for each notification on `channel` committed from now on; resolves to a
   * function that stops it. If the store had to reconnect to listen again (PostgreSQL), notifications
   * sent meanwhile were missed: `resumed` is called then, so the listener can look for itself.
   */
  listen(channel: string, handler: (payload: string) => void, resumed?: () => void): Promise<() => Promise<void>>;
  stats(): Promise<StoreStats>;
  close(): Promise<void>;
}

/**
 * Two transactions wanted the same thing and this one lost: a `create` of an id that is taken,
 * or PostgreSQL gave up on it (a deadlock, a serialisation failure). Nothing of it was written;
 * running it again reads what the winner wrote.
 */
export class StoreConflictError extends Error {
  constructor(
    message: string,
    readonly target?: { collection: string; scope: string; id: string },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreConflictError';
  }
}

/** Channel names are identifiers in PostgreSQL's LISTEN: kept to a safe alphabet on both stores. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${JSON.stringify(channel)}`);
}
