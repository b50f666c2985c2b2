import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalStore } from './journal-store.js';
import { CHUNK_RECORDS } from './partition.js';
import { del, put, type WriteOp } from './store.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chunked-snapshots-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rec = (id: string, extra: Record<string, unknown> = {}) => ({ id, ...extra });
const chunkDir = () => join(dir, 'snapshots', 'org_1', 'c');
const ids = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
/** Inode and mtime: a chunk rewritten through lowdb's temp file and rename gets a new inode. */
const identity = async (chunk: number) => {
  const s = await stat(join(chunkDir(), `${chunk}.json`));
  return `${s.ino}:${s.mtimeMs}`;
};

describe('snapshot chunks', () => {
  it('cuts a collection into chunks and rewrites only the chunks a compaction has to', async () => {
    const store = await JournalStore.open(dir);
    await store.write(ids(2 * CHUNK_RECORDS + 10).map((id) => put('c', 'org_1', rec(id))));
    await store.compact();
    expect((await readdir(chunkDir())).sort()).toEqual(['0.json', '1.json', '2.json']);
    const before = await Promise.all([0, 1, 2].map(identity));

    // An append dirties the open chunk only.
    await store.write([put('c', 'org_1', rec('appended'))]);
    await store.compact();
    const afterAppend = await Promise.all([0, 1, 2].map(identity));
    expect(afterAppend.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(afterAppend[2]).not.toBe(before[2]);

    // Updating a record of the first chunk rewrites that chunk; the record keeps its place.
    await store.write([put('c', 'org_1', rec('r3', { v: 2 }))]);
    await store.compact();
    const afterUpdate = await Promise.all([0, 1, 2].map(identity));
    expect(afterUpdate[0]).not.toBe(afterAppend[0]);
    expect(afterUpdate.slice(1)).toEqual(afterAppend.slice(1));
    await store.close();

    const reopened = await JournalStore.open(dir);
    expect(reopened.all('c', 'org_1').map((r) => r.id)).toEqual([...ids(2 * CHUNK_RECORDS + 10), 'appended']);
    expect(reopened.get('c', 'org_1', 'r3')).toEqual({ id: 'r3', v: 2 });
    await reopened.close();
  });

  it('removes a chunk whose records were all deleted, and keeps the order of the rest across restarts', async () => {
    const store = await JournalStore.open(dir);
    await store.write(ids(2 * CHUNK_RECORDS).map((id) => put('c', 'org_1', rec(id))));
    await store.compact();
    await store.write(ids(CHUNK_RECORDS).map((id) => del('c', 'org_1', id)));
    await store.write([put('c', 'org_1', rec('r0', { back: true }))]);
    await store.close();
    expect((await readdir(chunkDir())).sort()).toEqual(['1.json', '2.json']);
    const reopened = await JournalStore.open(dir);
    expect(reopened.all('c', 'org_1').map((r) => r.id)).toEqual([...ids(2 * CHUNK_RECORDS).slice(CHUNK_RECORDS), 'r0']);
    await reopened.close();
  });

  it('makes no folder for a collection that holds nothing on disk', async () => {
    const store = await JournalStore.open(dir);
    await store.write([put('c', 'org_1', rec('kept'))]);
    // A record put and deleted between two compactions, and a delete of an id never stored.
    await store.write([put('c', 'org_2', rec('brief'))]);
    await store.write([del('c', 'org_2', 'brief'), del('c', 'org_3', 'never')]);
    await store.close();
    expect((await readdir(join(dir, 'snapshots'))).sort()).toEqual(['org_1']);
    const reopened = await JournalStore.open(dir);
    expect(reopened.scopes('c')).toEqual(['org_1']);
    await reopened.close();
  });

  it('keeps every record in its chunk when deletions make the order drop its tombstones', async () => {
    const open = () => JournalStore.open(dir, { chunkRecords: 8 });
    const store = await open();
    await store.write(ids(100, 'k').map((id) => put('c', 'org_1', rec(id))));
    await store.compact();
    // 60 of 100 gone: more tombstones than records, so the order is rebuilt (positions move).
    await store.write(ids(60, 'k').map((id) => del('c', 'org_1', id)));
    await store.compact();
    const untouched = [8, 9, 11];
    const before = await Promise.all(untouched.map(identity));
    // k80 lives in chunk 10; new records go on into chunk 12, the open one.
    await store.write([put('c', 'org_1', rec('k80', { v: 2 })), put('c', 'org_1', rec('new'))]);
    await store.compact();
    expect(await Promise.all(untouched.map(identity))).toEqual(before);
    const held = store.all('c', 'org_1');
    expect(held.map((r) => r.id)).toEqual([...ids(100, 'k').slice(60), 'new']);
    await store.close();
    const files = (await readdir(chunkDir())).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
    expect(files).toEqual(['7.json', '8.json', '9.json', '10.json', '11.json', '12.json']);
    const reopened = await open();
    expect(reopened.all('c', 'org_1')).toEqual(held);
    expect(reopened.get('c', 'org_1', 'k80')).toEqual({ id: 'k80', v: 2 });
    await reopened.close();
  });

  it('reads the single-file layout of earlier versions and replaces it with chunks at the next compaction', async () => {
    const records = ids(CHUNK_RECORDS + 5).map((id, i) => rec(id, { i }));
    await mkdir(join(dir, 'snapshots', 'org_1'), { recursive: true });
    await writeFile(join(dir, 'snapshots', 'org_1', 'c.json'), JSON.stringify({ version: 1, records }, null, 2));
    await writeFile(join(dir, 'journal.jsonl'), `${JSON.stringify({ t: 1, ops: [del('c', 'org_1', 'r1'), put('c', 'org_1', rec('late'))] })}\n`);
    const store = await JournalStore.open(dir);
    const expected = [...records.filter((r) => r.id !== 'r1'), rec('late')];
    expect(store.all('c', 'org_1')).toEqual(expected);
    await store.close();
    expect((await readdir(join(dir, 'snapshots', 'org_1'))).sort()).toEqual(['c']);
    expect((await readdir(chunkDir())).sort()).toEqual(['0.json', '1.json']);
    const reopened = await JournalStore.open(dir);
    expect(reopened.all('c', 'org_1')).toEqual(expected);
    await reopened.close();
  });

  it('reads version 1 chunks and numberless journal lines of the previous version, keeps their order, and rewrites the chunks with insertion numbers', async () => {
    // A folder as the previous version left it: chunks without `ins`, a journal whose lines carry no `s`.
    await mkdir(chunkDir(), { recursive: true });
    await writeFile(join(chunkDir(), '0.json'), `{"version":1,"records":[\n${['a', 'b', 'c'].map((id) => JSON.stringify(rec(id))).join(',\n')}\n]}\n`);
    await writeFile(join(chunkDir(), '1.json'), `{"version":1,"records":[\n${JSON.stringify(rec('d'))}\n]}\n`);
    const lines = [
      { t: 1, ops: [del('c', 'org_1', 'a')] },
      { t: 2, ops: [put('c', 'org_1', rec('a', { v: 2 }))] },
      { t: 3, ops: [put('c', 'org_1', rec('e'))] },
    ];
    await writeFile(join(dir, 'journal.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    const store = await JournalStore.open(dir, { chunkRecords: 3 });
    expect(store.all('c', 'org_1').map((r) => r.id)).toEqual(['b', 'c', 'd', 'a', 'e']);
    // New writes are numbered after everything read.
    await store.write([put('c', 'org_1', rec('f'))]);
    await store.close();
    for (const file of await readdir(chunkDir())) {
      const chunk = JSON.parse(await readFile(join(chunkDir(), file), 'utf8')) as { version: number; ins: number[]; records: unknown[] };
      expect(chunk.version).toBe(2);
      expect(chunk.ins).toHaveLength(chunk.records.length);
    }
    const reopened = await JournalStore.open(dir, { chunkRecords: 3 });
    expect(reopened.all('c', 'org_1').map((r) => r.id)).toEqual(['b', 'c', 'd', 'a', 'e', 'f']);
    expect(reopened.get('c', 'org_1', 'a')).toEqual({ id: 'a', v: 2 });
    await reopened.close();
  });

  it('recovers when a crash left the single file beside its chunks, or a record in two chunks', async () => {
    const store = await JournalStore.open(dir);
    await store.write(ids(CHUNK_RECORDS + 5).map((id) => put('c', 'org_1', rec(id, { v: 1 }))));
    await store.close();
    // The single file as an earlier version left it (stale values and a record deleted since),
    // and the same record twice in the chunks, as a compaction cut short between files can leave it.
    await writeFile(join(dir, 'snapshots', 'org_1', 'c.json'), JSON.stringify({ version: 1, records: [rec('r0', { v: 0 }), rec('gone')] }));
    const second = join(chunkDir(), '1.json');
    const chunk = JSON.parse(await readFile(second, 'utf8')) as { ins: number[]; records: object[] };
    const first = JSON.parse(await readFile(join(chunkDir(), '0.json'), 'utf8')) as { ins: number[] };
    await writeFile(second, JSON.stringify({ version: 2, ins: [first.ins[2], ...chunk.ins], records: [rec('r2', { v: 1 }), ...chunk.records] }));
    await writeFile(join(dir, 'journal.jsonl.compacting'), `${JSON.stringify({ t: 1, ops: [del('c', 'org_1', 'gone')] })}\n`);

    const reopened = await JournalStore.open(dir);
    expect(reopened.count('c', 'org_1')).toBe(CHUNK_RECORDS + 5);
    expect(reopened.get('c', 'org_1', 'r0')).toEqual({ id: 'r0', v: 1 });
    await reopened.close();
    expect((await readdir(join(dir, 'snapshots', 'org_1'))).sort()).toEqual(['c']);
    const chunks = await Promise.all(['0.json', '1.json'].map(async (f) => JSON.parse(await readFile(join(chunkDir(), f), 'utf8')) as { records: { id: string }[] }));
    const stored = chunks.flatMap((c) => c.records.map((r) => r.id));
    expect(stored).toHaveLength(new Set(stored).size);
    expect(stored.sort()).toEqual(ids(CHUNK_RECORDS + 5).sort());
  });

  it('holds after any mix of puts, deletes, compactions and restarts what memory held (chunks of 8 records)', { timeout: 120_000 }, async () => {
    type Step =
      | { kind: 'put'; id: number; v: number }
      | { kind: 'delete'; id: number }
      | { kind: 'purge'; from: number }
      | { kind: 'compact' }
      | { kind: 'reopen' };
    const step = fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('put' as const), id: fc.integer({ min: 0, max: 150 }), v: fc.integer() }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 150 }) }) },
      // Deleting a run of ids leaves enough tombstones for the order to be rebuilt.
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('purge' as const), from: fc.integer({ min: 0, max: 150 }) }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 30 }), async (batches) => {
        const folder = await mkdtemp(join(tmpdir(), 'chunked-property-'));
        const open = () => JournalStore.open(folder, { chunkRecords: 8 });
        let store = await open();
        try {
          for (const batch of batches) {
            const ops: WriteOp[] = [];
            for (const s of batch as Step[]) {
              if (s.kind === 'put') ops.push(put('c', 'org_1', rec(`k${s.id}`, { v: s.v })));
              else if (s.kind === 'delete') ops.push(del('c', 'org_1', `k${s.id}`));
              else if (s.kind === 'purge') for (let id = s.from; id < s.from + 100; id += 1) ops.push(del('c', 'org_1', `k${id}`));
              else {
                if (ops.length) await store.write(ops.splice(0));
                if (s.kind === 'compact') await store.compact();
                else {
                  const held = store.all('c', 'org_1');
                  await store.close();
                  store = await open();
                  expect(store.all('c', 'org_1')).toEqual(held);
                }
              }
            }
            if (ops.length) await store.write(ops);
          }
          const held = store.all('c', 'org_1');
          await store.close();
          store = await open();
          expect(store.all('c', 'org_1')).toEqual(held);
          // No chunk file is left empty, and none holds a record twice or one that is gone.
          const folderOfChunks = join(folder, 'snapshots', 'org_1', 'c');
          const stored: string[] = [];
          for (const file of await readdir(folderOfChunks).catch(() => [])) {
            const chunk = JSON.parse(await readFile(join(folderOfChunks, file), 'utf8')) as { records: { id: string }[] };
            expect(chunk.records.length).toBeGreaterThan(0);
            expect(chunk.records.length).toBeLessThanOrEqual(8);
            stored.push(...chunk.records.map((r) => r.id));
          }
          expect(stored.sort()).toEqual(held.map((r) => r.id).sort());
        } finally {
          await store.close();
          await rm(folder, { recursive: true, force: true });
        }
      }),
      { numRuns: 40 },
    );
  });
});
