import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStoreContract, until } from '../../testing/store-contract.js';
import { FileAsyncStore } from './file-async-store.js';
import { JournalStore } from './journal-store.js';
import { create, del, put } from './index.js';

describeStoreContract('file store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'file-async-store-'));
  return {
    open: async () => new FileAsyncStore(await JournalStore.open(dir)),
    blocked: (store, signal) => until(() => (store as FileAsyncStore).waiting > 0, signal),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('the file store behind the asynchronous contract', () => {
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
});
