import type { Page, PageQuery, StoredRecord } from './store.js';

/**
 * A page taken from records met in the page's direction, starting after its cursor, with exactly
 * the journal store's rules (partition.ts): a record the filter refuses counts towards `maxScan`,
 * and reaching it ends the page with that record as the cursor; `next` is given only when another
 * matching record follows. The source is read only as far as the page needs.
 */
export async function scanPage<T extends StoredRecord>(source: AsyncIterable<StoredRecord>, query: PageQuery<T>): Promise<Page<T>> {
  const items: T[] = [];
  let scanned = 0;
  const maxScan = query.maxScan ?? Number.POSITIVE_INFINITY;
  for await (const candidate of source) {
    const record = candidate as T;
    if (query.filter && !query.filter(record)) {
      scanned += 1;
      if (scanned >= maxScan) return { items, next: record.id };
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
