import { CorruptStoreError } from './snapshot-file.js';
import type { StoredRecord, WriteOp } from './store.js';

/** Collection and scope names: they become folder and file names, and go into lines unescaped. */
export const NAME = /^[A-Za-z0-9_-]{1,128}$/;

function checkName(kind: string, value: string): void {
  if (!NAME.test(value)) throw new Error(`invalid ${kind} name ${JSON.stringify(value)}`);
}

/** One batch as a journal line, and each put's record as its text reads back (undefined for a delete). */
export interface EncodedBatch {
  line: string;
  texts: Array<string | undefined>;
  records: Array<StoredRecord | undefined>;
}

/**
 * A batch's journal line, its ops numbered from `first`. Every record is serialised and read
 * back before anything is applied, so a batch that cannot be stored reaches neither memory nor
 * the journal. Each record is serialised once: its text goes into the journal line, is kept for
 * the compaction that writes its chunk, and is read back into memory (the caller keeps no
 * reference into the store, memory holds exactly what a restart would replay, and one parse
 * costs about half of cloning the record).
 */
export function encodeBatch(ops: readonly WriteOp[], first: number): EncodedBatch {
  const texts: Array<string | undefined> = [];
  const records: Array<StoredRecord | undefined> = [];
  for (const op of ops) {
    if (op.op === 'put' && op.text !== undefined) {
      // Checked by a transaction (ops.ts), names included: `record` is its text read back, referenced by no caller.
      texts.push(op.text);
      records.push(op.record);
      continue;
    }
    checkName('collection', op.collection);
    checkName('scope', op.scope);
    if (op.op === 'delete') {
      if (typeof op.id !== 'string' || op.id === '') throw new Error('delete without id');
      texts.push(undefined);
      records.push(undefined);
      continue;
    }
    const id: unknown = op.record?.id;
    if (typeof id !== 'string' || id === '') throw new Error('record without id');
    const text = JSON.stringify(op.record) as string | undefined;
    const record = typeof text === 'string' ? (JSON.parse(text) as StoredRecord | null) : undefined;
    if (typeof record !== 'object' || record === null || record.id !== id) throw new Error(`record ${id} does not serialise to a JSON object with its id`);
    texts.push(text);
    records.push(record);
  }
  // Every op gets its own number; the line carries its first one. Names passed checkName, so they need no escaping.
  const line = `{"t":${Date.now()},"s":${first},"ops":[${ops
    .map((op, i) =>
      op.op === 'put'
        ? `{"op":"put","collection":"${op.collection}","scope":"${op.scope}","record":${texts[i] as string}}`
        : `{"op":"delete","collection":"${op.collection}","scope":"${op.scope}","id":${JSON.stringify(op.id)}}`,
    )
    .join(',')}]}\n`;
  return { line, texts, records };
}

/** A journal line read back: its ops and the number of its first (absent in lines of earlier versions). */
export function parseJournalLine(file: string, lineNumber: number, line: string): { first: number | undefined; ops: WriteOp[] } {
  try {
    const entry = JSON.parse(line) as { s?: unknown; ops?: WriteOp[] };
    if (!Array.isArray(entry.ops)) throw new Error('entry without ops');
    if (entry.s !== undefined && !(Number.isSafeInteger(entry.s) && (entry.s as number) > 0)) throw new Error('sequence number is not a positive integer');
    return { first: entry.s as number | undefined, ops: entry.ops };
  } catch (error) {
    throw new CorruptStoreError(file, `line ${lineNumber}: ${(error as Error).message}`);
  }
}
