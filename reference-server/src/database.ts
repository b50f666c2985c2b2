import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { Keyring, MASTER_KEY_ENV, masterKeyFromEnvironment } from './crypto/index.js';
import { randomIds, type IdSource } from './ids.js';
import { EventBus } from './event-bus.js';
import { PostgresStore, redactConnectionString, StoreUnavailableError } from './store/index.js';

export interface OpenDatabase {
  ctx: AppContext;
  /** `ctx.db`, as what it is: the readiness probe pings it. */
  database: PostgresStore;
  close(): Promise<void>;
}

/**
 * The master key of servers sharing a database: every one of them must seal and open the same
 * secrets, so it comes from the environment (a secret manager), never from a file one server
 * would create for itself (docs/decisions/hosted-sandbox-wiring.md).
 */
function sharedMasterKey(): Buffer {
  const key = masterKeyFromEnvironment();
  if (key) return key;
  throw new Error(
    `${MASTER_KEY_ENV} is required with --database-url: every server on the database must use the same master key ` +
      `(base64 of 32 bytes, e.g. \`openssl rand -base64 32\`; after \`store copy\` from a folder, that folder's master.key)`,
  );
}

/**
 * Opens the sandbox kept in PostgreSQL: applies the migrations this version has (under
 * node-pg-migrate's advisory lock, so servers started together wait for one another) and builds
 * the context. No folder lock: many servers writing one database is the point, and the
 * database's transactions keep them apart.
 */
export async function openDatabase(
  config: ServerConfig & { databaseUrl: string },
  log: Logger,
  deps: { clock?: Clock; ids?: IdSource } = {},
): Promise<OpenDatabase> {
  const keyring = new Keyring(sharedMasterKey());
  const name = redactConnectionString(config.databaseUrl);
  let database: PostgresStore;
  try {
    database = await PostgresStore.open(config.databaseUrl, {
      onError: (error) => log.error({ err: error }, 'database connection failed'),
      log: (message) => log.info({ database: name }, message),
      checkNesting: process.env['NODE_ENV'] !== 'production',
    });
  } catch (error) {
    throw new Error(`cannot open ${name}: ${error instanceof StoreUnavailableError ? error.reason : (error as Error).message}`);
  }
  const ctx: AppContext = {
    config,
    db: database,
    clock: deps.clock ?? systemClock,
    ids: deps.ids ?? randomIds,
    keyring,
    log,
    events: new EventBus(),
  };
  return { ctx, database, close: () => database.close() };
}
