import type { Page, Store, StoredRecord } from './store/index.js';

/** What code still on the synchronous store meets on PostgreSQL, naming what it reached for. */
export class NotConvertedError extends Error {
  constructor(readonly what: string) {
    super(`not converted yet: ${what} (this code reads ctx.store, which a server on PostgreSQL does not have; issue 37 moves it to ctx.db)`);
    this.name = 'NotConvertedError';
  }
}

/**
 * `ctx.store` of a server on PostgreSQL while the domains move to `ctx.db` (issue 37): every call
 * throws, so code not yet converted fails loudly, naming the collection, instead of reading a
 * store that holds nothing. It goes once no module reads `ctx.store`.
 */
export class UnconvertedStore implements Store {
  get<T extends StoredRecord = StoredRecord>(collection: string): T | undefined {
    throw new NotConvertedError(collection);
  }

  all<T extends StoredRecord = StoredRecord>(collection: string): T[] {
    throw new NotConvertedError(collection);
  }

  page<T extends StoredRecord>(collection: string): Page<T> {
    throw new NotConvertedError(collection);
  }

  count(collection: string): number {
    throw new NotConvertedError(collection);
  }

  scopes(collection: string): string[] {
    throw new NotConvertedError(collection);
  }

  collections(): string[] {
    throw new NotConvertedError('every collection');
  }

  stats(): ReturnType<Store['stats']> {
    throw new NotConvertedError('the store figures');
  }

  write(ops: Parameters<Store['write']>[0]): Promise<void> {
    return Promise.reject(new NotConvertedError([...new Set(ops.map((op) => op.collection))].join(', ') || 'an empty write'));
  }

  compact(): Promise<void> {
    return Promise.reject(new NotConvertedError('compaction'));
  }

  /** Nothing to release: the database is `ctx.db`'s. */
  async close(): Promise<void> {}
}
