import { PageFill } from './page-scan.js';
import type { Page, PageQuery, StoredRecord } from './store.js';

export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`unknown cursor ${JSON.stringify(cursor)}`);
    this.name = 'InvalidCursorError';
  }
}

/** Records per snapshot chunk by default: a compaction rewrites whole chunks, never a whole collection. */
export const CHUNK_RECORDS = 512;

/**
 * A dirty chunk's records as they were when captured: serialised text where the write left it,
 * else the record; `ins[i]` is the insertion number of `entries[i]`.
 */
export interface CapturedChunk {
  chunk: number;
  ins: number[];
  entries: Array<string | StoredRecord>;
}

interface LateRecord {
  record: StoredRecord;
  ins: number;
  text: string | undefined;
}

/**
 * One collection of one scope in memory: records by id plus their insertion order, so a page
 * starts at a known position and never scans what comes before it.
 *
 * Every record carries its insertion number (`ins`): the number of the journal op that put it
 * while it was absent (ops are numbered in journal order). The order is the order of those numbers, which is what makes replay
 * idempotent: a journal replayed over snapshots that already hold some of its lines (a compaction
 * cut short, or the lines it captured while they were still queued) puts each record back where
 * it was, instead of moving a record that was deleted and re-put behind records put after it.
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
  readonly #ins = new Map<string, number>();
  /** The highest insertion number seen: a new record with a higher one is appended. */
  #lastIns = 0;
  /** Chunk of each position is found through #chunkStart; chunk k is [#chunkStart[k], #chunkStart[k + 1]). Empty chunks repeat a start. */
  #chunkStart: number[] = [0];
  #dirty = new Set<number>();
  #text = new Map<string, string>();
  /** Records replay put back behind newer ones (their place is found once, by `settle`). */
  #late = new Map<string, LateRecord>();

  constructor(readonly chunkRecords = CHUNK_RECORDS) {}

  get size(): number {
    return this.#records.size + this.#late.size;
  }

  /** Whether a chunk changed since the last capture. */
  get isDirty(): boolean {
    return this.#dirty.size > 0 || this.#late.size > 0;
  }

  get(id: string): StoredRecord | undefined {
    return this.#records.get(id) ?? this.#late.get(id)?.record;
  }

  /** The highest insertion number this partition holds or held. */
  get lastIns(): number {
    return this.#lastIns;
  }

  /**
   * Stores the record (with its serialised `text`, if the caller has it); `ins` is its insertion
   * number if it is absent. Returns the chunk this made dirty when it was clean before, so the
   * caller can weigh what the next compaction rewrites.
   */
  put(record: StoredRecord, ins: number, text?: string): number | undefined {
    const late = this.#late.get(record.id);
    if (late) {
      late.record = record;
      late.text = text;
      return undefined;
    }
    let at = this.#position.get(record.id);
    if (at === undefined) {
      // Only replay puts a record back behind newer ones (a line a snapshot already holds).
      if (ins <= this.#lastIns && this.#order.length > 0) {
        this.#late.set(record.id, { record, ins, text });
        return undefined;
      }
      at = this.#append(record.id, ins);
    }
    this.#records.set(record.id, record);
    if (text === undefined) this.#text.delete(record.id);
    else this.#text.set(record.id, text);
    return this.#markDirty(this.#chunkAt(at));
  }

  /**
   * Deletes the record, unless it was put after op `n` (the delete itself): replay then meets a
   * delete the snapshot already holds, of an earlier life of a record put again since.
   */
  delete(id: string, n = Number.POSITIVE_INFINITY): number | undefined {
    const late = this.#late.get(id);
    if (late) {
      if (late.ins < n) this.#late.delete(id);
      return undefined;
    }
    const at = this.#position.get(id);
    if (at === undefined || (this.#ins.get(id) as number) > n) return undefined;
    const dirtied = this.#markDirty(this.#chunkAt(at));
    this.#records.delete(id);
    this.#position.delete(id);
    this.#ins.delete(id);
    this.#text.delete(id);
    this.#order[at] = null;
    // Tombstones are skipped by pages; rebuild once they outnumber the living.
    if (this.#order.length > 64 && this.#records.size < this.#order.length / 2) this.#rebuildOrder();
    return dirtied;
  }

  /**
   * A record read from snapshot chunk `chunk` at start-up (chunks in ascending order). It is clean,
   * unless the same id was already read from another file (a compaction cut short between two
   * files): the later life (higher `ins`) is kept and both chunks are rewritten at the next compaction.
   */
  load(record: StoredRecord, chunk: number, ins: number): void {
    while (this.#chunkStart.length <= chunk) this.#chunkStart.push(this.#order.length);
    const existing = this.#position.get(record.id);
    if (existing !== undefined) {
      this.#markDirty(this.#chunkAt(existing));
      this.#markDirty(chunk);
      // Files are read oldest first (a single file before its chunks): a tie goes to the later read.
      if ((this.#ins.get(record.id) as number) > ins) return;
      this.delete(record.id);
    }
    if (ins <= this.#lastIns && this.#order.length > 0) {
      this.#late.set(record.id, { record, ins, text: undefined });
      return;
    }
    this.#position.set(record.id, this.#order.length);
    this.#order.push(record.id);
    this.#ins.set(record.id, ins);
    this.#lastIns = ins;
    this.#records.set(record.id, record);
  }

  /**
   * Puts the records replay left aside back in their place (by insertion number), in the chunk of
   * the record that follows each, and marks those chunks dirty. Called once, after replay.
   */
  settle(): void {
    if (this.#late.size === 0) return;
    const late = [...this.#late].sort((a, b) => a[1].ins - b[1].ins);
    this.#late = new Map();
    const live = this.#order.flatMap((id, at) => (id === null ? [] : [{ id, chunk: this.#chunkAt(at), ins: this.#ins.get(id) as number }]));
    const lastChunk = this.#chunkStart.length - 1;
    const merged: Array<{ id: string; chunk: number }> = [];
    let next = 0;
    for (const [id, entry] of late) {
      while (next < live.length && (live[next] as { ins: number }).ins < entry.ins) merged.push(live[next++] as { id: string; chunk: number });
      const chunk = live[next]?.chunk ?? lastChunk;
      merged.push({ id, chunk });
      this.#records.set(id, entry.record);
      this.#ins.set(id, entry.ins);
      if (entry.text !== undefined) this.#text.set(id, entry.text);
      this.#dirty.add(chunk);
    }
    merged.push(...(live.slice(next) as Array<{ id: string; chunk: number }>));
    this.#order = merged.map((m) => m.id);
    this.#position = new Map(this.#order.map((id, at) => [id as string, at]));
    const starts = this.#chunkStart.map(() => merged.length);
    for (let at = merged.length - 1; at >= 0; at -= 1) starts[(merged[at] as { chunk: number }).chunk] = at;
    // An empty chunk starts where the next one does.
    for (let chunk = starts.length - 2; chunk >= 0; chunk -= 1) starts[chunk] = Math.min(starts[chunk] as number, starts[chunk + 1] as number);
    this.#chunkStart = starts;
  }

  /** Every chunk is rewritten at the next compaction (a collection read from an earlier layout). */
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
      const ins: number[] = [];
      for (let at = this.#chunkStart[chunk] as number; at < end; at += 1) {
        const id = this.#order[at];
        if (id === null || id === undefined) continue;
        entries.push(this.#text.get(id) ?? (this.#records.get(id) as StoredRecord));
        ins.push(this.#ins.get(id) as number);
      }
      return { chunk, ins, entries };
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
    const fill = new PageFill(query);
    for (; at >= 0 && at < this.#order.length; at += step) {
      const id = this.#order[at];
      if (id === null || id === undefined) continue;
      const page = fill.offer(this.#records.get(id) as T);
      if (page) return page;
    }
    return fill.end();
  }

  #append(id: string, ins: number): number {
    const open = this.#chunkStart.length - 1;
    if (this.#order.length - (this.#chunkStart[open] as number) >= this.chunkRecords) this.#chunkStart.push(this.#order.length);
    const at = this.#order.length;
    this.#position.set(id, at);
    this.#order.push(id);
    this.#ins.set(id, ins);
    this.#lastIns = ins;
    return at;
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
