import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptStoreError, JournalStore } from './journal-store.js';
import { CHUNK_RECORDS, InvalidCursorError } from './partition.js';
import { del, put } from './store.js';

let dir: string;
let opened: JournalStore[] = [];

/** Tests reopen a folder to play a restart; every instance is closed (not compacted) at the end. */
async function openStore(options?: Parameters<typeof JournalStore.open>[1]): Promise<JournalStore> {
  const store = await JournalStore.open(dir, options);
  opened.push(store);
  return store;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-store-'));
});
afterEach(async () => {
  await Promise.all(opened.map((store) => store.close().catch(() => undefined)));
  opened = [];
  await rm(dir, { recursive: true, force: true });
});

const rec = (id: string, extra: Record<string, unknown> = {}) => ({ id, ...extra });

describe('JournalStore', () => {
  it('keeps every acknowledged write across a reopen, with and without compaction', async () => {
    const store = await openStore();
    await store.write([put('things', 'org_a', rec('t1', { n: 1 })), put('things', 'org_b', rec('t2'))]);
    await store.compact();
    await store.write([put('things', 'org_a', rec('t1', { n: 2 })), put('things', 'org_a', rec('t3'))]);
    await store.write([del('things', 'org_b', 't2')]);
    // No close: the journal alone must carry the writes since the compaction.
    const reopened = await openStore();
    expect(reopened.get('things', 'org_a', 't1')).toEqual({ id: 't1', n: 2 });
    expect(reopened.all('things', 'org_a').map((r) => r.id)).toEqual(['t1', 't3']);
    expect(reopened.get('things', 'org_b', 't2')).toBeUndefined();
    await reopened.close();
  });

  it('splits snapshots by scope and collection and empties the journal on compaction', async () => {
    const store = await openStore();
    await store.write([put('a', 'org_1', rec('x')), put('b', 'org_2', rec('y'))]);
    await store.close();
    expect((await readdir(join(dir, 'snapshots'))).sort()).toEqual(['org_1', 'org_2']);
    expect(JSON.parse(await readFile(join(dir, 'snapshots', 'org_1', 'a', '0.json'), 'utf8'))).toEqual({
      version: 2,
      ins: [1],
      records: [{ id: 'x' }],
    });
    expect(await readFile(join(dir, 'journal.jsonl'), 'utf8')).toBe('');
  });

  it('drops a line torn by a crash and keeps the ones before it', async () => {
    const store = await openStore();
    await store.write([put('c', 'org_1', rec('kept'))]);
    await appendFile(join(dir, 'journal.jsonl'), '{"t":1,"ops":[{"op":"put","coll');
    const reopened = await openStore();
    expect(reopened.get('c', 'org_1', 'kept')).toEqual({ id: 'kept' });
    await reopened.write([put('c', 'org_1', rec('after'))]);
    const again = await openStore();
    expect(again.all('c', 'org_1').map((r) => r.id)).toEqual(['kept', 'after']);
  });

  it('refuses to open on a corrupt journal line, naming the file and line', async () => {
    await writeFile(join(dir, 'journal.jsonl'), '{"t":1,"ops":[]}\nnot json\n{"t":2,"ops":[]}\n');
    const opening = JournalStore.open(dir);
    await expect(opening).rejects.toBeInstanceOf(CorruptStoreError);
    await expect(opening).rejects.toThrow(/journal\.jsonl.*line 2/);
  });

  it('refuses to open on a corrupt snapshot, naming it, instead of starting empty', async () => {
    const store = await openStore();
    await store.write([put('c', 'org_1', rec('x'))]);
    await store.close();
    const file = join(dir, 'snapshots', 'org_1', 'c', '0.json');
    await writeFile(file, '{"version":1,"records":[{"id":"x"}');
    await expect(JournalStore.open(dir)).rejects.toThrow(file);
  });

  it('cleans temp files a killed writer left behind', async () => {
    const store = await openStore();
    await store.write([put('c', 'org_1', rec('x'))]);
    await store.close();
    const stale = join(dir, 'snapshots', 'org_1', 'c', '.0.json.tmp');
    await writeFile(stale, '{"half');
    const reopened = await openStore();
    expect(await readdir(join(dir, 'snapshots', 'org_1', 'c'))).toEqual(['0.json']);
    expect(reopened.get('c', 'org_1', 'x')).toEqual({ id: 'x' });
  });

  it('finishes a compaction that a crash interrupted', async () => {
    const store = await openStore();
    await store.write([put('c', 'org_1', rec('old'))]);
    await store.close();
    // A crash after rotating the journal but before the snapshots were rewritten.
    await writeFile(join(dir, 'journal.jsonl.compacting'), `${JSON.stringify({ t: 1, ops: [put('c', 'org_1', rec('rotated'))] })}\n`);
    await writeFile(join(dir, 'journal.jsonl'), `${JSON.stringify({ t: 2, ops: [put('c', 'org_1', rec('rotated', { v: 2 }))] })}\n`);
    const reopened = await openStore();
    expect(reopened.get('c', 'org_1', 'rotated')).toEqual({ id: 'rotated', v: 2 });
    expect((await readdir(dir)).includes('journal.jsonl.compacting')).toBe(false);
    await reopened.close();
    const again = await openStore();
    expect(again.all('c', 'org_1')).toEqual([{ id: 'old' }, { id: 'rotated', v: 2 }]);
  });

  it('acknowledges concurrent writes together and keeps their order', async () => {
    const store = await openStore();
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.write([put('c', 'org_1', rec(`r${i}`, { i }))])));
    await store.write([put('c', 'org_1', rec('r7', { i: 'last' }))]);
    const reopened = await openStore();
    expect(reopened.count('c', 'org_1')).toBe(200);
    expect(reopened.get('c', 'org_1', 'r7')).toEqual({ id: 'r7', i: 'last' });
    expect(reopened.all('c', 'org_1')[0]?.id).toBe('r0');
  });

  it('writes keep flowing while a compaction runs', async () => {
    const store = await openStore();
    await store.write(Array.from({ length: 2000 }, (_, i) => put('c', 'org_1', rec(`a${i}`, { pad: 'x'.repeat(200) }))));
    const compaction = store.compact();
    const during = Promise.all(Array.from({ length: 50 }, (_, i) => store.write([put('c', 'org_2', rec(`b${i}`))])));
    await Promise.all([compaction, during]);
    const reopened = await openStore();
    expect(reopened.count('c', 'org_1')).toBe(2000);
    expect(reopened.count('c', 'org_2')).toBe(50);
  });

  it('compacts by itself once the journal passes its threshold', async () => {
    const store = await openStore({ compactAfterBytes: 4096 });
    for (let i = 0; i < 40; i += 1) await store.write([put('c', 'org_1', rec(`r${i}`, { pad: 'y'.repeat(200) }))]);
    // One client writing in sequence: the threshold is checked after every journal write, not
    // only when the queue runs dry. compact() waits for a running compaction, then runs its own.
    await store.compact();
    expect(store.stats().compactions).toBeGreaterThanOrEqual(2);
    expect(await readdir(join(dir, 'snapshots', 'org_1', 'c'))).toEqual(['0.json']);
    expect((await readFile(join(dir, 'journal.jsonl'), 'utf8')).length).toBeLessThan(4096);
  });

  it('lets the journal grow as large as the chunks it would rewrite, so rewrites stay in step with writes', async () => {
    const store = await openStore({ compactAfterBytes: 4096 });
    await store.write(Array.from({ length: 4 * CHUNK_RECORDS }, (_, i) => put('c', 'org_1', rec(`old${i}`, { pad: 'z'.repeat(200) }))));
    await store.compact();
    const chunkBytes = (await readFile(join(dir, 'snapshots', 'org_1', 'c', '0.json'), 'utf8')).length;
    expect(chunkBytes).toBeGreaterThan(100_000);
    const compacted = store.stats().compactions;
    // Updates scattered over the four old chunks: once they are dirty, the journal may grow to
    // their size (4 × 100 kB) before a compaction rewrites them.
    for (let i = 0; i < 4; i += 1) await store.write([put('c', 'org_1', rec(`old${i * CHUNK_RECORDS}`, { pad: 'u'.repeat(200) }))]);
    for (let i = 0; i < 80; i += 1) await store.write([put('c', 'org_1', rec(`new${i}`, { pad: 'y'.repeat(200) }))]);
    expect((await readFile(join(dir, 'journal.jsonl'), 'utf8')).length).toBeGreaterThan(20_000);
    expect(store.stats().compactions).toBe(compacted);
    // Appends alone dirty only the open chunk (80 records, 20 kB on disk): once the journal passes
    // that, a compaction starts by itself. An explicit compaction before and after; the count
    // shows at least one more in between.
    await store.compact();
    for (let i = 80; i < 200; i += 1) await store.write([put('c', 'org_1', rec(`new${i}`, { pad: 'y'.repeat(200) }))]);
    await store.compact();
    expect(store.stats().compactions).toBeGreaterThanOrEqual(compacted + 3);
  });

  it('pages newest first with a cursor, and refuses an unknown cursor', async () => {
    const store = await openStore();
    await store.write(Array.from({ length: 7 }, (_, i) => put('c', 'org_1', rec(`r${i}`, { even: i % 2 === 0 }))));
    await store.write([del('c', 'org_1', 'r5')]);
    const first = store.page('c', 'org_1', { limit: 3 });
    expect(first.items.map((r) => r.id)).toEqual(['r6', 'r4', 'r3']);
    const second = store.page('c', 'org_1', { limit: 3, after: first.next as string });
    expect(second.items.map((r) => r.id)).toEqual(['r2', 'r1', 'r0']);
    expect(second.next).toBeUndefined();
    const evens = store.page<{ id: string; even: boolean }>('c', 'org_1', { limit: 10, filter: (r) => r.even });
    expect(evens.items.map((r) => r.id)).toEqual(['r6', 'r4', 'r2', 'r0']);
    expect(() => store.page('c', 'org_1', { limit: 3, after: 'nope' })).toThrow(InvalidCursorError);
  });

  it('refuses unsafe names, records without ids and batches that do not serialise, before touching memory or disk', async () => {
    const store = await openStore();
    expect(() => store.write([put('../etc', 'org_1', rec('x'))])).toThrow(/collection/);
    expect(() => store.write([put('c', 'org/1', rec('x'))])).toThrow(/scope/);
    expect(() => store.write([put('c', 'org_1', { id: '' })])).toThrow(/id/);
    // A delete without an id, or a record whose JSON is not itself, anywhere in a batch: nothing of the batch is kept.
    expect(() => store.write([put('c', 'org_1', rec('kept-out')), { op: 'delete', collection: 'c', scope: 'org_1', id: undefined as unknown as string }])).toThrow(/delete without id/);
    expect(() => store.write([put('c', 'org_1', rec('kept-out')), put('c', 'org_1', { id: 'odd', toJSON: () => 'text' })])).toThrow(/does not serialise/);
    expect(() => store.write([put('c', 'org_1', { id: 'renamed', toJSON: () => ({ id: 'other' }) })])).toThrow(/does not serialise/);
    expect(() => store.write([put('c', 'org_1', { id: 'big', n: 1n })])).toThrow();
    expect(store.count('c', 'org_1')).toBe(0);
    await store.write([put('c', 'org_1', rec('after'))]);
    // The journal holds only well-formed lines: a restart (no compaction) reads it.
    const reopened = await openStore();
    expect(reopened.all('c', 'org_1')).toEqual([{ id: 'after' }]);
  });

  it('compacts while writes keep coming, instead of waiting for a quiet moment that never comes', async () => {
    const store = await openStore();
    let compacted = false;
    let written = 0;
    // Eight clients, each writing again as soon as its last write is acknowledged: the queue of
    // lines is never empty for long. Each stops when the compaction is done, or after 4,000 writes.
    const client = async (n: number) => {
      for (let i = 0; !compacted && i < 4000; i += 1) {
        await store.write([put('c', 'org_1', rec(`c${n}-${i}`))]);
        written += 1;
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    await store.write([put('c', 'org_1', rec('first'))]);
    const compaction = store.compact().then(() => {
      compacted = true;
    });
    await Promise.all([compaction, ...clients]);
    expect(written).toBeLessThan(8 * 4000);
    const reopened = await openStore();
    expect(reopened.count('c', 'org_1')).toBe(written + 1);
  });

  it('does not let a caller change a stored record by mutating what it wrote', async () => {
    const store = await openStore();
    const value = { id: 'm', list: [1] };
    await store.write([put('c', 'org_1', value)]);
    value.list.push(2);
    expect(store.get('c', 'org_1', 'm')).toEqual({ id: 'm', list: [1] });
  });

  it('finishes writes still in flight when it is closed', async () => {
    const store = await openStore();
    const writes = Array.from({ length: 100 }, (_, i) => store.write([put('c', 'org_1', rec(`r${i}`))]));
    const closing = store.close();
    await Promise.all([...writes, closing]);
    const reopened = await openStore();
    expect(reopened.count('c', 'org_1')).toBe(100);
  });
});
