import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeStoreContract, until } from '../../testing/store-contract.js';
import { FileAsyncStore } from './file-async-store.js';
import { JournalStore } from './journal-store.js';
import { create, del, put, type AsyncReader, type WriteOp } from './index.js';

/** Everything a reader shows of one scope: all, count, and every page walked both ways. */
async function view(reader: AsyncReader, limit: number) {
  const walk = async (newestFirst: boolean) => {
    const seen: string[][] = [];
    let after: string | undefined;
    do {
      const page = await reader.page('things', 'org', { limit, newestFirst, ...(after === undefined ? {} : { after }) });
      seen.push(page.items.map((r) => r.id));
      after = page.next;
    } while (after !== undefined);
    return seen;
  };
  return { all: await reader.all('things', 'org'), count: await reader.count('things', 'org'), oldest: await walk(false), newest: await walk(true) };
}

describeStoreContract('file store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'file-async-store-'));
  return {
    open: async () => new FileAsyncStore(await JournalStore.open(dir)),
    blocked: (store, signal) => until(() => (store as FileAsyncStore).waiting > 0, signal),
    serialises: true,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('the file store behind the asynchronous contract', () => {
  it('shows inside a transaction exactly what the store shows once it commits, whatever the transaction wrote', async () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const op = fc.oneof(
      fc.record({ op: fc.constant('put' as const), id, n: fc.nat(9) }),
      fc.record({ op: fc.constant('delete' as const), id, n: fc.constant(0) }),
    );
    const toWrite = ({ op: kind, id: key, n }: { op: 'put' | 'delete'; id: string; n: number }): WriteOp =>
      kind === 'put' ? put('things', 'org', { id: key, n }) : del('things', 'org', key);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 6 }), fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { maxLength: 4 }), fc.integer({ min: 1, max: 3 }), async (before, batches, limit) => {
        const dir = await mkdtemp(join(tmpdir(), 'file-async-store-'));
        try {
          const store = new FileAsyncStore(await JournalStore.open(dir));
          await store.write(before.map(toWrite));
          const inside = await store.transaction(async (tx) => {
            for (const batch of batches) await tx.write(batch.map(toWrite));
            return view(tx, limit);
          });
          expect(inside).toEqual(await view(store, limit));
          await store.close();
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('leaves the folder as the journal store writes it: a plain JournalStore reads every commit, in order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'file-async-store-'));
    try {
      const store = new FileAsyncStore(await JournalStore.open(dir, { chunkRecords: 2 }));
      await store.write([put('things', 'org', { id: 'a' }), put('things', 'org', { id: 'b' })]);
      await store.transaction(async (tx) => {
        await tx.write([create('things', 'org', { id: 'c' }), del('things', 'org', 'a'), put('things', 'org', { id: 'a', again: true })]);
      });
      await store.close();
      const plain = await JournalStore.open(dir, { chunkRecords: 2 });
      expect(plain.all('things', 'org')).toEqual([{ id: 'b' }, { id: 'c' }, { id: 'a', again: true }]);
      await plain.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers its committed view at once: what a transaction writes appears at the commit, and the view refuses a call from inside a transaction', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'file-async-store-'));
    try {
      const store = new FileAsyncStore(await JournalStore.open(dir));
      await store.write([put('things', 'org', { id: 'a', n: 1 })]);
      const view = store.committed;
      expect(view.get('things', 'org', 'a')).toEqual({ id: 'a', n: 1 });
      let written!: () => void;
      const hasWritten = new Promise<void>((resolve) => (written = resolve));
      let goOn!: () => void;
      const released = new Promise<void>((resolve) => (goOn = resolve));
      const committing = store.transaction(async (tx) => {
        await tx.write([put('things', 'org', { id: 'a', n: 2 }), put('things', 'org', { id: 'b' })]);
        expect(() => view.count('things', 'org')).toThrow(/inside one of the store's transactions/);
        written();
        await released;
      });
      await hasWritten;
      // Another request's look while the transaction runs: what is committed, not what it wrote.
      expect(view.get('things', 'org', 'a')).toEqual({ id: 'a', n: 1 });
      expect(view.count('things', 'org')).toBe(1);
      goOn();
      await committing;
      expect(view.get('things', 'org', 'a')).toEqual({ id: 'a', n: 2 });
      expect(view.count('things', 'org')).toBe(2);
      await store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
