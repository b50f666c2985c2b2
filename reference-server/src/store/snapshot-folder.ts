import { join } from 'node:path';
import type { StoreFileSystem } from './file-system.js';
import { NAME } from './journal-line.js';
import type { CapturedChunk, Partition } from './partition.js';
import { CorruptStoreError, isTempFile, readSnapshot, writeSnapshot } from './snapshot-file.js';

const CHUNK_FILE = /^(\d{1,9})\.json$/;
/** Version 1 files have no insertion numbers: chunk k's i-th record gets k × STRIDE + i + 1 (a chunk holds far fewer). */
const V1_STRIDE = 2 ** 20;

/** What a compaction took of one partition: the chunks it writes, keyed `scope/collection`. */
export interface CapturedPartition {
  key: string;
  scope: string;
  collection: string;
  chunks: CapturedChunk[];
}

/**
 * The `snapshots/` folder of a journal store: reads its chunks (and the single files of earlier
 * versions) into partitions at start-up, writes the chunks a compaction captured, and keeps the
 * bytes of each file on disk (what the next compaction of a chunk rewrites, and the store's stats).
 */
export class SnapshotFolder {
  readonly #fs: StoreFileSystem;
  readonly #root: string;
  readonly #readOnly: boolean;
  /** Bytes of each snapshot file on disk, by `scope/collection/chunk` (`scope/collection` for a single file). */
  readonly #bytes = new Map<string, number>();
  #total = 0;
  /** Partitions still in the single-file layout: their file goes once their chunks are written. */
  readonly #legacy = new Set<string>();

  constructor(fs: StoreFileSystem, dir: string, readOnly: boolean) {
    this.#fs = fs;
    this.#root = join(dir, 'snapshots');
    this.#readOnly = readOnly;
  }

  /** Bytes of every snapshot file on disk. */
  get total(): number {
    return this.#total;
  }

  /** Bytes on disk of one chunk (`scope/collection/chunk`), 0 when it has no file yet. */
  bytesOf(chunkKey: string): number {
    return this.#bytes.get(chunkKey) ?? 0;
  }

