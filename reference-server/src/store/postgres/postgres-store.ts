import type pg from 'pg';
import { detached } from '../../detached.js';
import { checkChannel, type AsyncStore, type AsyncWriteOp, type Claim, type ClaimRequest, type ReadOptions, type Transaction, type TransactionOptions } from '../async-store.js';
import { checkOps } from '../ops.js';
import { StoreUnavailableError, type Page, type PageQuery, type StoreStats, type StoredRecord } from '../store.js';
import { TransactionScope } from '../transaction-scope.js';
import { storeError } from './postgres-errors.js';
import { Listener } from './listener.js';
import { migrate } from './migrate.js';
import { BatchedConnection } from './batched-connection.js';
import { PooledReads } from './pooled-reads.js';
import { allRecords, applyOps, claimRecord, collectionsOf, countRecords, getRecord, pageRecords, releaseRecord, scopesOf } from './queries.js';

/** The LISTEN connection's application_name, so an operator (or a test) can tell it in pg_stat_activity. */
export const LISTEN_APPLICATION = 'reference-server listen';

export interface PostgresStoreOptions {
  /** Connections in the pool (default 10): the most transactions this server runs at once. */
  poolSize?: number;
  /** An idle connection or the LISTEN connection failed, or a listener threw. */
  onError?: (error: unknown) => void;
  /** What the migrations say they do. */
  log?: (message: string) => void;
  /**
   * Whether a call on the store from inside one of its transactions fails at once (default true)
   * rather than waiting on the transaction's own locks: a check for the code, costly under load
   * (TransactionScope), so a production server leaves it to the tests.
   */
  checkNesting?: boolean;
}

/** What the rate limiters are given of the database: statements run on the pool, one at a time each. */
export interface RateLimitClient {
  query(statement: pg.QueryConfig): Promise<pg.QueryResult>;
}

/** The backend process of a connection: node-postgres reads it at connect (BackendKeyData); @types/pg leaves it out. */
const backendPid = (client: pg.PoolClient): number => (client as pg.PoolClient & { processID: number }).processID;

/**
 * The store on PostgreSQL (docs/decisions/async-store.md): one `records` table, every batch and
 * every `transaction()` a real transaction (READ COMMITTED; `forUpdate` reads are
 * `SELECT … FOR UPDATE`, a `create` an INSERT the primary key refuses when the id is taken),
 * durable at COMMIT (`synchronous_commit` on), notifications sent with `pg_notify` inside the
 * transaction so they leave only if it commits (this store's own listeners get them at the commit,
 * in process, and drop PostgreSQL's copy). Any number of servers can share the database.
 */
export class PostgresStore implements AsyncStore {
  readonly #pool: pg.Pool;
  /** The pool for reads outside a transaction: those asked together, and other requests' under load, in one round trip. */
  readonly #reads: PooledReads;
  readonly #listener: Listener;
  readonly #scope: TransactionScope;
  #closed = false;

  private constructor(pool: pg.Pool, listener: Listener, checkNesting: boolean) {
    this.#scope = new TransactionScope(() => false, checkNesting);
    this.#pool = pool;
    this.#reads = new PooledReads(pool);
    this.#listener = listener;
  }

