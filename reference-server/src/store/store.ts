/**
 * The persistence contract every surface writes through.
 *
 * Records live in collections, and each collection is split by scope: an organisation id for
 * tenant data, or GLOBAL for what belongs to no organisation (credentials, OAuth clients, users).
 * Splitting by scope keeps one tenant's reads and snapshot files apart from another's.
 *
 * `write` applies its operations to the in-memory view synchronously — so a service that reads,
 * decides and calls `write` within one tick is atomic with respect to other requests — and its
 * promise resolves only once the batch is durable on disk. A batch is all-or-nothing across
 * collections: an outbox event written with the change that caused it survives or vanishes with it.
 */
export const GLOBAL = '_global';

export interface StoredRecord {
  id: string;
}

export type WriteOp =
  /**
   * `text`: the record's JSON text, when the writer has serialised it and read it back already (a
   * file-store transaction's checked op, its names checked too): `record` is then that reading, held by no caller, and
   * the journal store takes both as they are instead of serialising and parsing the record again.
   */
  | { op: 'put'; collection: string; scope: string; record: StoredRecord; text?: string }
  | { op: 'delete'; collection: string; scope: string; id: string };

export interface PageQuery<T> {
  /** Continue after this id (exclusive), in the direction of the page. */
  after?: string;
  limit: number;
  /** Newest first when true (the default); insertion order otherwise. */
  newestFirst?: boolean;
  filter?: (record: T) => boolean;
  /** Stop scanning after this many non-matching records (bounds the cost of a filtered page). */
  maxScan?: number;
}

export interface Page<T> {
  items: T[];
  /** Id of the last item returned when more may follow, otherwise undefined. */
  next?: string;
}

export interface Store {
  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string): T | undefined;
  /** Every record of a scope, in insertion order. Cost grows with the scope's size: prefer `page`. */
  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): T[];
  /** A page of a scope; its cost grows with the page (and `maxScan`), never with the scope. */
  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Page<T>;
  count(collection: string, scope: string): number;
  /** Scopes that hold at least one record of the collection. */
  scopes(collection: string): string[];
  /** Collections that hold at least one record (backups walk them). */
  collections(): string[];
  /** Figures for the operator's metrics and readiness. */
  stats(): StoreStats;
  write(ops: WriteOp[]): Promise<void>;
  /** Rewrites the snapshots of everything changed since the last compaction and empties the journal. */
  compact(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreStats {
  /** False once a write failed to reach the disk (the store then refuses every write) or it was closed. */
  writable: boolean;
  /** Why writes are refused, when they are. */
  unavailable?: string;
  records: number;
  journalBytes: number;
  snapshotBytes: number;
  compactions: number;
  /** Epoch ms of the last finished compaction, if any since start. */
  lastCompactionAt?: number;
}

export const put = <T extends StoredRecord>(collection: string, scope: string, record: T): WriteOp => ({
  op: 'put',
  collection,
  scope,
  record,
});

export const del = (collection: string, scope: string, id: string): WriteOp => ({
  op: 'delete',
  collection,
  scope,
  id,
});

/**
 * A write refused because the disk cannot take it now (full, failing, or the store closing):
 * nothing of the batch was acknowledged, and the surfaces answer 503 with `Retry-After`. Reads go on.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds = 5,
    options?: { cause?: unknown },
  ) {
    super(`the store takes no writes now: ${reason}`, options);
    this.name = 'StoreUnavailableError';
  }
}

/** What a failed file operation means, in words an operator acts on. */
export function describeDiskError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return `the data folder's disk is full (${code})`;
  if (code === 'EIO') return 'the data folder\'s disk failed a write (EIO)';
  if (code === 'EROFS') return 'the data folder\'s disk is read-only (EROFS)';
  return `a write to the data folder failed (${code ?? (error as Error | undefined)?.message ?? String(error)})`;
}
