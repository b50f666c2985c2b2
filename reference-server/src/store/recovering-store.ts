import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { writeAll, type StoreFileSystem } from './file-system.js';
import { describeDiskError, StoreUnavailableError, type Page, type PageQuery, type Store, type StoreStats, type StoredRecord, type WriteOp } from './store.js';

export interface RecoveringStoreOptions {
  dir: string;
  fs: StoreFileSystem;
  clock: Clock;
  log: Logger;
  /** Opens the folder's store again, as a restart would (read-only: writes nothing). */
  reopen(readOnly: boolean): Promise<Store>;
  /** First wait before trying the disk again; doubles up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** What a probe writes before the store is reopened: enough that a disk with only crumbs left says no. */
const PROBE_BYTES = 256 * 1024;
const PROBE_FILE = '.disk-probe.tmp';

/**
 * The store the server uses: the folder's store, reopened in-process when its disk failed it.
 *
 * A store whose journal write failed (a full disk, an I/O error) refuses every later write: its
 * memory holds writes the disk may not (fail-stop, as PostgreSQL does after a failed WAL write).
 * This wrapper then answers writes with StoreUnavailableError (the surfaces' 503 with
 * `Retry-After`), serves reads from the folder as a restart would read it (so nothing that was
 * refused is shown), and tries the disk again with backoff: once a probe file can be written and
 * synced, it reopens the store from disk and takes writes again. No restart is needed.
 */
export class RecoveringStore implements Store {
  readonly #options: Required<RecoveringStoreOptions>;
  #current: Store;
  #reason: string | undefined;
  #recovering: Promise<void> | undefined;
  #cancelWait: (() => void) | undefined;
  #wake: (() => void) | undefined;
  #closed = false;
  #listeners: Array<() => void> = [];
  /** The wait before the next probe of the disk: what Retry-After tells clients. */
  #retryInMs: number;

  constructor(store: Store, options: RecoveringStoreOptions) {
    this.#current = store;
    this.#options = { firstRetryMs: 1000, maxRetryMs: 30_000, ...options };
    this.#retryInMs = this.#options.firstRetryMs;
  }

  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string): T | undefined {
    return this.#current.get<T>(collection, scope, id);
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): T[] {
    return this.#current.all<T>(collection, scope);
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Page<T> {
    return this.#current.page(collection, scope, query);
  }

  count(collection: string, scope: string): number {
    return this.#current.count(collection, scope);
  }

  scopes(collection: string): string[] {
    return this.#current.scopes(collection);
  }

  collections(): string[] {
    return this.#current.collections();
  }

  stats(): StoreStats {
    const stats = this.#current.stats();
    if (this.#reason === undefined) return stats;
    return { ...stats, writable: false, unavailable: this.#reason };
  }

  async write(ops: WriteOp[]): Promise<void> {
    if (this.#reason !== undefined) throw new StoreUnavailableError(this.#reason, this.#retryAfterSeconds());
    try {
      await this.#current.write(ops);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || this.#closed) throw error;
      this.#recover(error.reason);
      // Retry-After says when the disk is next tried, not the store's own guess.
      throw new StoreUnavailableError(error.reason, this.#retryAfterSeconds(), { cause: error });
    }
  }

  compact(): Promise<void> {
    return this.#current.compact();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelWait?.();
    this.#wake?.();
    await this.#recovering;
    await this.#current.close();
  }

  /** Resolves once the store takes writes (at once when it does). */
  whenWritable(): Promise<void> {
    if (this.#reason === undefined && this.#current.stats().writable) return Promise.resolve();
    return new Promise((resolve) => this.#listeners.push(resolve));
  }

  #retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.#retryInMs / 1000));
  }

  #recover(reason: string): void {
    if (this.#recovering) return;
    this.#reason = reason;
    this.#retryInMs = this.#options.firstRetryMs;
    this.#options.log.error({ reason }, 'the store refuses writes until the disk takes them again; reads go on');
    this.#recovering = this.#recoverLoop().finally(() => {
      this.#recovering = undefined;
    });
  }

  async #recoverLoop(): Promise<void> {
    const failed = this.#current;
    await failed.close().catch(() => undefined);
    try {
      // Reads from what the disk holds, not from memory that holds writes the disk refused.
      this.#current = await this.#options.reopen(true);
    } catch (error) {
      this.#options.log.error({ err: error }, 'could not read the data folder again; reads are served from memory meanwhile');
    }
    for (let delay = this.#options.firstRetryMs; !this.#closed; delay = Math.min(delay * 2, this.#options.maxRetryMs)) {
      await this.#wait(delay);
      if (this.#closed) return;
      try {
        await this.#probe();
        const reopened = await this.#options.reopen(false);
        const readOnly = this.#current;
        this.#current = reopened;
        this.#reason = undefined;
        await readOnly.close().catch(() => undefined);
        this.#options.log.info('the disk takes writes again; the store was reopened from it');
        for (const listener of this.#listeners.splice(0)) listener();
        return;
      } catch (error) {
        this.#reason = describeDiskError(error);
        this.#options.log.warn({ reason: this.#reason, retryInMs: Math.min(delay * 2, this.#options.maxRetryMs) }, 'the disk still refuses writes');
      }
    }
  }

  #wait(ms: number): Promise<void> {
    this.#retryInMs = ms;
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#cancelWait = this.#options.clock.schedule(ms, resolve);
    });
  }

  /** Writes, syncs and removes a small file: the disk takes writes again only if this passes. */
  async #probe(): Promise<void> {
    const path = join(this.#options.dir, PROBE_FILE);
    const file = await this.#options.fs.open(path, 'replace');
    try {
      await writeAll(file, Buffer.alloc(PROBE_BYTES));
      await file.sync();
    } finally {
      await file.close().catch(() => undefined);
      await this.#options.fs.remove(path).catch(() => undefined);
    }
  }
}