  /** Connects, applies the migrations this version has and the database lacks, and returns the store. */
  static async open(connectionString: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const onError = options.onError ?? (() => undefined);
    // Loaded only when a database is opened, so the file-store server and the CLI do not pay for it.
    const { default: driver } = await import('pg');
    const pool = new driver.Pool({ connectionString, max: options.poolSize ?? 10 });
    // An idle connection that fails (the database restarted) must not be an unhandled 'error'.
    pool.on('error', detached(onError, onError));
    // The backends of this store's connections: a notification one of them sent was already delivered here.
    const sessions = new Set<number>();
    pool.on('connect', detached(onError, (client: pg.PoolClient) => sessions.add(backendPid(client))));
    pool.on('remove', detached(onError, (client: pg.PoolClient) => sessions.delete(backendPid(client))));
    try {
      const client = await pool.connect();
      try {
        await migrate(client, options.log ?? (() => undefined));
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw storeError(error);
    }
    const newListenClient = () => new driver.Client({ connectionString, application_name: LISTEN_APPLICATION });
    return new PostgresStore(pool, new Listener(newListenClient, onError, (processId) => sessions.has(processId)), options.checkNesting ?? true);
  }

  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, _options?: ReadOptions): Promise<T | undefined> {
    return this.#read('get', () => getRecord<T>(this.#reads, collection, scope, id));
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): Promise<T[]> {
    return this.#read('all', () => allRecords<T>(this.#reads, collection, scope));
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
    return this.#read('page', () => pageRecords(this.#reads, collection, scope, query));
  }

  count(collection: string, scope: string): Promise<number> {
    return this.#read('count', () => countRecords(this.#reads, collection, scope));
  }

  scopes(collection: string): Promise<string[]> {
    return this.#read('scopes', () => scopesOf(this.#reads, collection));
  }

  collections(): Promise<string[]> {
    return this.#read('collections', () => collectionsOf(this.#reads));
  }

  async stats(): Promise<StoreStats> {
    if (this.#closed) return { writable: false, unavailable: 'the server is stopping', records: 0, journalBytes: 0, snapshotBytes: 0, compactions: 0 };
    try {
      const records = await this.#pool.query<{ n: number }>('SELECT count(*)::int AS n FROM records');
      return { writable: true, records: records.rows[0]?.n ?? 0, journalBytes: 0, snapshotBytes: 0, compactions: 0 };
    } catch (error) {
      const unavailable = storeError(error);
      const reason = unavailable instanceof StoreUnavailableError ? unavailable.reason : String((error as Error).message);
      return { writable: false, unavailable: reason, records: 0, journalBytes: 0, snapshotBytes: 0, compactions: 0 };
    }
  }

  /**
   * Whether the database answers a trivial query within `timeoutMs` (the readiness probe): undefined
   * when it does, else why not. Cheap on purpose: a probe every few seconds from every balancer.
   */
  async ping(timeoutMs = 2_000): Promise<string | undefined> {
    if (this.#closed) return 'the server is stopping';
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`the database did not answer within ${timeoutMs} ms`), timeoutMs);
    });
    const answered = this.#pool.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => {
        const mapped = storeError(error);
        return mapped instanceof StoreUnavailableError ? mapped.reason : `the database refused a probe: ${(error as Error).message}`;
      },
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Statements on this store's pool for the rate limits' table (`rate_limits`, migration 0002),
   * which rate-limiter-flexible reads and writes with its own SQL: one statement per counted
   * request, no transaction, its failures the store's (an unreachable database answers 503).
   */
  rateLimitClient(): RateLimitClient {
    return {
      query: (statement) =>
        this.#read('rate limit', async () => {
          try {
            return await this.#pool.query(statement);
          } catch (error) {
            throw storeError(error);
          }
        }),
    };
  }

  write(ops: AsyncWriteOp[]): Promise<void> {
    return this.transaction((tx) => tx.write(ops));
  }

  async transaction<R>(work: (tx: Transaction) => Promise<R>, options: TransactionOptions = {}): Promise<R> {
    this.#open('transaction');
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw storeError(error);
    }
    let broken: Error | undefined;
    // BEGIN goes with the transaction's first statement (BatchedConnection).
    const connection = new BatchedConnection(client, options.readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
    try {
      const tx = new PostgresTransaction(connection, options.readOnly ?? false);
      let value: R;
      try {
        value = await this.#scope.run(() => work(tx));
      } finally {
        tx.end();
      }
      tx.finish();
      await connection.commit(tx.notifications);
      this.#listener.deliverCommitted(tx.notifications);
      return value;
    } catch (error) {
      const mapped = storeError(error);
      if (connection.begun) await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      if (mapped instanceof StoreUnavailableError) broken ??= mapped;
      throw mapped;
    } finally {
      // A connection whose ROLLBACK failed is in an unknown state: the pool drops it.
      client.release(broken);
    }
  }

  async listen(channel: string, handler: (payload: string) => void, resumed?: () => void): Promise<() => Promise<void>> {
    this.#open('listen');
    return this.#listener.listen(channel, handler, resumed);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#listener.close();
    // The reads already asked are answered first: the pool, once ending, lends no connection and
    // leaves a read waiting for one unanswered.
    await this.#reads.drain();
    await this.#pool.end();
  }

  #open(call: string): void {
    this.#scope.assertOutside(call);
    if (this.#closed) throw new StoreUnavailableError('the server is stopping');
  }

  async #read<R>(call: string, read: () => Promise<R>): Promise<R> {
    this.#open(call);
    return read();
  }
}

