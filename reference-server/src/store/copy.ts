import { createHash } from 'node:crypto';
import type { AsyncReader, AsyncStore } from './async-store.js';
import type { StoredRecord } from './store.js';

/** Records read and written at a time: a batch is one journal line or one transaction. */
const BATCH = 500;

/** One collection as the copy saw it: its records, and a SHA-256 over them (scopes by name, records in insertion order). */
export interface CollectionSummary {
  collection: string;
  records: number;
  sha256: string;
}

/** JSON with every object's keys sorted, so a checksum does not depend on how a store orders them. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Every record of a collection, scope by scope (sorted), each scope in insertion order, a batch at a time. */
async function* batches(reader: AsyncReader, collection: string): AsyncGenerator<{ scope: string; records: StoredRecord[] }> {
  for (const scope of (await reader.scopes(collection)).sort()) {
    let after: string | undefined;
    do {
      const page = await reader.page(collection, scope, { limit: BATCH, newestFirst: false, ...(after === undefined ? {} : { after }) });
      if (page.items.length > 0) yield { scope, records: page.items };
      after = page.next;
    } while (after !== undefined);
  }
}

class Summary {
  readonly #hash = createHash('sha256');
  records = 0;

  constructor(readonly collection: string) {}

  add(scope: string, records: readonly StoredRecord[]): void {
    for (const record of records) this.#hash.update(`${scope}\n${canonical(record)}\n`);
    this.records += records.length;
  }

  done(): CollectionSummary {
    return { collection: this.collection, records: this.records, sha256: this.#hash.digest('hex') };
  }
}

/** Count and checksum of every collection, read in one consistent snapshot. */
export function summarise(store: AsyncStore): Promise<CollectionSummary[]> {
  return store.transaction(
    async (tx) => {
      const summaries: CollectionSummary[] = [];
      for (const collection of (await tx.collections()).sort()) {
        const summary = new Summary(collection);
        for await (const { scope, records } of batches(tx, collection)) summary.add(scope, records);
        summaries.push(summary.done());
      }
      return summaries;
    },
    { readOnly: true },
  );
}

export class CopyMismatchError extends Error {
  constructor(
    readonly source: CollectionSummary[],
    readonly target: CollectionSummary[],
  ) {
    super('the copy does not match its source (counts or checksums differ): the target is not to be used');
    this.name = 'CopyMismatchError';
  }
}

/**
 * Copies every record of `from` into `to`, which must hold none, keeping each scope's insertion
 * order. The source is read in one read-only transaction (one snapshot, even of a database servers
 * still write); the target is written a batch at a time (a sandbox can pass what one journal line
 * or one transaction should hold), then read back and compared with the source, collection by
 * collection, by count and checksum. A mismatch throws CopyMismatchError.
 */
export async function copyStore(from: AsyncStore, to: AsyncStore): Promise<CollectionSummary[]> {
  const present = await to.collections();
  if (present.length > 0) throw new Error(`the target already holds records (${present.sort().join(', ')}): copy into an empty store`);
  const source = await from.transaction(
    async (tx) => {
      const summaries: CollectionSummary[] = [];
      for (const collection of (await tx.collections()).sort()) {
        const summary = new Summary(collection);
        for await (const { scope, records } of batches(tx, collection)) {
          summary.add(scope, records);
          await to.write(records.map((record) => ({ op: 'put', collection, scope, record })));
        }
        summaries.push(summary.done());
      }
      return summaries;
    },
    { readOnly: true },
  );
  const target = await summarise(to);
  if (JSON.stringify(source) !== JSON.stringify(target)) throw new CopyMismatchError(source, target);
  return source;
}
