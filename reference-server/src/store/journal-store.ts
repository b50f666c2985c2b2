import { dirname, join } from 'node:path';
import { nodeFileSystem, type StoreFileSystem } from './file-system.js';
import { JournalAppender } from './journal-appender.js';
import { replayJournal } from './journal-file.js';
import { encodeBatch, parseJournalLine } from './journal-line.js';
import { getOrMake } from './two-level-map.js';
import { CHUNK_RECORDS, Partition } from './partition.js';
import { SnapshotFolder } from './snapshot-folder.js';
import { StoreUnavailableError, type Page, type PageQuery, type Store, type StoreStats, type StoredRecord, type WriteOp } from './store.js';

export { CorruptStoreError } from './snapshot-file.js';

/**
 * The default Store: lowdb snapshot files, one per scope and collection, plus a journal.
 *
 * A write appends one JSON line to `journal.jsonl` and syncs it before it is acknowledged, so
 * its cost does not grow with the store (lowdb alone re-serialises a whole file on every write).
 * Compaction rewrites, through lowdb with a durable adapter (snapshot-folder.ts, snapshot-file.ts), only the snapshot
 * chunks that changed (a chunk holds at most CHUNK_RECORDS records, in insertion order), mostly
 * from the text the journal line already holds, then drops the journal. Its cost follows what
 * changed, never the size of a collection. Every line carries a sequence number and every record
 * its insertion number, so replaying a journal over snapshots that already hold some of it
 * changes nothing (partition.ts): that is what makes a crash or power cut at any point of a
 * compaction safe. Every file operation goes through a StoreFileSystem, so tests can cut power
 * under it and fill its disk.
 *
 * Layout of a data folder:
 *   journal.jsonl                  acknowledged writes since the last compaction
 *   journal.jsonl.compacting       the journal being folded into snapshots (present only mid-compaction)
 *   snapshots/<scope>/<collection>/<chunk>.json   {"version":2,"ins":[...],"records":[...]}, one record per line
 *   snapshots/<scope>/<collection>.json           the single-file layout of earlier versions: read,
 *                                                 then replaced by chunks at the next compaction
 */
export interface JournalStoreOptions {
  /**
   * Compact once the journal passes this many bytes (default 32 MiB), or the size on disk of the
   * chunks it would rewrite if that is larger: updates scattered over old records dirty whole
   * chunks, and letting the journal grow in step keeps the rewriting per acknowledged byte bounded.
   */
  compactAfterBytes?: number;
  /** Records per snapshot chunk (default CHUNK_RECORDS); small values let tests cross chunk edges often. */
  chunkRecords?: number;
  /** Called when a background compaction fails; the journal keeps every write meanwhile. */
  onBackgroundError?: (error: unknown) => void;
  /** The files under the store (default: the real disk). */
  fs?: StoreFileSystem;
  /**
   * Reads the folder as a restart would and writes nothing (no torn line cut, no compaction):
   * what a failed store serves reads from while the disk cannot take writes.
   */
  readOnly?: boolean;
}

const JOURNAL = 'journal.jsonl';
const ROTATED = 'journal.jsonl.compacting';
export class JournalStore implements Store {
  readonly #dir: string;
  readonly #fs: StoreFileSystem;
  readonly #readOnly: boolean;
  readonly #options: Required<Omit<JournalStoreOptions, 'fs' | 'readOnly'>>;
  readonly #partitions = new Map<string, Map<string, Partition>>();
  readonly #newPartition = (): Partition => new Partition(this.#options.chunkRecords);
  /** Partitions with dirty chunks, by `scope/collection`. */
  #dirty = new Set<string>();
  readonly #snapshots: SnapshotFolder;
  readonly #journal: JournalAppender;
  /** Number of the last op written (ops are numbered in journal order; a line carries its first op's). */
  #seq = 0;
  /** Bytes on disk of the chunks the next compaction rewrites. */
  #dirtyBytes = 0;
  #compacting: Promise<void> | undefined;
  /** After a failed background compaction, the next waits until the journal reaches this size. */
  #compactionRetryBytes = 0;
  #closed = false;
  #compactions = 0;
  #lastCompactionAt: number | undefined;

