import type { Page, PageQuery, StoredRecord } from './store.js';

/**
 * One page filled from records met in the page's direction, starting after its cursor: a record
 * the filter refuses counts towards `maxScan`, and reaching it ends the page with that record as
 * the cursor; `next` is given only when another matching record follows. Every store pages by these
 * rules (the journal's partitions, a transaction's overlay, PostgreSQL), so they are written here once.
 */
export class PageFill<T extends StoredRecord> {
  readonly #query: PageQuery<T>;
  readonly #maxScan: number;
  readonly #items: T[] = [];
  #scanned = 0;

  constructor(query: PageQuery<T>) {
    this.#query = query;
    this.#maxScan = query.maxScan ?? Number.POSITIVE_INFINITY;
  }

  /** Takes the next record: the finished page when this record ends it, otherwise undefined. */
  offer(record: T): Page<T> | undefined {
    if (this.#query.filter && !this.#query.filter(record)) {
      this.#scanned += 1;
      return this.#scanned >= this.#maxScan ? { items: this.#items, next: record.id } : undefined;
    }
    if (this.#items.length === this.#query.limit) {
      const last = this.#items[this.#items.length - 1];
      return last ? { items: this.#items, next: last.id } : { items: this.#items };
    }
    this.#items.push(record);
    return undefined;
  }

  /** The page when the records ran out before it ended. */
  end(): Page<T> {
    return { items: this.#items };
  }
}

/** A page from a source read only as far as the page needs. */
export async function scanPage<T extends StoredRecord>(source: AsyncIterable<StoredRecord>, query: PageQuery<T>): Promise<Page<T>> {
  const fill = new PageFill(query);
  for await (const candidate of source) {
    const page = fill.offer(candidate as T);
    if (page) return page;
  }
  return fill.end();
}
