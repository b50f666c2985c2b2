import type { Page, PageQuery, StoredRecord } from './store.js';

export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`unknown cursor ${JSON.stringify(cursor)}`);
    this.name = 'InvalidCursorError';
  }
}

/**
 * One collection of one scope in memory: records by id plus their insertion order, so a page
 * starts at a known position and never scans what comes before it.
 */
export class Partition {
  readonly #records = new Map<string, StoredRecord>();
  #order: (string | null)[] = [];
  #position = new Map<string, number>();

  get size(): number {
    return this.#records.size;
  }

  get(id: string): StoredRecord | undefined {
    return this.#records.get(id);
  }

  put(record: StoredRecord): void {
    if (!this.#position.has(record.id)) {
      this.#position.set(record.id, this.#order.length);
      this.#order.push(record.id);
    }
    this.#records.set(record.id, record);
  }

  delete(id: string): void {
    const at = this.#position.get(id);
    if (at === undefined) return;
    this.#records.delete(id);
    this.#position.delete(id);
    this.#order[at] = null;
    // Tombstones are skipped by pages; rebuild once they outnumber the living.
    if (this.#order.length > 64 && this.#records.size < this.#order.length / 2) this.#rebuildOrder();
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

  #rebuildOrder(): void {
    this.#order = this.#order.filter((id): id is string => id !== null);
    this.#position = new Map(this.#order.map((id, index) => [id as string, index]));
  }
}
