import type { Page, PageQuery, Store, StoreStats, StoredRecord, WriteOp } from './store.js';

/**
 * A Store that tells `committed` about every batch once it is durable; everything else passes
 * through. The server's one after-commit hook (compose.ts): the job runner is woken for the jobs
 * a batch put, whichever module wrote it.
 */
export class ObservedStore implements Store {
  constructor(
    readonly inner: Store,
    readonly committed: (ops: readonly WriteOp[]) => void,
  ) {}

  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string): T | undefined {
    return this.inner.get<T>(collection, scope, id);
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): T[] {
    return this.inner.all<T>(collection, scope);
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Page<T> {
    return this.inner.page(collection, scope, query);
  }

  count(collection: string, scope: string): number {
    return this.inner.count(collection, scope);
  }

  scopes(collection: string): string[] {
    return this.inner.scopes(collection);
  }

  collections(): string[] {
    return this.inner.collections();
  }

  stats(): StoreStats {
    return this.inner.stats();
  }

  async write(ops: WriteOp[]): Promise<void> {
    await this.inner.write(ops);
    this.committed(ops);
  }

  compact(): Promise<void> {
    return this.inner.compact();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
