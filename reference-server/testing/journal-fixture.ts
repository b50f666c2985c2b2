import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { JournalStore } from '../src/store/index.js';

export interface JournalFixture {
  readonly store: JournalStore;
  /** The store's folder (its journal, snapshots and files). */
  readonly dir: string;
  /** Closes the store and opens its folder again, as a restart would. */
  reopen(): Promise<void>;
}

/**
 * A journal store in a fresh temporary folder for each test of the file, closed and its folder
 * removed after the test. Its fields are read inside tests and hooks, once `beforeEach` has set them.
 */
export function journalForEach(prefix: string): JournalFixture {
  let dir: string | undefined;
  let store: JournalStore | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    store = await JournalStore.open(dir);
  });
  afterEach(async () => {
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the journal fixture is read before its beforeEach ran');
    return value;
  };
  return {
    get store() {
      return started(store);
    },
    get dir() {
      return started(dir);
    },
    async reopen() {
      await started(store).close();
      store = await JournalStore.open(started(dir));
    },
  };
}
