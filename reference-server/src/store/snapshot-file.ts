import { basename, dirname, join } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { readText, writeAll, type StoreFileSystem } from './file-system.js';
import type { StoredRecord } from './store.js';

/**
 * A snapshot file: `{"version":2,"ins":[…],"records":[…]}`, one record per line, `ins[i]` being
 * the insertion number of `records[i]` (partition.ts says why records carry one). Version 1
 * (chunks and single files of earlier versions) has no `ins`; its records are numbered by place.
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

export interface SnapshotContent {
  records: StoredRecord[];
  /** Insertion numbers, one per record; undefined in a version 1 file. */
  ins: number[] | undefined;
}

/**
 * A lowdb adapter that is durable where lowdb's own writer is not: it writes a temp file, syncs
 * it, and only then renames it over the target. lowdb's writer renames first and never syncs, so
 * a power cut after its rename (and before anyone syncs) can leave an empty or partial file under
 * the real name. The folder is synced by the caller once a compaction has renamed all its files;
 * until then the journal that the files replace is kept.
 *
 * The temp file keeps lowdb's name (`.<name>.tmp`), so start-up removes one a crash left behind.
 */
export class SnapshotFile implements Adapter<string> {
  readonly #fs: StoreFileSystem;
  readonly #path: string;

  constructor(fs: StoreFileSystem, path: string) {
    this.#fs = fs;
    this.#path = path;
  }

  read(): Promise<string | null> {
    return readText(this.#fs, this.#path);
  }

  async write(text: string): Promise<void> {
    const temp = join(dirname(this.#path), `.${basename(this.#path)}.tmp`);
    const file = await this.#fs.open(temp, 'replace');
    try {
      await writeAll(file, Buffer.from(text, 'utf8'));
      await file.sync();
    } catch (error) {
      // On a full disk the half-written temp file holds space the journal may need.
      await file.close().catch(() => undefined);
      await this.#fs.remove(temp).catch(() => undefined);
      throw error;
    }
    await file.close();
    await this.#fs.rename(temp, this.#path);
  }
}

/** lowdb's writer, and ours, leave `.<name>.tmp` behind when cut short; the target is intact. */
export const isTempFile = (name: string): boolean => name.startsWith('.') && name.endsWith('.tmp');

/** Reads a snapshot file through lowdb, checking it is one of this store's. */
export async function readSnapshot(fs: StoreFileSystem, file: string): Promise<SnapshotContent> {
  let snapshot: { version?: unknown; records?: unknown; ins?: unknown } | null;
  try {
    const db = new Low<string>(new SnapshotFile(fs, file), '');
    await db.read();
    snapshot = db.data === '' ? null : (JSON.parse(db.data) as typeof snapshot);
  } catch (error) {
    throw new CorruptStoreError(file, (error as Error).message);
  }
  if (!snapshot || (snapshot.version !== 1 && snapshot.version !== 2) || !Array.isArray(snapshot.records)) {
    throw new CorruptStoreError(file, 'not a snapshot of this store');
  }
  const records = snapshot.records as StoredRecord[];
  for (const record of records) {
    if (typeof record?.id !== 'string') throw new CorruptStoreError(file, 'record without id');
  }
  if (snapshot.version === 1) return { records, ins: undefined };
  const ins = snapshot.ins;
  if (!Array.isArray(ins) || ins.length !== records.length || !ins.every((n) => Number.isSafeInteger(n) && n > 0)) {
    throw new CorruptStoreError(file, 'insertion numbers missing or not one per record');
  }
  return { records, ins: ins as number[] };
}

/** Writes a chunk durably (through lowdb, with SnapshotFile) from records or their journal text; returns its size. */
export async function writeSnapshot(fs: StoreFileSystem, file: string, ins: number[], entries: Array<string | StoredRecord>): Promise<number> {
  const records = entries.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))).join(',\n');
  const text = `{"version":2,"ins":[${ins.join(',')}],"records":[\n${records}\n]}\n`;
  await new Low<string>(new SnapshotFile(fs, file), text).write();
  return Buffer.byteLength(text);
}