  /**
   * Loads every snapshot into the partition `partitionOf` gives; `dirtied` hears of each
   * partition the next compaction must rewrite (a single file, a version 1 chunk, a record in two chunks).
   */
  async load(partitionOf: (collection: string, scope: string) => Partition, dirtied: (key: string) => void): Promise<void> {
    if (!(await this.#fs.stat(this.#root))) return;
    for (const scopeEntry of await this.#fs.list(this.#root)) {
      if (!scopeEntry.directory) continue;
      const scope = scopeEntry.name;
      const folder = join(this.#root, scope);
      if (!NAME.test(scope)) throw new CorruptStoreError(folder, 'unexpected folder name');
      const names = await this.#fs.list(folder);
      // A collection in the single-file layout first, then its chunks (newer, if both exist).
      for (const entry of names.filter((e) => !e.directory).sort((a, b) => a.name.localeCompare(b.name))) {
        const collection = await this.#loadSingleFile(partitionOf, scope, join(folder, entry.name), entry.name);
        if (collection !== undefined) dirtied(`${scope}/${collection}`);
      }
      for (const entry of names.filter((e) => e.directory)) {
        if (!NAME.test(entry.name)) throw new CorruptStoreError(join(folder, entry.name), 'unexpected folder name');
        const partition = partitionOf(entry.name, scope);
        await this.#loadChunks(partition, `${scope}/${entry.name}`, join(folder, entry.name));
        // A compaction cut short between two files can leave a record in two chunks: `load` marked them.
        if (partition.isDirty) dirtied(`${scope}/${entry.name}`);
      }
    }
  }

  /** Writes the captured chunks and syncs their folders; single files they replace go last. */
  async write(captured: readonly CapturedPartition[]): Promise<void> {
    const folders = new Set<string>();
    for (const { key, scope, collection, chunks } of captured) {
      if (chunks.length === 0) continue;
      const folder = join(this.#root, scope, collection);
      // Only a chunk with records needs the folder (a delete of an unknown id makes none).
      if (chunks.some((c) => c.entries.length > 0) && (await this.#fs.makeDirectory(folder))) {
        folders.add(join(this.#root, scope)).add(this.#root);
      }
      folders.add(folder);
      for (const chunk of chunks) await this.#writeChunk(key, folder, chunk);
    }
    for (const folder of folders) if (!(await this.#fs.stat(folder))) folders.delete(folder);
    // Deepest first: a folder's entry in its parent is made durable after its own entries.
    for (const folder of [...folders].sort((a, b) => b.length - a.length)) await this.#fs.syncDirectory(folder);
    // The single file goes only once every chunk replacing it is durable.
    for (const { key, scope, collection } of captured) {
      if (!this.#legacy.has(key)) continue;
      await this.#fs.remove(join(this.#root, scope, `${collection}.json`));
      this.#forget(key);
      this.#legacy.delete(key);
      await this.#fs.syncDirectory(join(this.#root, scope));
    }
  }

  /** One chunk file, durable before it replaces the old one; an emptied chunk is removed. */
  async #writeChunk(key: string, folder: string, { chunk, ins, entries }: CapturedChunk): Promise<void> {
    const file = join(folder, `${chunk}.json`);
    if (entries.length === 0) {
      await this.#fs.remove(file);
      this.#forget(`${key}/${chunk}`);
      return;
    }
    this.#count(`${key}/${chunk}`, await writeSnapshot(this.#fs, file, ins, entries));
  }

  #count(key: string, bytes: number): void {
    this.#total += bytes - (this.#bytes.get(key) ?? 0);
    this.#bytes.set(key, bytes);
  }

  /** A snapshot file removed from disk. */
  #forget(key: string): void {
    this.#total -= this.#bytes.get(key) ?? 0;
    this.#bytes.delete(key);
  }

  /** lowdb's writer, and ours, leave `.<name>.tmp` behind when cut short; the target is intact. */
  async #removedTemp(file: string, name: string): Promise<boolean> {
    if (!isTempFile(name)) return false;
    if (!this.#readOnly) await this.#fs.remove(file);
    return true;
  }

  /** A collection in the single-file layout: every chunk of it dirty, so the next compaction writes them. Returns the collection. */
  async #loadSingleFile(partitionOf: (collection: string, scope: string) => Partition, scope: string, file: string, name: string): Promise<string | undefined> {
    if (await this.#removedTemp(file, name)) return undefined;
    if (!name.endsWith('.json')) return undefined;
    const collection = name.slice(0, -'.json'.length);
    if (!NAME.test(collection)) throw new CorruptStoreError(file, 'unexpected file name');
    const key = `${scope}/${collection}`;
    const partition = partitionOf(collection, scope);
    const { records } = await readSnapshot(this.#fs, file);
    records.forEach((record, i) => partition.load(record, Math.floor(i / partition.chunkRecords), i + 1));
    partition.markAllDirty();
    this.#legacy.add(key);
    this.#count(key, (await this.#fs.stat(file))?.size ?? 0);
    return collection;
  }

  async #loadChunks(partition: Partition, key: string, folder: string): Promise<void> {
    const chunks: Array<{ chunk: number; file: string }> = [];
    for (const { name } of await this.#fs.list(folder)) {
      const file = join(folder, name);
      if (await this.#removedTemp(file, name)) continue;
      const match = CHUNK_FILE.exec(name);
      if (!match) throw new CorruptStoreError(file, 'unexpected file name');
      chunks.push({ chunk: Number(match[1]), file });
    }
    for (const { chunk, file } of chunks.sort((a, b) => a.chunk - b.chunk)) {
      const { records, ins } = await readSnapshot(this.#fs, file);
      // A version 1 chunk is numbered by place and rewritten with its numbers at the next compaction.
      if (!ins) partition.restoreDirty([chunk]);
      records.forEach((record, i) => partition.load(record, chunk, ins?.[i] ?? chunk * V1_STRIDE + i + 1));
      this.#count(`${key}/${chunk}`, (await this.#fs.stat(file))?.size ?? 0);
    }
  }
}
