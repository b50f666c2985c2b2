import { checkChannel, type AsyncStore, type CommittedReader, type AsyncWriteOp, type Claim, type ClaimRequest, type ReadOptions, type Transaction, type TransactionOptions } from './async-store.js';
import { decideClaim, leaseKey, type Lease } from './claim.js';
import { checkOps } from './ops.js';
import type { Page, PageQuery, Store, StoreStats, StoredRecord } from './store.js';
import { TransactionOverlay } from './transaction-overlay.js';
import { TransactionScope } from './transaction-scope.js';

export interface FileAsyncStoreOptions {
  /** A listener that threw (it runs after the commit, outside the writer's call). */
  onError?: (error: unknown) => void;
}

/**
 * The file store behind the asynchronous contract. The store underneath is today's (journal and
 * snapshots, unchanged on disk), so everything proven about it stays proven; this adds only
 * transactions, which run one at a time: a transaction's reads see the store plus its own writes
 * (TransactionOverlay), and its batch is handed to the store in one call at commit, applied to
 * memory before the next transaction starts and acknowledged once durable. Locks (`forUpdate`)
 * are then implied; a `create` is checked against the view it is written into.
 *
 * What this does not serialise: writes made through the synchronous `Store` itself. A service
 * moves to this contract whole, never half (docs/decisions/async-store.md).
 */
export class FileAsyncStore implements AsyncStore {
  readonly #inner: Store;
  readonly #onError: (error: unknown) => void;
  readonly #scope = new TransactionScope(() => this.#waiting > 0);
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  /** Leases taken by `claim`: in memory, as the folder has one process (its lock), and leases end with it. */
  readonly #leases = new Map<string, Lease>();
  /** Settles when the last transaction queued has had its turn. */
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;

  /**
   * This process holds the folder (its lock) and makes every change to it, and a transaction's
   * writes reach memory at its commit: what memory holds now is what `get` and `count` would answer.
   */
  readonly committed: CommittedReader;

  constructor(inner: Store, options: FileAsyncStoreOptions = {}) {
    this.#inner = inner;
    this.#onError = options.onError ?? (() => undefined);
    const scope = this.#scope;
    this.committed = {
      get<T extends StoredRecord = StoredRecord>(collection: string, scopeName: string, id: string): T | undefined {
        scope.assertOutside('committed.get');
        return inner.get<T>(collection, scopeName, id);
      },
      count(collection: string, scopeName: string): number {
        scope.assertOutside('committed.count');
        return inner.count(collection, scopeName);
      },
    };
  }

  /** Transactions waiting for the one running to end (a figure for metrics, and for tests of waiting). */
  get waiting(): number {
    return this.#waiting;
  }

