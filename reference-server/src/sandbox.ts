import type { Logger } from 'pino';
import type { ServerConfig } from './config.js';
import { openDataFolder, type OpenFolder, type OpenFolderDeps } from './data-folder.js';
import { openDatabase, type OpenDatabase } from './database.js';
import type { StoreHealth } from './observability/index.js';
import type { LockHolder } from './store/index.js';

/**
 * Where a server or a command keeps the sandbox: a data folder (under its lock, with its journal)
 * or a PostgreSQL database (any number of writers). Either one's `database` tells them apart.
 */
export type OpenSandbox = (OpenFolder & { database?: undefined }) | (OpenDatabase & { lock?: undefined; journal?: undefined });

/** Opens `config.databaseUrl` when given, else the data folder. */
export async function openSandbox(
  config: ServerConfig,
  log: Logger,
  deps: OpenFolderDeps & { role?: LockHolder['role'] } = {},
): Promise<OpenSandbox> {
  if (config.databaseUrl) return openDatabase({ ...config, databaseUrl: config.databaseUrl }, log, deps);
  return openDataFolder(config, log, deps.role ?? 'server', deps);
}

/** What /readyz asks of the store: the folder's figures (a full disk), or a ping of the database. */
export function storeHealth(sandbox: OpenSandbox): StoreHealth {
  if (sandbox.database) {
    const { database } = sandbox;
    return { check: 'database', problem: () => database.ping() };
  }
  const { journal } = sandbox;
  return {
    check: 'store',
    problem: async () => {
      const stats = journal.stats();
      return stats.writable ? undefined : (stats.unavailable ?? 'the store takes no writes');
    },
  };
}
