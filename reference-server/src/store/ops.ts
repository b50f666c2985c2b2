import type { AsyncWriteOp } from './async-store.js';
import type { StoredRecord } from './store.js';

/** Collection and scope names: what the journal store accepts as folder and file names, for both stores. */
const NAME = /^[A-Za-z0-9_-]{1,128}$/;

/** An op checked and its record as the store will hold it (the JSON text, and that text read back). */
export type CheckedOp =
  | { op: 'put' | 'create'; collection: string; scope: string; id: string; record: StoredRecord; text: string }
  | { op: 'delete'; collection: string; scope: string; id: string }
  | { op: 'increment'; collection: string; scope: string; id: string; field: string; by: number };

/** A field an increment may count in: a plain JSON name, never the record's `id`. */
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Checks a batch before any of it is applied, as the journal store does: names of the safe
 * alphabet, a record that serialises to a JSON object with its own id. The record is taken as its
 * JSON text read back, so the store never holds a reference the caller can still change.
 */
export function checkOps(ops: readonly AsyncWriteOp[]): CheckedOp[] {
  return ops.map((op) => {
    for (const [kind, value] of [['collection', op.collection], ['scope', op.scope]] as const) {
      if (typeof value !== 'string' || !NAME.test(value)) throw new Error(`invalid ${kind} name ${JSON.stringify(value)}`);
    }
    if (op.op === 'delete') {
      if (typeof op.id !== 'string' || op.id === '') throw new Error('delete without id');
      return { op: 'delete', collection: op.collection, scope: op.scope, id: op.id };
    }
    if (op.op === 'increment') {
      if (typeof op.id !== 'string' || op.id === '') throw new Error('increment without id');
      if (typeof op.field !== 'string' || !FIELD.test(op.field) || op.field === 'id') throw new Error(`invalid increment field ${JSON.stringify(op.field)}`);
      if (!Number.isSafeInteger(op.by)) throw new Error(`an increment adds an integer, not ${JSON.stringify(op.by)}`);
      return { op: 'increment', collection: op.collection, scope: op.scope, id: op.id, field: op.field, by: op.by };
    }
    if (op.op !== 'put' && op.op !== 'create') throw new Error(`unknown op ${JSON.stringify((op as { op: unknown }).op)}`);
    const id: unknown = op.record?.id;
    if (typeof id !== 'string' || id === '') throw new Error('record without id');
    const text = JSON.stringify(op.record) as string | undefined;
    const record = typeof text === 'string' ? (JSON.parse(text) as StoredRecord | null) : undefined;
    if (typeof record !== 'object' || record === null || Array.isArray(record) || record.id !== id) {
      throw new Error(`record ${id} does not serialise to a JSON object with its id`);
    }
    return { op: op.op, collection: op.collection, scope: op.scope, id, record, text: text as string };
  });
}
