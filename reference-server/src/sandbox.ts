import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDataFolder } from './data-folder.js';
import { openDatabase } from './database.js';
import type { IdSource } from './ids.js';
import type { StoreHealth } from './observability/index.js';
import type { FolderLock, LockHolder, PostgresStore, StoreFileSystem } from './store/index.js';

/** Where a server or a command keeps the sandbox: a data folder (under its lock) or a PostgreSQL database. */
export interface OpenSandbox {
  ctx: AppContext;
  /** The data folder's lock: one writer per folder. */
  lock?: FolderLock;
  /** The database: any number of writers. */
  database?: PostgresStore;
  close(): Promise<void>;
}

/** Opens `config.databaseUrl` when given, else the data folder. */
export async function openSandbox(
  config: ServerConfig,
  log: Logger,
  deps: { clock?: Clock; ids?: IdSource; storeFileSystem?: StoreFileSystem; role?: LockHolder['role'] } = {},
): Promise<OpenSandbox> {
  if (config.databaseUrl) return openDatabase({ ...config, databaseUrl: config.databaseUrl }, log, deps);
  return openDataFolder(config, log, deps.role ?? 'server', deps);
}

/** What /readyz asks of the store: the folder's figures (a full disk), or a ping of the database. */
export function storeHealth(sandbox: OpenSandbox): StoreHealth {
  const { database } = sandbox;
  if (database) return { check: 'database', problem: () => database.ping() };
  const store = sandbox.ctx.store;
  return {
    check: 'store',
    problem: async () => {
      const stats = store.stats();
      return stats.writable ? undefined : (stats.unavailable ?? 'the store takes no writes');
    },
  };
}
