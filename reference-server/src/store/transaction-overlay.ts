import { StoreConflictError } from './async-store.js';
import type { CheckedOp } from './ops.js';
import { scanPage } from './page-scan.js';
import { getOrMake } from './two-level-map.js';
import { InvalidCursorError } from './partition.js';
import type { Page, PageQuery, Store, StoredRecord, WriteOp } from './store.js';

/** A checked op once an increment is the put it amounts to: what the batch to commit holds. */
type Resolved = Exclude<CheckedOp, { op: 'increment' }>;

/** Records read from the base store at a time while a page walks past what a transaction changed. */
const BATCH = 128;

/** What a transaction changed in one collection and scope. */
class Changes {
  /** Current value of every record the transaction put (in place or appended). */
  readonly values = new Map<string, StoredRecord>();
  /** Base records the transaction deleted (a record deleted and put again is also appended). */
  readonly hidden = new Set<string>();
  /** Records put while absent, in the order they were put: they follow every base record, as in the journal store. */
  appended: string[] = [];
}
const newChanges = (): Changes => new Changes();

/**
 * A file-store transaction's own writes, laid over the store they will be committed to: reads
 * in the transaction see the merged view, in the order the journal store gives once the batch is
 * applied (an update keeps its place; a new record, or one deleted and put again, goes last).
 * Nothing reaches the store until `ops()` is written at commit.
 */
export class TransactionOverlay {
  readonly #base: Store;
  /** By collection, then scope: two lookups cost less than building a `collection/scope` key for one. */
  readonly #changes = new Map<string, Map<string, Changes>>();
  readonly #ops: WriteOp[] = [];

  constructor(base: Store) {
    this.#base = base;
  }

  /** The batch to commit, in the order written (`create` already checked, so a put). */
  ops(): WriteOp[] {
    return this.#ops;
  }

  apply(checked: readonly CheckedOp[]): void {
    const ops = checked.some((op) => op.op === 'increment') ? this.#resolved(checked) : (checked as readonly Resolved[]);
    // Check every create against the view as the batch goes, before any of it is applied.
    const taken = new Set<string>();
    for (const op of ops) {
      const key = `${op.collection}/${op.scope}/${op.id}`;
      if (op.op === 'create' && (taken.has(key) || this.get(op.collection, op.scope, op.id) !== undefined)) {
        throw new StoreConflictError(`${op.collection} ${op.id} exists`, { collection: op.collection, scope: op.scope, id: op.id });
      }
      if (op.op === 'delete') taken.delete(key);
      else taken.add(key);
    }
    for (const op of ops) {
      const changes = this.#partition(op.collection, op.scope);
      if (op.op === 'delete') {
        this.#delete(changes, op.collection, op.scope, op.id);
        this.#ops.push({ op: 'delete', collection: op.collection, scope: op.scope, id: op.id });
      } else {
        this.#put(changes, op.collection, op.scope, op.record);
        // The checked text goes with it: the journal store serialises and reads back nothing twice.
        this.#ops.push({ op: 'put', collection: op.collection, scope: op.scope, record: op.record, text: op.text });
      }
    }
  }

