import { dirname, join } from 'node:path';
import { nodeFileSystem, writeAll, type StoreFile, type StoreFileSystem } from './file-system.js';
import { readJournalLines } from './journal-file.js';
import { CHUNK_RECORDS, Partition, type CapturedChunk } from './partition.js';
import { CorruptStoreError, isTempFile, readSnapshot, writeSnapshot } from './snapshot-file.js';
import { describeDiskError, StoreUnavailableError, type Page, type PageQuery, type Store, type StoreStats, type StoredRecord, type WriteOp } from './store.js';

export { CorruptStoreError } from './snapshot-file.js';

/**
 * The default Store: lowdb snapshot files, one per scope and collection, plus a journal.
 *
 * A write appends one JSON line to `journal.jsonl` and syncs it before it is acknowledged, so
 * its cost does not grow with the store (lowdb alone re-serialises a whole file on every write).
 * Compaction rewrites, through lowdb with a durable adapter (snapshot-file.ts), only the snapshot
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

interface PendingLine {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const NAME = /^[A-Za-z0-9_-]{1,128}$/;
const CHUNK_FILE = /^(\d{1,9})\.json$/;
const JOURNAL = 'journal.jsonl';
const ROTATED = 'journal.jsonl.compacting';
/** Version 1 files have no insertion numbers: chunk k's i-th record gets k × STRIDE + i + 1 (a chunk holds far fewer). */
const V1_STRIDE = 2 ** 20;

function checkName(kind: string, value: string): void {
  if (!NAME.test(value)) throw new Error(`invalid ${kind} name ${JSON.stringify(value)}`);
}

