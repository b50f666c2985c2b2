import type { Page, PageQuery, StoredRecord } from './store.js';

export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`unknown cursor ${JSON.stringify(cursor)}`);
    this.name = 'InvalidCursorError';
  }
}

/** Records per snapshot chunk by default: a compaction rewrites whole chunks, never a whole collection. */
export const CHUNK_RECORDS = 512;

/** A dirty chunk's records as they were when captured: serialised text where the write left it, else the record. */
export interface CapturedChunk {
  chunk: number;
  entries: Array<string | StoredRecord>;
}

/**
 * One collection of one scope in memory: records by id plus their insertion order, so a page
 * starts at a known position and never scans what comes before it.
 *
 * The order is cut into numbered chunks of at most `chunkRecords` insertions, one snapshot file
 * each. A record stays in the chunk it was first put into until it is deleted (the number is the
 * file's name, so it must not move), and the partition remembers which chunks changed since they
 * were last captured, with the text the journal already serialised for each changed record: a
 * compaction then writes only those chunks, mostly without serialising anything again.
 */
export class Partition {
  readonly #records = new Map<string, StoredRecord>();
  #order: (string | null)[] = [];
  #position = new Map<string, number>();
  /** Where each chunk starts in #order; chunk k is [#chunkStart[k], #chunkStart[k + 1]). Empty chunks repeat a start. */
  #chunkStart: number[] = [0];
  #dirty = new Set<number>();
  #text = new Map<string, string>();

  constructor(readonly chunkRecords = CHUNK_RECORDS) {}

  get size(): number {
    return this.#records.size;
  }

  /** Whether a chunk changed since the last capture. */
  get isDirty(): boolean {
    return this.#dirty.size > 0;
  }

  get(id: string): StoredRecord | undefined {
    return this.#records.get(id);
  }

  /**
   * Stores the record (with its serialised `text`, if the caller has it). Returns the chunk this
   * made dirty when it was clean before, so the caller can weigh what the next compaction rewrites.
   */
  put(record: StoredRecord, text?: string): number | undefined {
    let at = this.#position.get(record.id);
    if (at === undefined) {
      const open = this.#chunkStart.length - 1;
      if (this.#order.length - (this.#chunkStart[open] as number) >= this.chunkRecords) this.#chunkStart.push(this.#order.length);
      at = this.#order.length;
      this.#position.set(record.id, at);
      this.#order.push(record.id);
    }
    this.#records.set(record.id, record);
    if (text === undefined) this.#text.delete(record.id);
    else this.#text.set(record.id, text);
    return this.#markDirty(this.#chunkAt(at));
  }

  delete(id: string): number | undefined {
    const at = this.#position.get(id);
    if (at === undefined) return undefined;
    const dirtied = this.#markDirty(this.#chunkAt(at));
    this.#records.delete(id);
    this.#position.delete(id);
    this.#text.delete(id);
    this.#order[at] = null;
    // Tombstones are skipped by pages; rebuild once they outnumber the living.
    if (this.#order.length > 64 && this.#records.size < this.#order.length / 2) this.#rebuildOrder();
    return dirtied;
  }

  /**
   * A record read from snapshot chunk `chunk` at start-up (chunks in ascending order). It is clean,
   * unless the same id was already read from another file (a compaction cut short between two
   * files): then both chunks are rewritten at the next compaction.
   */
  load(record: StoredRecord, chunk: number): void {
    while (this.#chunkStart.length <= chunk) this.#chunkStart.push(this.#order.length);
    const existing = this.#position.get(record.id);
    if (existing !== undefined) {
      this.#markDirty(this.#chunkAt(existing));
      this.#markDirty(chunk);
      this.#records.set(record.id, record);
      return;
    }
    this.#position.set(record.id, this.#order.length);
    this.#order.push(record.id);
    this.#records.set(record.id, record);
  }

  /** Every chunk is rewritten at the next compaction (a collection read from the single-file layout). */
  markAllDirty(): void {
    for (let chunk = 0; chunk < this.#chunkStart.length; chunk += 1) this.#dirty.add(chunk);
  }

  /** Gives back chunks whose capture was not written (a failed compaction). */
  restoreDirty(chunks: Iterable<number>): void {
    for (const chunk of chunks) this.#dirty.add(chunk);
  }

  /** The dirty chunks' contents now, in order; the partition is clean afterwards. */
  capture(): CapturedChunk[] {
    const captured = [...this.#dirty].sort((a, b) => a - b).map((chunk) => {
      const end = this.#chunkStart[chunk + 1] ?? this.#order.length;
      const entries: Array<string | StoredRecord> = [];
      for (let at = this.#chunkStart[chunk] as number; at < end; at += 1) {
        const id = this.#order[at];
        if (id === null || id === undefined) continue;
        entries.push(this.#text.get(id) ?? (this.#records.get(id) as StoredRecord));
      }
      return { chunk, entries };
    });
    this.#dirty = new Set();
    this.#text = new Map();
    return captured;
  }

  all(): StoredRecord[] {
    return this.#order.flatMap((id) => (id === null ? [] : [this.#records.get(id) as StoredRecord]));
  }

  page<T extends StoredRecord>(query: PageQuery<T>): Page<T> {
    const newestFirst = query.newestFirst ?? true;
    const step = newestFirst ? -1 : 1;
    let at: number;
    if (query.after === undefined) {
      at = newestFirst ? this.#order.length - 1 : 0;
    } else {
      const from = this.#position.get(query.after);
      if (from === undefined) throw new InvalidCursorError(query.after);
      at = from + step;
    }
    const items: T[] = [];
    let scanned = 0;
    const maxScan = query.maxScan ?? Number.POSITIVE_INFINITY;
    for (; at >= 0 && at < this.#order.length; at += step) {
      const id = this.#order[at];
      if (id === null || id === undefined) continue;
      const record = this.#records.get(id) as T;
      if (query.filter && !query.filter(record)) {
        scanned += 1;
        if (scanned >= maxScan) return { items, next: id };
        continue;
      }
      if (items.length === query.limit) {
        const last = items[items.length - 1];
        return last ? { items, next: last.id } : { items };
      }
      items.push(record);
    }
    return { items };
  }

  #markDirty(chunk: number): number | undefined {
    if (this.#dirty.has(chunk)) return undefined;
    this.#dirty.add(chunk);
    return chunk;
  }

  /** The last chunk starting at or before `at` (empty chunks share their successor's start). */
  #chunkAt(at: number): number {
    const starts = this.#chunkStart;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Drops tombstones; positions move, chunk numbers do not. */
  #rebuildOrder(): void {
    const order: string[] = [];
    const starts = this.#chunkStart.map(() => 0);
    let chunk = 0;
    for (let at = 0; at < this.#order.length; at += 1) {
      while (chunk + 1 < this.#chunkStart.length && (this.#chunkStart[chunk + 1] as number) <= at) {
        chunk += 1;
        starts[chunk] = order.length;
      }
      const id = this.#order[at];
      if (id !== null && id !== undefined) order.push(id);
    }
    for (chunk += 1; chunk < starts.length; chunk += 1) starts[chunk] = order.length;
    this.#order = order;
    this.#chunkStart = starts;
    this.#position = new Map(order.map((id, index) => [id, index]));
  }
}