  /**
   * The batch with each increment as the put it amounts to, against the view as the batch leaves it
   * so far (a field that holds no integer throws before any of the batch is applied).
   */
  #resolved(ops: readonly CheckedOp[]): Resolved[] {
    const batch = new Map<string, StoredRecord | undefined>();
    return ops.map((op) => {
      const key = `${op.collection}/${op.scope}/${op.id}`;
      const resolved = op.op === 'increment' ? incremented(batch.has(key) ? batch.get(key) : this.get(op.collection, op.scope, op.id), op) : op;
      batch.set(key, resolved.op === 'delete' ? undefined : resolved.record);
      return resolved;
    });
  }

  get<T extends StoredRecord>(collection: string, scope: string, id: string): T | undefined {
    const changes = this.#changes.get(collection)?.get(scope);
    if (changes?.values.has(id)) return changes.values.get(id) as T;
    if (changes?.hidden.has(id)) return undefined;
    return this.#base.get<T>(collection, scope, id);
  }

  count(collection: string, scope: string): number {
    const changes = this.#changes.get(collection)?.get(scope);
    return this.#base.count(collection, scope) - (changes?.hidden.size ?? 0) + (changes?.appended.length ?? 0);
  }

  all<T extends StoredRecord>(collection: string, scope: string): T[] {
    const changes = this.#changes.get(collection)?.get(scope);
    if (!changes) return this.#base.all<T>(collection, scope);
    const base = this.#base.all(collection, scope).flatMap((r) => (changes.hidden.has(r.id) ? [] : [changes.values.get(r.id) ?? r]));
    return [...base, ...changes.appended.map((id) => changes.values.get(id) as StoredRecord)] as T[];
  }

  page<T extends StoredRecord>(collection: string, scope: string, query: PageQuery<T>): Promise<Page<T>> {
    const changes = this.#changes.get(collection)?.get(scope);
    if (!changes) return Promise.resolve(this.#base.page(collection, scope, query));
    const newestFirst = query.newestFirst ?? true;
    // A cursor at a record this transaction deleted is gone, as it will be once committed.
    if (query.after !== undefined && changes.hidden.has(query.after) && !changes.values.has(query.after)) {
      return Promise.reject(new InvalidCursorError(query.after));
    }
    return scanPage(this.#walk(collection, scope, changes, newestFirst, query.after), query);
  }

  scopes(collection: string): string[] {
    const scopes = new Set(this.#base.scopes(collection));
    for (const scope of this.#changes.get(collection)?.keys() ?? []) {
      if (this.count(collection, scope) > 0) scopes.add(scope);
      else scopes.delete(scope);
    }
    return [...scopes];
  }

  collections(): string[] {
    const collections = new Set([...this.#base.collections(), ...this.#changes.keys()]);
    return [...collections].filter((collection) => this.scopes(collection).length > 0);
  }

  #partition(collection: string, scope: string): Changes {
    return getOrMake(this.#changes, collection, scope, newChanges);
  }

  #put(changes: Changes, collection: string, scope: string, record: StoredRecord): void {
    const inBase = this.#base.get(collection, scope, record.id) !== undefined;
    const present = changes.values.has(record.id) || (inBase && !changes.hidden.has(record.id));
    if (!present) changes.appended.push(record.id);
    changes.values.set(record.id, record);
  }

  #delete(changes: Changes, collection: string, scope: string, id: string): void {
    changes.values.delete(id);
    changes.appended = changes.appended.filter((appended) => appended !== id);
    if (this.#base.get(collection, scope, id) !== undefined) changes.hidden.add(id);
  }

  /** The merged records in a page's direction, from after `after`. */
  async *#walk(collection: string, scope: string, changes: Changes, newestFirst: boolean, after: string | undefined): AsyncGenerator<StoredRecord> {
    const appended = newestFirst ? [...changes.appended].reverse() : changes.appended;
    const inAppended = after === undefined ? -1 : appended.indexOf(after);
    const appendedFrom = after === undefined ? 0 : inAppended + 1;
    const fromAppended = after !== undefined && inAppended >= 0;
    // Newest first: the appended records come before the base's; oldest first: after them.
    if (newestFirst && (after === undefined || fromAppended)) yield* this.#appended(changes, appended.slice(appendedFrom));
    if (!(fromAppended && !newestFirst)) {
      let cursor = fromAppended ? undefined : after;
      for (;;) {
        const batch = this.#base.page(collection, scope, { limit: BATCH, newestFirst, ...(cursor === undefined ? {} : { after: cursor }) });
        for (const record of batch.items) {
          if (!changes.hidden.has(record.id)) yield changes.values.get(record.id) ?? record;
        }
        if (batch.next === undefined) break;
        cursor = batch.next;
      }
    }
    if (!newestFirst) yield* this.#appended(changes, appended.slice(fromAppended ? appendedFrom : 0));
  }

  *#appended(changes: Changes, ids: readonly string[]): Generator<StoredRecord> {
    for (const id of ids) yield changes.values.get(id) as StoredRecord;
  }
}

/** The put an increment amounts to, given the record as the transaction sees it. */
function incremented(record: StoredRecord | undefined, op: Extract<CheckedOp, { op: 'increment' }>): Extract<CheckedOp, { op: 'put' | 'create' }> {
  const value: unknown = (record as Record<string, unknown> | undefined)?.[op.field] ?? 0;
  const sum = typeof value === 'number' ? value + op.by : NaN;
  if (!Number.isSafeInteger(value) || !Number.isSafeInteger(sum)) throw new Error(`${op.collection} ${op.id}: ${op.field} holds no integer to add ${op.by} to`);
  const text = JSON.stringify({ ...(record ?? { id: op.id }), [op.field]: sum });
  return { op: 'put', collection: op.collection, scope: op.scope, id: op.id, record: JSON.parse(text) as StoredRecord, text };
}