  private constructor(dir: string, options: JournalStoreOptions) {
    this.#dir = dir;
    this.#fs = options.fs ?? nodeFileSystem;
    this.#readOnly = options.readOnly ?? false;
    this.#options = {
      compactAfterBytes: options.compactAfterBytes ?? 32 * 1024 * 1024,
      chunkRecords: options.chunkRecords ?? CHUNK_RECORDS,
      onBackgroundError: options.onBackgroundError ?? (() => undefined),
    };
    this.#snapshots = new SnapshotFolder(this.#fs, dir, this.#readOnly);
    this.#journal = new JournalAppender(this.#fs, dir, JOURNAL, () => this.#compactIfDue());
  }

  static async open(dir: string, options: JournalStoreOptions = {}): Promise<JournalStore> {
    const store = new JournalStore(dir, options);
    try {
      await store.#load();
    } catch (error) {
      await store.#journal.close().catch(() => undefined);
      throw error;
    }
    return store;
  }

  get<T extends StoredRecord = StoredRecord>(collection: string, scope: string, id: string): T | undefined {
    return this.#partitions.get(collection)?.get(scope)?.get(id) as T | undefined;
  }

  all<T extends StoredRecord = StoredRecord>(collection: string, scope: string): T[] {
    return (this.#partitions.get(collection)?.get(scope)?.all() ?? []) as T[];
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Page<T> {
    const partition = this.#partitions.get(collection)?.get(scope);
    if (!partition) return query.after === undefined ? { items: [] } : new Partition().page(query);
    return partition.page(query);
  }

  count(collection: string, scope: string): number {
    return this.#partitions.get(collection)?.get(scope)?.size ?? 0;
  }

  scopes(collection: string): string[] {
    return [...(this.#partitions.get(collection)?.entries() ?? [])].filter(([, p]) => p.size > 0).map(([scope]) => scope);
  }

  collections(): string[] {
    return [...this.#partitions.keys()].filter((collection) => this.scopes(collection).length > 0);
  }

  stats(): StoreStats {
    let records = 0;
    for (const byScope of this.#partitions.values()) for (const partition of byScope.values()) records += partition.size;
    const unavailable = this.#unavailable();
    return {
      writable: unavailable === undefined,
      ...(unavailable ? { unavailable: unavailable.reason } : {}),
      records,
      journalBytes: this.#journal.bytes,
      snapshotBytes: this.#snapshots.total,
      compactions: this.#compactions,
      ...(this.#lastCompactionAt !== undefined ? { lastCompactionAt: this.#lastCompactionAt } : {}),
    };
  }

  write(ops: WriteOp[]): Promise<void> {
    const unavailable = this.#unavailable();
    if (unavailable) return Promise.reject(unavailable);
    const first = this.#seq + 1;
    const { line, texts, records } = encodeBatch(ops, first);
    this.#seq += ops.length;
    ops.forEach((op, i) => this.#apply(op.op === 'put' ? { ...op, record: records[i] as StoredRecord } : op, first + i, texts[i]));
    return this.#journal.append(line);
  }

  /** Folds every write acknowledged before the call into the snapshots. */
  async compact(): Promise<void> {
    if (this.#readOnly) return;
    // A compaction already running covers only what was dirty when it started: let it finish, then run.
    if (this.#compacting) await this.#compacting.catch(() => undefined);
    this.#compacting ??= this.#compact().finally(() => {
      this.#compacting = undefined;
    });
    return this.#compacting;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#journal.settled();
    await this.#compacting?.catch(() => undefined);
    try {
      // A compaction that fails here loses nothing: the journal keeps every write for the next start.
      if (!this.#journal.failure && !this.#readOnly && this.#dirty.size > 0) await this.compact();
    } finally {
      this.#closed = true;
      await this.#journal.close();
    }
  }

  #unavailable(): StoreUnavailableError | undefined {
    if (this.#journal.failure) return this.#journal.failure;
    if (this.#closed) return new StoreUnavailableError('the server is stopping');
    if (this.#readOnly) return new StoreUnavailableError('the store is open for reading only');
    return undefined;
  }

  // ---- in memory -------------------------------------------------------------------------

  #partition(collection: string, scope: string): Partition {
    return getOrMake(this.#partitions, collection, scope, this.#newPartition);
  }

  /** Applies one op, numbered `n` (the insertion number of a record it puts new). */
  #apply(op: WriteOp, n: number, text?: string): void {
    const partition = this.#partition(op.collection, op.scope);
    const dirtied = op.op === 'put' ? partition.put(op.record, n, text) : partition.delete(op.id, n);
    const key = `${op.scope}/${op.collection}`;
    this.#dirty.add(key);
    if (dirtied !== undefined) this.#dirtyBytes += this.#snapshots.bytesOf(`${key}/${dirtied}`);
  }

  // ---- compaction ------------------------------------------------------------------------

  #compactIfDue(): void {
    const threshold = Math.max(this.#options.compactAfterBytes, this.#dirtyBytes, this.#compactionRetryBytes);
    if (!this.#journal.failure && this.#journal.bytes >= threshold && !this.#compacting) {
      this.compact().catch((error: unknown) => {
        // Not again at every write while the disk refuses: after the journal grows by another eighth.
        this.#compactionRetryBytes = this.#journal.bytes + Math.max(64 * 1024, this.#options.compactAfterBytes / 8);
        this.#options.onBackgroundError(error);
      });
    }
  }

  async #compact(): Promise<void> {
    // After a failed journal write memory holds writes the disk may not: never fold them in.
    if (this.#journal.failure) throw this.#journal.failure;
    // The flush loop stops after its current write; lines still queued go into the new journal.
    await this.#journal.pause();
    if (this.#journal.failure) throw this.#journal.failure;
    // What the snapshots will hold is taken now, in the same turn as the rotation starts: the
    // writes in the journal being rotated, and those queued for the next journal write (which
    // replays them again, harmlessly). Later writes dirty their chunks for the next compaction.
    const captured = [...this.#dirty].map((key) => {
      const [scope, collection] = key.split('/') as [string, string];
      const partition = this.#partitions.get(collection)?.get(scope) as Partition;
      return { key, scope, collection, partition, chunks: partition.capture() };
    });
    const queuedDurable = this.#journal.lastLine;
    this.#dirty = new Set();
    this.#dirtyBytes = 0;
    try {
      // Rotate so writes go on (into a fresh journal) while the snapshots are written, in the
      // same turn as the pause ended, so no flush can run against the closing handle.
      await this.#journal.rotate(ROTATED);
      // A snapshot must never hold a line that is not durable in a journal: the queued lines it
      // captured are written first. (A chunk holding a line the journal lost would show part of an
      // unacknowledged batch after a power cut.)
      if (!(await queuedDurable)) throw this.#journal.failure ?? new Error('a captured write failed');
      await this.#snapshots.write(captured);
      await this.#fs.remove(join(this.#dir, ROTATED));
      await this.#fs.syncDirectory(this.#dir);
      this.#compactions += 1;
      this.#lastCompactionAt = Date.now();
      this.#compactionRetryBytes = 0;
    } catch (error) {
      for (const { key, partition, chunks } of captured) {
        partition.restoreDirty(chunks.map((c) => c.chunk));
        for (const { chunk } of chunks) this.#dirtyBytes += this.#snapshots.bytesOf(`${key}/${chunk}`);
        this.#dirty.add(key);
      }
      throw error;
    }
  }

  // ---- start-up --------------------------------------------------------------------------

  async #load(): Promise<void> {
    const snapshots = join(this.#dir, 'snapshots');
    if (!this.#readOnly) {
      await this.#fs.makeDirectory(snapshots);
      // The folder may be new (and what was written into it before the store opened, such as the
      // master key): its entries, and its own entry in its parent, are made durable once here.
      await this.#fs.syncDirectory(this.#dir);
      await this.#fs.syncDirectory(dirname(this.#dir)).catch(() => undefined);
    }
    await this.#snapshots.load((collection, scope) => this.#partition(collection, scope), (key) => this.#dirty.add(key));
    for (const byScope of this.#partitions.values()) for (const partition of byScope.values()) this.#seq = Math.max(this.#seq, partition.lastIns);
    const rotated = join(this.#dir, ROTATED);
    const hadRotated = (await this.#fs.stat(rotated)) !== undefined;
    if (hadRotated) await this.#replay(rotated);
    await this.#replay(join(this.#dir, JOURNAL));
    for (const [collection, byScope] of this.#partitions) {
      for (const [scope, partition] of byScope) {
        partition.settle();
        if (partition.isDirty) this.#dirty.add(`${scope}/${collection}`);
      }
    }
    if (this.#readOnly) return;
    await this.#journal.open();
    // Replay marked what it touched dirty; an interrupted compaction is finished now.
    if (hadRotated) await this.compact();
  }

  #replay(file: string): Promise<void> {
    return replayJournal(this.#fs, file, this.#readOnly, (line, lineNumber) => this.#replayLine(file, lineNumber, line));
  }

  #replayLine(file: string, lineNumber: number, line: string): void {
    const { first: numbered, ops } = parseJournalLine(file, lineNumber, line);
    // Lines of earlier versions carry no numbers: their ops are numbered as they are read.
    const first = numbered ?? this.#seq + 1;
    this.#seq = Math.max(this.#seq, first + ops.length - 1);
    ops.forEach((op, i) => this.#apply(op, first + i));
  }
}