export class JournalStore implements Store {
  readonly #dir: string;
  readonly #fs: StoreFileSystem;
  readonly #readOnly: boolean;
  readonly #options: Required<Omit<JournalStoreOptions, 'fs' | 'readOnly'>>;
  readonly #partitions = new Map<string, Map<string, Partition>>();
  /** Partitions with dirty chunks, by `scope/collection`. */
  #dirty = new Set<string>();
  /** Partitions still in the single-file layout: their file goes once their chunks are written. */
  readonly #legacy = new Set<string>();
  #journal: StoreFile | undefined;
  /** Bytes of whole lines in the journal: where a failed append is cut back to. */
  #journalBytes = 0;
  /** Number of the last op written (ops are numbered in journal order; a line carries its first op's). */
  #seq = 0;
  /** Bytes of each snapshot file on disk, by `scope/collection/chunk` (`scope/collection` for a single file). */
  readonly #snapshotBytes = new Map<string, number>();
  #snapshotTotal = 0;
  /** Bytes on disk of the chunks the next compaction rewrites. */
  #dirtyBytes = 0;
  #pending: PendingLine[] = [];
  /** Settles when the last line handed to `write` is durable (or failed); never rejects. */
  #lastLine: Promise<boolean> = Promise.resolve(true);
  #flushing: Promise<void> | undefined;
  #rotation: Promise<void> | undefined;
  #compacting: Promise<void> | undefined;
  /** Set while a compaction waits for the flush loop to stop: the loop ends after its current write. */
  #compactionWaiting = false;
  /** After a failed background compaction, the next waits until the journal reaches this size. */
  #compactionRetryBytes = 0;
  #failure: StoreUnavailableError | undefined;
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
  }

  static async open(dir: string, options: JournalStoreOptions = {}): Promise<JournalStore> {
    const store = new JournalStore(dir, options);
    try {
      await store.#load();
    } catch (error) {
      await store.#journal?.close().catch(() => undefined);
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
      journalBytes: this.#journalBytes,
      snapshotBytes: this.#snapshotTotal,
      compactions: this.#compactions,
      ...(this.#lastCompactionAt !== undefined ? { lastCompactionAt: this.#lastCompactionAt } : {}),
    };
  }

  write(ops: WriteOp[]): Promise<void> {
    const unavailable = this.#unavailable();
    if (unavailable) return Promise.reject(unavailable);
    // Serialise and read back every record before anything is applied, so a batch that cannot be
    // stored reaches neither memory nor the journal. Each record is serialised once: its text goes
    // into the journal line, is kept for the compaction that writes its chunk, and is read back
    // into memory (the caller keeps no reference into the store, memory holds exactly what a
    // restart would replay, and one parse costs about half of cloning the record).
    const texts: Array<string | undefined> = [];
    const records: Array<StoredRecord | undefined> = [];
    for (const op of ops) {
      checkName('collection', op.collection);
      checkName('scope', op.scope);
      if (op.op === 'delete') {
        if (typeof op.id !== 'string' || op.id === '') throw new Error('delete without id');
        texts.push(undefined);
        records.push(undefined);
        continue;
      }
      const id: unknown = op.record?.id;
      if (typeof id !== 'string' || id === '') throw new Error('record without id');
      if (op.text !== undefined) {
        // Checked by a transaction (ops.ts): `record` is its text read back, referenced by no caller.
        texts.push(op.text);
        records.push(op.record);
        continue;
      }
      const text = JSON.stringify(op.record) as string | undefined;
      const record = typeof text === 'string' ? (JSON.parse(text) as StoredRecord | null) : undefined;
      if (typeof record !== 'object' || record === null || record.id !== id) throw new Error(`record ${id} does not serialise to a JSON object with its id`);
      texts.push(text);
      records.push(record);
    }
    // Every op gets its own number; the line carries its first one.
    const first = this.#seq + 1;
    this.#seq += ops.length;
    // Names passed checkName, so they need no escaping.
    const line = `{"t":${Date.now()},"s":${first},"ops":[${ops
      .map((op, i) =>
        op.op === 'put'
          ? `{"op":"put","collection":"${op.collection}","scope":"${op.scope}","record":${texts[i] as string}}`
          : `{"op":"delete","collection":"${op.collection}","scope":"${op.scope}","id":${JSON.stringify(op.id)}}`,
      )
      .join(',')}]}\n`;
    ops.forEach((op, i) => this.#apply(op.op === 'put' ? { ...op, record: records[i] as StoredRecord } : op, first + i, texts[i]));
    const written = new Promise<void>((resolve, reject) => {
      this.#pending.push({ line, resolve, reject });
      this.#flushing ??= this.#flush();
    });
    this.#lastLine = written.then(
      () => true,
      () => false,
    );
    return written;
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
    await this.#flushing;
    await this.#compacting?.catch(() => undefined);
    try {
      // A compaction that fails here loses nothing: the journal keeps every write for the next start.
      if (!this.#failure && !this.#readOnly && this.#dirty.size > 0) await this.compact();
    } finally {
      this.#closed = true;
      await this.#journal?.close();
    }
  }

  #unavailable(): StoreUnavailableError | undefined {
    if (this.#failure) return this.#failure;
    if (this.#closed) return new StoreUnavailableError('the server is stopping');
    if (this.#readOnly) return new StoreUnavailableError('the store is open for reading only');
    return undefined;
  }

  // ---- in memory -------------------------------------------------------------------------

  #partition(collection: string, scope: string): Partition {
    let byScope = this.#partitions.get(collection);
    if (!byScope) {
      byScope = new Map();
      this.#partitions.set(collection, byScope);
    }
    let partition = byScope.get(scope);
    if (!partition) {
      partition = new Partition(this.#options.chunkRecords);
      byScope.set(scope, partition);
    }
    return partition;
  }

  /** Applies one op, numbered `n` (the insertion number of a record it puts new). */
  #apply(op: WriteOp, n: number, text?: string): void {
    const partition = this.#partition(op.collection, op.scope);
    const dirtied = op.op === 'put' ? partition.put(op.record, n, text) : partition.delete(op.id, n);
    const key = `${op.scope}/${op.collection}`;
    this.#dirty.add(key);
    if (dirtied !== undefined) this.#dirtyBytes += this.#snapshotBytes.get(`${key}/${dirtied}`) ?? 0;
  }

  // ---- journal ---------------------------------------------------------------------------

  /**
   * Group commit: each journal write waits for the rest of the event loop's turn before it starts
   * (the other requests already read in that turn write too, and share its device flush: one
   * O_DSYNC write costs about the same CPU for one line as for sixty), and every line queued while
   * a write runs goes out in the next one.
   */
  async #flush(): Promise<void> {
    // Never settles synchronously: the caller stores this promise in #flushing before it ends.
    const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (await endOfTurn(); this.#pending.length > 0 && !this.#compactionWaiting; await endOfTurn()) {
      if (this.#rotation) await this.#rotation.catch(() => undefined);
      const batch = this.#pending;
      this.#pending = [];
      if (this.#failure) {
        for (const p of batch) p.reject(this.#failure);
        continue;
      }
      const data = Buffer.from(batch.map((p) => p.line).join(''), 'utf8');
      try {
        await writeAll(this.#journal as StoreFile, data);
      } catch (error) {
        await this.#failAppend(error, batch);
        continue;
      }
      this.#journalBytes += data.length;
      for (const p of batch) p.resolve();
      // Checked after every write, not when the queue runs dry: under steady load it never does.
      this.#compactIfDue();
    }
    this.#flushing = undefined;
  }

  /**
   * A journal append failed (a full disk, an I/O error), perhaps after writing part of its lines.
   * Memory already holds those lines and the disk may not: the store refuses every later write
   * (fail-stop; a reopen reads the disk, which is the truth). First the journal is cut back to its
   * last whole line, so no torn or unacknowledged line stays behind to be replayed.
   */
  async #failAppend(error: unknown, batch: PendingLine[]): Promise<void> {
    this.#fail(error);
    for (const p of [...batch, ...this.#pending]) p.reject(this.#failure);
    this.#pending = [];
    try {
      await this.#journal?.truncate(this.#journalBytes);
      await this.#journal?.sync();
    } catch {
      // Replay drops a torn last line anyway; whole lines of the failed batch may then come back,
      // whole: a write answered with an error that did happen, never half of one.
    }
  }

  #fail(error: unknown): void {
    this.#failure ??= error instanceof StoreUnavailableError ? error : new StoreUnavailableError(describeDiskError(error), 5, { cause: error });
  }

  #compactIfDue(): void {
    const threshold = Math.max(this.#options.compactAfterBytes, this.#dirtyBytes, this.#compactionRetryBytes);
    if (!this.#failure && this.#journalBytes >= threshold && !this.#compacting) {
      this.compact().catch((error: unknown) => {
        // Not again at every write while the disk refuses: after the journal grows by another eighth.
        this.#compactionRetryBytes = this.#journalBytes + Math.max(64 * 1024, this.#options.compactAfterBytes / 8);
        this.#options.onBackgroundError(error);
      });
    }
  }

  async #openJournal(): Promise<void> {
    const path = join(this.#dir, JOURNAL);
    const created = !(await this.#fs.stat(path));
    this.#journal = await this.#fs.open(path, 'journal');
    this.#journalBytes = await this.#journal.size();
    // A journal just created exists after a power cut only once its folder entry is durable.
    if (created) await this.#fs.syncDirectory(this.#dir);
  }

  // ---- compaction ------------------------------------------------------------------------

  async #compact(): Promise<void> {
    // After a failed journal write memory holds writes the disk may not: never fold them in.
    if (this.#failure) throw this.#failure;
    // The flush loop stops after its current write (under steady load it would never run dry),
    // and the lines still queued wait for the rotation, then go into the new journal.
    this.#compactionWaiting = true;
    try {
      while (this.#flushing) await this.#flushing;
    } finally {
      this.#compactionWaiting = false;
    }
    if (this.#failure) throw this.#failure;
    const rotated = join(this.#dir, ROTATED);
    // What the snapshots will hold is taken now, in the same turn as the rotation starts: the
    // writes in the journal being rotated, and those queued for the next journal write (which
    // replays them again, harmlessly). Later writes dirty their chunks for the next compaction.
    const captured = [...this.#dirty].map((key) => {
      const [scope, collection] = key.split('/') as [string, string];
      const partition = this.#partitions.get(collection)?.get(scope) as Partition;
      return { key, scope, collection, partition, legacy: this.#legacy.has(key), chunks: partition.capture() };
    });
    const queuedDurable = this.#lastLine;
    this.#dirty = new Set();
    this.#dirtyBytes = 0;
    try {
      // Rotate so writes go on (into a fresh journal) while the snapshots are written. Set
      // synchronously after the last flush, so no flush can run against the closing handle.
      this.#rotation = this.#rotate(rotated);
      if (this.#pending.length > 0) this.#flushing ??= this.#flush();
      try {
        await this.#rotation;
      } catch (error) {
        // No journal to write to: fail the store rather than leave writes waiting on it.
        this.#fail(error);
        throw this.#failure;
      } finally {
        this.#rotation = undefined;
      }
      // A snapshot must never hold a line that is not durable in a journal: the queued lines it
      // captured are written first. (A chunk holding a line the journal lost would show part of an
      // unacknowledged batch after a power cut.)
      if (!(await queuedDurable)) throw this.#failure ?? new Error('a captured write failed');
      await this.#writeCaptured(captured);
      await this.#fs.remove(rotated);
      await this.#fs.syncDirectory(this.#dir);
      this.#compactions += 1;
      this.#lastCompactionAt = Date.now();
      this.#compactionRetryBytes = 0;
    } catch (error) {
      for (const { key, partition, chunks } of captured) {
        partition.restoreDirty(chunks.map((c) => c.chunk));
        for (const { chunk } of chunks) this.#dirtyBytes += this.#snapshotBytes.get(`${key}/${chunk}`) ?? 0;
        this.#dirty.add(key);
      }
      throw error;
    }
  }

  /** Writes the captured chunks and syncs their folders; single files they replace go last. */
  async #writeCaptured(captured: Array<{ key: string; scope: string; collection: string; legacy: boolean; chunks: CapturedChunk[] }>): Promise<void> {
    const folders = new Set<string>();
    for (const { key, scope, collection, chunks } of captured) {
      if (chunks.length === 0) continue;
      const folder = join(this.#dir, 'snapshots', scope, collection);
      // Only a chunk with records needs the folder (a delete of an unknown id makes none).
      if (chunks.some((c) => c.entries.length > 0) && (await this.#fs.makeDirectory(folder))) {
        folders.add(join(this.#dir, 'snapshots', scope)).add(join(this.#dir, 'snapshots'));
      }
      folders.add(folder);
      for (const chunk of chunks) await this.#writeChunk(key, folder, chunk);
    }
    for (const folder of folders) if (!(await this.#fs.stat(folder))) folders.delete(folder);
    // Deepest first: a folder's entry in its parent is made durable after its own entries.
    for (const folder of [...folders].sort((a, b) => b.length - a.length)) await this.#fs.syncDirectory(folder);
    // The single file goes only once every chunk replacing it is durable.
    for (const { key, scope, collection, legacy } of captured) {
      if (!legacy) continue;
      await this.#fs.remove(join(this.#dir, 'snapshots', scope, `${collection}.json`));
      this.#forgetSnapshot(key);
      this.#legacy.delete(key);
      await this.#fs.syncDirectory(join(this.#dir, 'snapshots', scope));
    }
  }

  async #rotate(rotated: string): Promise<void> {
    // A journal left by an interrupted compaction is still being folded: keep it, add to it nothing.
    if (await this.#fs.stat(rotated)) return;
    await this.#journal?.close();
    this.#journal = undefined;
    await this.#fs.rename(join(this.#dir, JOURNAL), rotated);
    await this.#openJournal();
    await this.#fs.syncDirectory(this.#dir);
  }

  /** One chunk file, durable before it replaces the old one; an emptied chunk is removed. */
  async #writeChunk(key: string, folder: string, { chunk, ins, entries }: CapturedChunk): Promise<void> {
    const file = join(folder, `${chunk}.json`);
    if (entries.length === 0) {
      await this.#fs.remove(file);
      this.#forgetSnapshot(`${key}/${chunk}`);
      return;
    }
    this.#countSnapshot(`${key}/${chunk}`, await writeSnapshot(this.#fs, file, ins, entries));
  }

  #countSnapshot(key: string, bytes: number): void {
    this.#snapshotTotal += bytes - (this.#snapshotBytes.get(key) ?? 0);
    this.#snapshotBytes.set(key, bytes);
  }

  /** A snapshot file removed from disk. */
  #forgetSnapshot(key: string): void {
    this.#snapshotTotal -= this.#snapshotBytes.get(key) ?? 0;
    this.#snapshotBytes.delete(key);
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
    if (await this.#fs.stat(snapshots)) await this.#loadSnapshots();
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
    await this.#openJournal();
    // Replay marked what it touched dirty; an interrupted compaction is finished now.
    if (hadRotated) await this.compact();
  }

  async #loadSnapshots(): Promise<void> {
    const root = join(this.#dir, 'snapshots');
    for (const scopeEntry of await this.#fs.list(root)) {
      if (!scopeEntry.directory) continue;
      const scope = scopeEntry.name;
      const folder = join(root, scope);
      if (!NAME.test(scope)) throw new CorruptStoreError(folder, 'unexpected folder name');
      const names = await this.#fs.list(folder);
      // A collection in the single-file layout first, then its chunks (newer, if both exist).
      for (const entry of names.filter((e) => !e.directory).sort((a, b) => a.name.localeCompare(b.name))) {
        await this.#loadSingleFile(scope, join(folder, entry.name), entry.name);
      }
      for (const entry of names.filter((e) => e.directory)) {
        if (!NAME.test(entry.name)) throw new CorruptStoreError(join(folder, entry.name), 'unexpected folder name');
        await this.#loadChunks(scope, entry.name, join(folder, entry.name));
      }
    }
  }

  /** lowdb's writer, and ours, leave `.<name>.tmp` behind when cut short; the target is intact. */
  async #removedTemp(file: string, name: string): Promise<boolean> {
    if (!isTempFile(name)) return false;
    if (!this.#readOnly) await this.#fs.remove(file);
    return true;
  }

  async #loadSingleFile(scope: string, file: string, name: string): Promise<void> {
    if (await this.#removedTemp(file, name)) return;
    if (!name.endsWith('.json')) return;
    const collection = name.slice(0, -'.json'.length);
    if (!NAME.test(collection)) throw new CorruptStoreError(file, 'unexpected file name');
    const key = `${scope}/${collection}`;
    const partition = this.#partition(collection, scope);
    const { records } = await readSnapshot(this.#fs, file);
    records.forEach((record, i) => partition.load(record, Math.floor(i / partition.chunkRecords), i + 1));
    partition.markAllDirty();
    this.#dirty.add(key);
    this.#legacy.add(key);
    this.#countSnapshot(key, (await this.#fs.stat(file))?.size ?? 0);
  }

  async #loadChunks(scope: string, collection: string, folder: string): Promise<void> {
    const key = `${scope}/${collection}`;
    const chunks: Array<{ chunk: number; file: string }> = [];
    for (const { name } of await this.#fs.list(folder)) {
      const file = join(folder, name);
      if (await this.#removedTemp(file, name)) continue;
      const match = CHUNK_FILE.exec(name);
      if (!match) throw new CorruptStoreError(file, 'unexpected file name');
      chunks.push({ chunk: Number(match[1]), file });
    }
    const partition = this.#partition(collection, scope);
    for (const { chunk, file } of chunks.sort((a, b) => a.chunk - b.chunk)) {
      const { records, ins } = await readSnapshot(this.#fs, file);
      // A version 1 chunk is numbered by place and rewritten with its numbers at the next compaction.
      if (!ins) partition.restoreDirty([chunk]);
      records.forEach((record, i) => partition.load(record, chunk, ins?.[i] ?? chunk * V1_STRIDE + i + 1));
      this.#countSnapshot(`${key}/${chunk}`, (await this.#fs.stat(file))?.size ?? 0);
    }
    // A compaction cut short between two files can leave a record in two chunks: `load` marked them.
    if (partition.isDirty) this.#dirty.add(key);
  }

  async #replay(file: string): Promise<void> {
    const whole = await readJournalLines(this.#fs, file, (line, lineNumber) => this.#replayLine(file, lineNumber, line));
    if (whole === undefined || this.#readOnly) return;
    // Bytes after the last newline are a line cut short by a crash. It was never acknowledged
    // (acks follow the sync of the whole line), so it is dropped.
    const size = (await this.#fs.stat(file))?.size ?? 0;
    if (size > whole) {
      const writable = await this.#fs.open(file, 'journal');
      try {
        await writable.truncate(whole);
        await writable.sync();
      } finally {
        await writable.close();
      }
    }
  }

  #replayLine(file: string, lineNumber: number, line: string): void {
    let entry: { s?: unknown; ops?: WriteOp[] };
    try {
      entry = JSON.parse(line) as { s?: unknown; ops?: WriteOp[] };
      if (!Array.isArray(entry.ops)) throw new Error('entry without ops');
      if (entry.s !== undefined && !(Number.isSafeInteger(entry.s) && (entry.s as number) > 0)) throw new Error('sequence number is not a positive integer');
    } catch (error) {
      throw new CorruptStoreError(file, `line ${lineNumber}: ${(error as Error).message}`);
    }
    // Lines of earlier versions carry no numbers: their ops are numbered as they are read.
    const first = typeof entry.s === 'number' ? entry.s : this.#seq + 1;
    this.#seq = Math.max(this.#seq, first + entry.ops.length - 1);
    entry.ops.forEach((op, i) => this.#apply(op, first + i));
  }
}
