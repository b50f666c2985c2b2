import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile, TextFile } from 'lowdb/node';
import { CHUNK_RECORDS, Partition, type CapturedChunk } from './partition.js';
import type { Page, PageQuery, Store, StoreStats, StoredRecord, WriteOp } from './store.js';

/**
 * The default Store: lowdb snapshot files, one per scope and collection, plus a journal.
 *
 * A write appends one JSON line to `journal.jsonl` and fsyncs it before it is acknowledged, so
 * its cost does not grow with the store (lowdb alone re-serialises a whole file on every write).
 * Compaction rewrites, through lowdb's atomic file writer, only the snapshot chunks that changed
 * (a chunk holds at most CHUNK_RECORDS records, in insertion order), mostly from the text the
 * journal line already holds, then drops the journal. Its cost follows what changed, never the
 * size of a collection. Replaying the journal over the snapshots is idempotent (every op carries a
 * whole record), which is what makes a crash at any point of a compaction safe.
 *
 * Layout of a data folder:
 *   journal.jsonl                  acknowledged writes since the last compaction
 *   journal.jsonl.compacting       the journal being folded into snapshots (present only mid-compaction)
 *   snapshots/<scope>/<collection>/<chunk>.json   {"version":1,"records":[...]}, one record per line
 *   snapshots/<scope>/<collection>.json           the single-file layout of earlier versions: read,
 *                                                 then replaced by chunks at the next compaction
 */
export class CorruptStoreError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`data file ${file} is corrupt (${detail}); the server will not start on it. Restore it from a backup or move it away.`);
    this.name = 'CorruptStoreError';
  }
}

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
}