/** One transaction on its own connection, usable only while its callback runs. */
class PostgresTransaction implements Transaction {
  readonly #client: BatchedConnection;
  readonly #readOnly: boolean;
  readonly #notifications: Array<[string, string]> = [];

  /** What the transaction notified, in order (delivered in process once it commits). */
  get notifications(): ReadonlyArray<readonly [string, string]> {
    return this.#notifications;
  }
  #over = false;
  /** PostgreSQL aborts a transaction at its first failed statement: it can then only roll back. */
  #failure: unknown;

  constructor(client: BatchedConnection, readOnly: boolean) {
    this.#client = client;
    this.#readOnly = readOnly;
  }

  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, options?: ReadOptions): Promise<T | undefined> {
    return this.#do(() => getRecord<T>(this.#client, collection, scope, id, this.#readOnly ? undefined : options));
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): Promise<T[]> {
    return this.#do(() => allRecords<T>(this.#client, collection, scope));
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
    return this.#do(() => pageRecords(this.#client, collection, scope, query));
  }

  count(collection: string, scope: string): Promise<number> {
    return this.#do(() => countRecords(this.#client, collection, scope));
  }

  scopes(collection: string): Promise<string[]> {
    return this.#do(() => scopesOf(this.#client, collection));
  }

  collections(): Promise<string[]> {
    return this.#do(() => collectionsOf(this.#client));
  }

  write(ops: AsyncWriteOp[]): Promise<void> {
    if (this.#readOnly) return Promise.reject(new Error('a read-only transaction takes no writes'));
    return this.#do(async () => applyOps(this.#client, checkOps(ops)));
  }

  notify(channel: string, payload = ''): void {
    this.#check();
    checkChannel(channel);
    this.#notifications.push([channel, payload]);
  }

  claim<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, request: ClaimRequest<T>): Promise<Claim<T>> {
    if (this.#readOnly) return Promise.reject(new Error('a read-only transaction takes no writes'));
    return this.#do(() => claimRecord(this.#client, collection, scope, id, request));
  }

  release(collection: string, scope: string, id: string, holder: string): Promise<void> {
    if (this.#readOnly) return Promise.reject(new Error('a read-only transaction takes no writes'));
    return this.#do(async () => releaseRecord(this.#client, collection, scope, id, holder));
  }

  end(): void {
    this.#over = true;
  }

  /** Before COMMIT: a failure the callback caught still fails the commit. */
  finish(): void {
    if (this.#failure !== undefined) throw this.#failure;
  }

  #check(): void {
    if (this.#over) throw new Error('the transaction is over: its callback has returned');
    if (this.#failure !== undefined) throw this.#failure;
  }

  async #do<R>(step: () => Promise<R>): Promise<R> {
    this.#check();
    try {
      return await step();
    } catch (error) {
      // An InvalidCursorError is the caller's mistake, found before any statement failed.
      if ((error as Error).name !== 'InvalidCursorError') this.#failure = error;
      throw error;
    }
  }
}