  // The hot reads answer a settled promise from memory: no async function, no second promise.
  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, _options?: ReadOptions): Promise<T | undefined> {
    const refused = this.#scope.refusal('get');
    return refused ? Promise.reject(refused) : Promise.resolve(this.#inner.get<T>(collection, scope, id));
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): Promise<T[]> {
    const refused = this.#scope.refusal('all');
    return refused ? Promise.reject(refused) : Promise.resolve(this.#inner.all<T>(collection, scope));
  }

  async page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
    this.#scope.assertOutside('page');
    return this.#inner.page(collection, scope, query);
  }

  count(collection: string, scope: string): Promise<number> {
    const refused = this.#scope.refusal('count');
    return refused ? Promise.reject(refused) : Promise.resolve(this.#inner.count(collection, scope));
  }

  async scopes(collection: string): Promise<string[]> {
    this.#scope.assertOutside('scopes');
    return this.#inner.scopes(collection);
  }

  async collections(): Promise<string[]> {
    this.#scope.assertOutside('collections');
    return this.#inner.collections();
  }

  async stats(): Promise<StoreStats> {
    return this.#inner.stats();
  }

  write(ops: AsyncWriteOp[]): Promise<void> {
    return this.transaction((tx) => tx.write(ops));
  }

  async transaction<R>(work: (tx: Transaction) => Promise<R>, options: TransactionOptions = {}): Promise<R> {
    this.#scope.assertOutside('transaction');
    const previous = this.#tail;
    let endTurn = () => undefined as void;
    this.#tail = new Promise<void>((resolve) => (endTurn = resolve));
    this.#waiting += 1;
    await previous;
    this.#waiting -= 1;
    let value: R;
    let durable: Promise<void> | undefined;
    let notifications: Array<[string, string]>;
    try {
      const tx = new FileTransaction(new TransactionOverlay(this.#inner), options.readOnly ?? false, this.#leases);
      try {
        value = await this.#scope.run(() => work(tx));
      } finally {
        tx.end();
      }
      const ops = tx.commit();
      notifications = tx.notifications;
      // Applied to memory in this call, so the next transaction reads it; acknowledged once durable.
      if (ops.length > 0) durable = this.#inner.write(ops);
      // A deleted record's lease ends with it, as a deleted row's does.
      for (const op of ops) if (op.op === 'delete') this.#leases.delete(leaseKey(op.collection, op.scope, op.id));
      for (const [key, lease] of tx.leases) {
        if (lease) this.#leases.set(key, lease);
        else this.#leases.delete(key);
      }
    } finally {
      endTurn();
    }
    await durable;
    for (const [channel, payload] of notifications) this.#dispatch(channel, payload);
    return value;
  }

  /** Never disconnected, so `resumed` is never called. */
  async listen(channel: string, handler: (payload: string) => void, _resumed?: () => void): Promise<() => Promise<void>> {
    checkChannel(channel);
    let handlers = this.#listeners.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#listeners.set(channel, handlers);
    }
    // The same function may listen twice: each listen is its own entry.
    const entry = (payload: string) => handler(payload);
    handlers.add(entry);
    return async () => {
      handlers.delete(entry);
    };
  }

  async close(): Promise<void> {
    await this.#tail;
    await this.#inner.close();
  }

  #dispatch(channel: string, payload: string): void {
    for (const handler of this.#listeners.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}

/** One file-store transaction: reads through the overlay, writes into it, usable only while its callback runs. */
class FileTransaction implements Transaction {
  readonly #overlay: TransactionOverlay;
  readonly #readOnly: boolean;
  readonly notifications: Array<[string, string]> = [];
  /** Lease changes, applied with the commit (undefined: released). */
  readonly leases = new Map<string, Lease | undefined>();
  readonly #committed: ReadonlyMap<string, Lease>;
  #over = false;
  /** A failed create ends the transaction, as PostgreSQL aborts one: it can no longer commit. */
  #failure: unknown;

  constructor(overlay: TransactionOverlay, readOnly: boolean, committed: ReadonlyMap<string, Lease>) {
    this.#overlay = overlay;
    this.#readOnly = readOnly;
    this.#committed = committed;
  }

  // Reads answer a settled promise, as the store's own do: inside a transaction the scope's promise
  // hooks run for every promise made, and an async function makes two where this makes one.
  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, _options?: ReadOptions): Promise<T | undefined> {
    const refused = this.#refusal();
    return refused === undefined ? Promise.resolve(this.#overlay.get<T>(collection, scope, id)) : Promise.reject(refused);
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): Promise<T[]> {
    const refused = this.#refusal();
    return refused === undefined ? Promise.resolve(this.#overlay.all<T>(collection, scope)) : Promise.reject(refused);
  }

  async page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
    this.#check();
    return this.#overlay.page(collection, scope, query);
  }

  count(collection: string, scope: string): Promise<number> {
    const refused = this.#refusal();
    return refused === undefined ? Promise.resolve(this.#overlay.count(collection, scope)) : Promise.reject(refused);
  }

  async scopes(collection: string): Promise<string[]> {
    this.#check();
    return this.#overlay.scopes(collection);
  }

  async collections(): Promise<string[]> {
    this.#check();
    return this.#overlay.collections();
  }

  write(ops: AsyncWriteOp[]): Promise<void> {
    const refused = this.#refusal();
    if (refused !== undefined) return Promise.reject(refused);
    if (this.#readOnly) return Promise.reject(new Error('a read-only transaction takes no writes'));
    try {
      this.#overlay.apply(checkOps(ops));
    } catch (error) {
      this.#failure = error;
      return Promise.reject(error);
    }
    return Promise.resolve();
  }

  notify(channel: string, payload = ''): void {
    this.#check();
    checkChannel(channel);
    this.notifications.push([channel, payload]);
  }

  async claim<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, request: ClaimRequest<T>): Promise<Claim<T>> {
    this.#checkWritable();
    const key = leaseKey(collection, scope, id);
    const record = this.#overlay.get<T>(collection, scope, id);
    if (!record) {
      this.leases.set(key, undefined);
      return { outcome: 'absent' };
    }
    const claim = decideClaim(record, this.#lease(key), request);
    // Without a lease the claim holds only as long as the transaction, which runs alone.
    if (claim.outcome === 'claimed' && request.until !== undefined) this.leases.set(key, { holder: request.holder, until: request.until });
    return claim;
  }

  async release(collection: string, scope: string, id: string, holder: string): Promise<void> {
    this.#checkWritable();
    const key = leaseKey(collection, scope, id);
    if (this.#lease(key)?.holder === holder) this.leases.set(key, undefined);
  }

  end(): void {
    this.#over = true;
  }

  /** The batch to write; throws if the transaction failed, even when its callback caught the error. */
  commit() {
    if (this.#failure !== undefined) throw this.#failure;
    return this.#overlay.ops();
  }

  #lease(key: string): Lease | undefined {
    return this.leases.has(key) ? this.leases.get(key) : this.#committed.get(key);
  }

  #checkWritable(): void {
    this.#check();
    if (this.#readOnly) throw new Error('a read-only transaction takes no writes');
  }

  #check(): void {
    const refused = this.#refusal();
    if (refused !== undefined) throw refused;
  }

  /** Why this transaction takes no more calls, or undefined while it does. */
  #refusal(): unknown {
    if (this.#over) return new Error('the transaction is over: its callback has returned');
    return this.#failure;
  }
}
