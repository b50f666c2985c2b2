import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { Keyring } from './crypto/index.js';
import { randomIds, type IdSource } from './ids.js';
import { FileAsyncStore, nodeFileSystem, type StoreFileSystem, FolderLock, type LockHolder, JournalStore, RecoveringStore } from './store/index.js';
import { EventBus } from './jobs/index.js';

export const MASTER_KEY_FILE = 'master.key';
export const MASTER_KEY_ENV = 'REFERENCE_SERVER_MASTER_KEY';

/** REFERENCE_SERVER_MASTER_KEY (base64 of 32 bytes), when set. */
export function masterKeyFromEnvironment(): Buffer | undefined {
  const fromEnv = process.env[MASTER_KEY_ENV];
  if (!fromEnv) return undefined;
  const key = Buffer.from(fromEnv, 'base64');
  if (key.length !== 32) throw new Error(`${MASTER_KEY_ENV} must be the base64 of 32 bytes`);
  return key;
}

/**
 * The master key: from REFERENCE_SERVER_MASTER_KEY (base64 of 32 bytes) when set, else from
 * `master.key` in the data folder, created (mode 0600) on first use. Keep it outside the folder
 * in any deployment where the folder itself may leak.
 */
async function loadMasterKey(dir: string): Promise<Buffer> {
  const fromEnv = masterKeyFromEnvironment();
  if (fromEnv) return fromEnv;
  const path = join(dir, MASTER_KEY_FILE);
  try {
    const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = Keyring.generateKey();
  const handle = await open(path, 'wx', 0o600);
  await handle.writeFile(key.toString('base64'));
  await handle.sync();
  await handle.close();
  return key;
}

export interface OpenFolder {
  ctx: AppContext;
  lock: FolderLock;
  close(): Promise<void>;
}

/** Locks a data folder, loads its key and store, and builds the context every module is given. */
export async function openDataFolder(
  config: ServerConfig,
  log: Logger,
  role: LockHolder['role'],
  deps: { clock?: Clock; ids?: IdSource; storeFileSystem?: StoreFileSystem } = {},
): Promise<OpenFolder> {
  await mkdir(config.dataDir, { recursive: true });
  const lock = await FolderLock.acquire(config.dataDir, { role });
  try {
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
    const ctx: AppContext = {
      config,
      store,
      db: new FileAsyncStore(store, { onError: (error) => log.error({ err: error }, 'store listener failed') }),
      clock,
      ids: deps.ids ?? randomIds,
      keyring,
      log,
      events: new EventBus(),
    };
    return {
      ctx,
      lock,
      async close() {
        try {
          await store.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
