import type { AsyncStore, AsyncWriteOp, CommittedReader, Claim, ClaimRequest, Page, PageQuery, ReadOptions, StoreStats, StoredRecord, Transaction, TransactionOptions } from '../store/index.js';
import type { JobQueue, QueuedJob } from './queue.js';


/** The channel on which a transaction that wrote a job wakes every server's job runner. */
export const JOBS_CHANNEL = 'jobs';

/** A notification's job: its collection (the wire between servers names no queue object), scope and id. */
export interface WakeUp {
  collection: string;
  scope: string;
  id: string;
}

/** A wake-up's payload: the job's collection, scope and id (ids are short; PostgreSQL allows 8,000 bytes). */
const payloadOf = (wake: WakeUp) => JSON.stringify([wake.collection, wake.scope, wake.id]);

/** The job a payload names, or undefined for one this version does not read. */
export function parseWakeUp(payload: string): WakeUp | undefined {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (Array.isArray(parsed) && parsed.length === 3 && parsed.every((part) => typeof part === 'string')) {
      const [collection, scope, id] = parsed as [string, string, string];
      return { collection, scope, id };
    }
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

/**
 * The store every module writes through, which wakes the job runners: a transaction that puts (or
 * creates) a record in a job collection sends `JOBS_CHANNEL` a notification naming it, inside that
 * transaction, so it leaves only if the write commits and reaches every server listening (on
 * PostgreSQL, the writing server in process at the commit and the others through NOTIFY; on the
 * file store, in process after the commit). Writers need not
 * know about it, whether they write in a transaction or one batch.
 */
export class WakingStore implements AsyncStore {
  readonly #db: AsyncStore;
  readonly #queues: readonly JobQueue[];
  readonly #deleted: (jobs: QueuedJob[]) => void;

  readonly committed: CommittedReader | undefined;

  /** `queues` are the job queues (job-queues.ts); `deleted` hears, once a transaction commits, of the job records it deleted (JobRunner.jobsDeleted). */
  constructor(db: AsyncStore, queues: readonly JobQueue[], deleted: (jobs: QueuedJob[]) => void = () => undefined) {
    this.#db = db;
    this.#queues = queues;
    this.#deleted = deleted;
    // Reads wake nobody: the store's own view, when it has one, is this one's.
    this.committed = db.committed;
  }

  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, options?: ReadOptions): Promise<T | undefined> {
    return this.#db.get<T>(collection, scope, id, options);
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): Promise<T[]> {
    return this.#db.all<T>(collection, scope);
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
    return this.#db.page(collection, scope, query);
  }

  count(collection: string, scope: string): Promise<number> {
    return this.#db.count(collection, scope);
  }

  scopes(collection: string): Promise<string[]> {
    return this.#db.scopes(collection);
  }

  collections(): Promise<string[]> {
    return this.#db.collections();
  }

  write(ops: AsyncWriteOp[]): Promise<void> {
    return this.transaction((tx) => tx.write(ops));
  }

  async transaction<R>(work: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R> {
    const deleted: QueuedJob[] = [];
    const value = await this.#db.transaction((tx) => work(new WakingTransaction(tx, this.#queues, deleted)), options);
    if (deleted.length > 0) this.#deleted(deleted);
    return value;
  }

  listen(channel: string, handler: (payload: string) => void, resumed?: () => void): Promise<() => Promise<void>> {
    return this.#db.listen(channel, handler, resumed);
  }

  stats(): Promise<StoreStats> {
    return this.#db.stats();
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}

class WakingTransaction implements Transaction {
  readonly #tx: Transaction;
  readonly #queues: readonly JobQueue[];
  readonly #deleted: QueuedJob[];

  constructor(tx: Transaction, queues: readonly JobQueue[], deleted: QueuedJob[]) {
    this.#tx = tx;
    this.#queues = queues;
    this.#deleted = deleted;
  }

  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, options?: ReadOptions): Promise<T | undefined> {
    return this.#tx.get<T>(collection, scope, id, options);
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): Promise<T[]> {
    return this.#tx.all<T>(collection, scope);
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
    return this.#tx.page(collection, scope, query);
  }

  count(collection: string, scope: string): Promise<number> {
    return this.#tx.count(collection, scope);
  }

  scopes(collection: string): Promise<string[]> {
    return this.#tx.scopes(collection);
  }

  collections(): Promise<string[]> {
    return this.#tx.collections();
  }

  async write(ops: AsyncWriteOp[]): Promise<void> {
    await this.#tx.write(ops);
    for (const op of ops) {
      const queue = this.#queues.find((q) => q.holds(op.collection));
      if (!queue) continue;
      if (op.op === 'delete') this.#deleted.push({ queue, scope: op.scope, id: op.id });
      else this.#tx.notify(JOBS_CHANNEL, payloadOf({ collection: op.collection, scope: op.scope, id: op.op === 'increment' ? op.id : op.record.id }));
    }
  }

  notify(channel: string, payload?: string): void {
    this.#tx.notify(channel, payload);
  }

  claim<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string, request: ClaimRequest<T>): Promise<Claim<T>> {
    return this.#tx.claim(collection, scope, id, request);
  }

  release(collection: string, scope: string, id: string, holder: string): Promise<void> {
    return this.#tx.release(collection, scope, id, holder);
  }
}