interface Snapshot {
  version: 1;
  records: StoredRecord[];
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
const REPLAY_CHUNK = 4 * 1024 * 1024;
/** Append, create, and synchronous data writes (each write is durable when it returns). */
const JOURNAL_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;

function checkName(kind: string, value: string): void {
  if (!NAME.test(value)) throw new Error(`invalid ${kind} name ${JSON.stringify(value)}`);
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** lowdb's writer leaves `.<name>.tmp` behind when killed mid-write; the target is intact. */
async function removedTemp(file: string, name: string): Promise<boolean> {
  if (!(name.startsWith('.') && name.endsWith('.tmp'))) return false;
  await rm(file, { force: true });
  return true;
}

async function readSnapshot(file: string): Promise<StoredRecord[]> {
  let snapshot: Snapshot | null;
  try {
    const db = new Low<Snapshot | null>(new JSONFile<Snapshot | null>(file), null);
    await db.read();
    snapshot = db.data;
  } catch (error) {
    throw new CorruptStoreError(file, (error as Error).message);
  }
  if (!snapshot || snapshot.version !== 1 || !Array.isArray(snapshot.records)) {
    throw new CorruptStoreError(file, 'not a snapshot of this store');
  }
  for (const record of snapshot.records) {
    if (typeof record?.id !== 'string') throw new CorruptStoreError(file, 'record without id');
  }
  return snapshot.records;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

export class JournalStore implements Store {
  readonly #dir: string;
  readonly #options: Required<JournalStoreOptions>;
  readonly #partitions = new Map<string, Map<string, Partition>>();
  /** Partitions with dirty chunks, by `scope/collection`. */
  #dirty = new Set<string>();
  /** Partitions still in the single-file layout: their file goes once their chunks are written. */
  readonly #legacy = new Set<string>();
  #journal!: FileHandle;
  #journalBytes = 0;
  /** Bytes of each snapshot file on disk, by `scope/collection/chunk` (`scope/collection` for a single file). */
  readonly #snapshotBytes = new Map<string, number>();
  #snapshotTotal = 0;
  /** Bytes on disk of the chunks the next compaction rewrites. */
  #dirtyBytes = 0;
  #pending: PendingLine[] = [];
  #flushing: Promise<void> | undefined;
  #rotation: Promise<void> | undefined;
  #compacting: Promise<void> | undefined;
  /** Set while a compaction waits for the flush loop to stop: the loop ends after its current write. */
  #compactionWaiting = false;
  #failure: unknown;
  #closed = false;
  #compactions = 0;
  #lastCompactionAt: number | undefined;

  private constructor(dir: string, options: JournalStoreOptions) {
    this.#dir = dir;
    this.#options = {
      compactAfterBytes: options.compactAfterBytes ?? 32 * 1024 * 1024,
      chunkRecords: options.chunkRecords ?? CHUNK_RECORDS,
      onBackgroundError: options.onBackgroundError ?? (() => undefined),
    };
  }

  static async open(dir: string, options: JournalStoreOptions = {}): Promise<JournalStore> {
    const store = new JournalStore(dir, options);
    await store.#load();
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
    return {
      writable: !this.#closed && !this.#failure,
      records,
      journalBytes: this.#journalBytes,
      snapshotBytes: this.#snapshotTotal,
      compactions: this.#compactions,
      ...(this.#lastCompactionAt !== undefined ? { lastCompactionAt: this.#lastCompactionAt } : {}),
    };
  }

  write(ops: WriteOp[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('store is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
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
      const text = JSON.stringify(op.record) as string | undefined;
      const record = typeof text === 'string' ? (JSON.parse(text) as StoredRecord | null) : undefined;
      if (typeof record !== 'object' || record === null || record.id !== id) throw new Error(`record ${id} does not serialise to a JSON object with its id`);
      texts.push(text);
      records.push(record);
    }
    // Names passed checkName, so they need no escaping.
    const line = `{"t":${Date.now()},"ops":[${ops
      .map((op, i) =>
        op.op === 'put'
          ? `{"op":"put","collection":"${op.collection}","scope":"${op.scope}","record":${texts[i] as string}}`
          : `{"op":"delete","collection":"${op.collection}","scope":"${op.scope}","id":${JSON.stringify(op.id)}}`,
      )
      .join(',')}]}\n`;
    ops.forEach((op, i) => this.#apply(op.op === 'put' ? { ...op, record: records[i] as StoredRecord } : op, texts[i]));
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ line, resolve, reject });
      this.#flushing ??= this.#flush();
    });
  }

  /** Folds every write acknowledged before the call into the snapshots. */
  async compact(): Promise<void> {
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
    await this.#compacting;
    if (!this.#failure && this.#dirty.size > 0) await this.compact();
    this.#closed = true;
    await this.#journal.close();
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

  #apply(op: WriteOp, text?: string): void {
    const partition = this.#partition(op.collection, op.scope);
    const dirtied = op.op === 'put' ? partition.put(op.record, text) : partition.delete(op.id);
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
      // A rotation that failed left no journal to write to: the write below fails, and fails the store.
      if (this.#rotation) await this.#rotation.catch(() => undefined);
      const batch = this.#pending;
      this.#pending = [];
      const data = batch.map((p) => p.line).join('');
      try {
        // The journal is opened with O_DSYNC: the write returns once the data is on disk, as a
        // write then fdatasync did, in one system call and one trip to the thread pool.
        await this.#journal.write(data);
        this.#journalBytes += Buffer.byteLength(data);
        for (const p of batch) p.resolve();
        // Checked after every write, not when the queue runs dry: under steady load it never does.
        this.#compactIfDue();
      } catch (error) {
        // Memory now holds writes the disk may not: fail every later write (fail-stop); a
        // restart replays the journal, which is the truth.
        this.#failure = error;
        for (const p of [...batch, ...this.#pending]) p.reject(error);
        this.#pending = [];
      }
    }
    this.#flushing = undefined;
  }

  #compactIfDue(): void {
    const threshold = Math.max(this.#options.compactAfterBytes, this.#dirtyBytes);
    if (!this.#failure && this.#journalBytes >= threshold && !this.#compacting) {
      this.compact().catch(this.#options.onBackgroundError);
    }
  }

  async #openJournal(): Promise<void> {
    this.#journal = await open(join(this.#dir, JOURNAL), JOURNAL_FLAGS);
    this.#journalBytes = (await this.#journal.stat()).size;
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
    this.#dirty = new Set();
    this.#dirtyBytes = 0;
    try {
      // Rotate so writes go on (into a fresh journal) while the snapshots are written. Set
      // synchronously after the last flush, so no flush can run against the closing handle.
      this.#rotation = this.#rotate(rotated);
      if (this.#pending.length > 0) this.#flushing ??= this.#flush();
      try {
        await this.#rotation;
      } finally {
        this.#rotation = undefined;
      }
      const folders = new Set<string>();
      for (const { key, scope, collection, chunks } of captured) {
        if (chunks.length === 0) continue;
        const folder = join(this.#dir, 'snapshots', scope, collection);
        // Only a chunk with records needs the folder (a delete of an unknown id makes none).
        if (chunks.some((c) => c.entries.length > 0) && (await mkdir(folder, { recursive: true }))) {
          folders.add(join(this.#dir, 'snapshots', scope)).add(join(this.#dir, 'snapshots'));
        }
        folders.add(folder);
        for (const chunk of chunks) await this.#writeChunk(key, folder, chunk);
      }
      for (const folder of folders) if (!(await exists(folder))) folders.delete(folder);
      for (const folder of folders) await syncPath(folder);
      // The single file goes only once every chunk replacing it is durable.
      for (const { key, scope, collection, legacy } of captured) {
        if (!legacy) continue;
        await rm(join(this.#dir, 'snapshots', scope, `${collection}.json`), { force: true });
        this.#forgetSnapshot(key);
        this.#legacy.delete(key);
        await syncPath(join(this.#dir, 'snapshots', scope));
      }
      await rm(rotated, { force: true });
      await syncPath(this.#dir);
      this.#compactions += 1;
      this.#lastCompactionAt = Date.now();
    } catch (error) {
      for (const { key, partition, chunks } of captured) {
        partition.restoreDirty(chunks.map((c) => c.chunk));
        for (const { chunk } of chunks) this.#dirtyBytes += this.#snapshotBytes.get(`${key}/${chunk}`) ?? 0;
        this.#dirty.add(key);
      }
      throw error;
    }
  }

  async #rotate(rotated: string): Promise<void> {
    // A journal left by an interrupted compaction is still being folded: keep it, add to it nothing.
    if (await exists(rotated)) return;
    await this.#journal.close();
    await rename(join(this.#dir, JOURNAL), rotated);
    await this.#openJournal();
    await syncPath(this.#dir);
  }

  /** One chunk file through lowdb's atomic writer (temp file, then rename), fsynced; an emptied chunk is removed. */
  async #writeChunk(key: string, folder: string, { chunk, entries }: CapturedChunk): Promise<void> {
    const file = join(folder, `${chunk}.json`);
    if (entries.length === 0) {
      await rm(file, { force: true });
      this.#forgetSnapshot(`${key}/${chunk}`);
      return;
    }
    const records = entries.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))).join(',\n');
    const text = `{"version":1,"records":[\n${records}\n]}\n`;
    await new TextFile(file).write(text);
    // lowdb renames a temp file over the target but never fsyncs: the file now, its folder later.
    await syncPath(file);
    this.#countSnapshot(`${key}/${chunk}`, Buffer.byteLength(text));
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
    await mkdir(join(this.#dir, 'snapshots'), { recursive: true });
    await this.#loadSnapshots();
    const rotated = join(this.#dir, ROTATED);
    const hadRotated = await exists(rotated);
    if (hadRotated) await this.#replay(rotated);
    await this.#replay(join(this.#dir, JOURNAL));
    await this.#openJournal();
    // Replay marked what it touched dirty; an interrupted compaction is finished now.
    if (hadRotated) await this.compact();
  }

  async #loadSnapshots(): Promise<void> {
    const root = join(this.#dir, 'snapshots');
    for (const scope of await readdir(root)) {
      const folder = join(root, scope);
      if (!(await stat(folder)).isDirectory()) continue;
      if (!NAME.test(scope)) throw new CorruptStoreError(folder, 'unexpected folder name');
      const names = await readdir(folder, { withFileTypes: true });
      // A collection in the single-file layout first, then its chunks (newer, if both exist).
      for (const entry of names.filter((e) => e.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
        await this.#loadSingleFile(scope, join(folder, entry.name), entry.name);
      }
      for (const entry of names.filter((e) => e.isDirectory())) {
        if (!NAME.test(entry.name)) throw new CorruptStoreError(join(folder, entry.name), 'unexpected folder name');
        await this.#loadChunks(scope, entry.name, join(folder, entry.name));
      }
    }
  }

  async #loadSingleFile(scope: string, file: string, name: string): Promise<void> {
    if (await removedTemp(file, name)) return;
    if (!name.endsWith('.json')) return;
    const collection = name.slice(0, -'.json'.length);
    if (!NAME.test(collection)) throw new CorruptStoreError(file, 'unexpected file name');
    const key = `${scope}/${collection}`;
    const partition = this.#partition(collection, scope);
    const records = await readSnapshot(file);
    records.forEach((record, i) => partition.load(record, Math.floor(i / partition.chunkRecords)));
    partition.markAllDirty();
    this.#dirty.add(key);
    this.#legacy.add(key);
    this.#countSnapshot(key, (await stat(file)).size);
  }

  async #loadChunks(scope: string, collection: string, folder: string): Promise<void> {
    const key = `${scope}/${collection}`;
    const chunks: Array<{ chunk: number; file: string }> = [];
    for (const name of await readdir(folder)) {
      const file = join(folder, name);
      if (await removedTemp(file, name)) continue;
      const match = CHUNK_FILE.exec(name);
      if (!match) throw new CorruptStoreError(file, 'unexpected file name');
      chunks.push({ chunk: Number(match[1]), file });
    }
    const partition = this.#partition(collection, scope);
    for (const { chunk, file } of chunks.sort((a, b) => a.chunk - b.chunk)) {
      for (const record of await readSnapshot(file)) partition.load(record, chunk);
      this.#countSnapshot(`${key}/${chunk}`, (await stat(file)).size);
    }
    // A compaction cut short between two files can leave a record in two chunks: `load` marked them.
    if (partition.isDirty) this.#dirty.add(key);
  }

  async #replay(file: string): Promise<void> {
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    // Read in chunks, line by line: a journal can outgrow the longest string V8 makes (~512 MB),
    // which is what a large store accumulates between compactions (measured: 1M records).
    let whole = 0;
    let carry = Buffer.alloc(0);
    let lineNumber = 0;
    try {
      const buffer = Buffer.allocUnsafe(REPLAY_CHUNK);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        const chunk = carry.length ? Buffer.concat([carry, buffer.subarray(0, bytesRead)]) : buffer.subarray(0, bytesRead);
        let start = 0;
        for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
          lineNumber += 1;
          this.#replayLine(file, lineNumber, chunk.toString('utf8', start, newline));
          start = newline + 1;
        }
        whole += start;
        carry = Buffer.from(chunk.subarray(start));
      }
    } finally {
      await handle.close();
    }
    // Bytes after the last newline are a line cut short by a crash. It was never acknowledged
    // (acks follow the fsync of the whole line), so it is dropped.
    if (carry.length > 0) {
      const writable = await open(file, 'r+');
      await writable.truncate(whole);
      await writable.sync();
      await writable.close();
    }
  }

  #replayLine(file: string, lineNumber: number, line: string): void {
    let entry: { ops?: WriteOp[] };
    try {
      entry = JSON.parse(line) as { ops?: WriteOp[] };
      if (!Array.isArray(entry.ops)) throw new Error('entry without ops');
    } catch (error) {
      throw new CorruptStoreError(file, `line ${lineNumber}: ${(error as Error).message}`);
    }
    for (const op of entry.ops) this.#apply(op);
  }
}
