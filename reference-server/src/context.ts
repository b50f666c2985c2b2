import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Keyring } from './crypto/index.js';
import type { IdSource } from './ids.js';
import type { AsyncStore } from './store/index.js';
import type { EventBus } from './event-bus.js';

/** What every module of a running server is handed: its dependencies, never globals. */
export interface AppContext {
  config: ServerConfig;
  /**
   * The store (store/async-store.ts): every read awaited, every read-decide-write in
   * `db.transaction(async (tx) => …)`; the same contract on a data folder and on PostgreSQL. What
   * only a folder has (compaction, its journal's figures) is the folder's (data-folder.ts), never a
   * module's.
   */
  db: AsyncStore;
  clock: Clock;
  ids: IdSource;
  keyring: Keyring;
  log: Logger;
  /** Listeners of published events, and who is woken once a publishing write is durable. */
  events: EventBus;
}
