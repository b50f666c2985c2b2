import { mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { Keyring, loadMasterKey } from './crypto/index.js';
import { randomIds, type IdSource } from './ids.js';
import { FileAsyncStore, nodeFileSystem, type StoreFileSystem, FolderLock, type LockHolder, JournalStore, ObservedStore, RecoveringStore, type StoreStats, type WriteOp } from './store/index.js';
import { EventBus } from './event-bus.js';

/**
 * What only a data folder's store has: its journal and snapshots. Not part of `AppContext`, whose
 * modules read and write through `ctx.db` alone, the same on a folder and on a database; the
 * composition, `backup restore` and the tests of the file store reach it through the folder.
 */
export interface FolderJournal {
  /** Rewrites the snapshots of everything changed since the last compaction and empties the journal. */
  compact(): Promise<void>;
  /** Whether the folder takes writes (a full disk), its journal and snapshot sizes, its compactions. */
  stats(): StoreStats;
}

export interface OpenFolder {
  ctx: AppContext;
  lock: FolderLock;
  journal: FolderJournal;
  close(): Promise<void>;
}

export interface OpenFolderDeps {
  clock?: Clock;
  ids?: IdSource;
  storeFileSystem?: StoreFileSystem;
  /**
   * Told about each batch once it is durable, whichever module wrote it: the server's one
   * after-commit hook (compose.ts wakes its job runner with it). It must not throw.
   */
  committed?: (ops: readonly WriteOp[]) => void;
}

/** Locks a data folder, loads its key and store, and builds the context every module is given. */
export async function openDataFolder(config: ServerConfig, log: Logger, role: LockHolder['role'], deps: OpenFolderDeps = {}): Promise<OpenFolder> {
  await mkdir(config.dataDir, { recursive: true });
  const lock = await FolderLock.acquire(config.dataDir, { role });
  return lock.holding(async () => {
    const keyring = new Keyring(await loadMasterKey(config.dataDir));
    const fs = deps.storeFileSystem ?? nodeFileSystem;
    const clock = deps.clock ?? systemClock;
    const openStore = (readOnly: boolean) =>
      JournalStore.open(config.dataDir, {
        fs,
        readOnly,
        ...(config.compactAfterBytes ? { compactAfterBytes: config.compactAfterBytes } : {}),
        onBackgroundError: (error) => log.error({ err: error }, 'store compaction failed; the journal keeps every write'),
      });
    const store = new RecoveringStore(await openStore(false), { dir: config.dataDir, fs, clock, log, reopen: openStore });
    const { committed } = deps;
    const ctx: AppContext = {
      config,
      db: new FileAsyncStore(committed ? new ObservedStore(store, committed) : store, { onError: (error) => log.error({ err: error }, 'store listener failed') }),
      clock,
      ids: deps.ids ?? randomIds,
      keyring,
      log,
      events: new EventBus(),
    };
    return {
      ctx,
      lock,
      journal: { compact: () => store.compact(), stats: () => store.stats() },
      close: () => store.close(),
    };
  });
}
