import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Keyring } from './crypto/index.js';
import type { IdSource } from './ids.js';
import type { AsyncStore, Store } from './store/index.js';
import type { EventBus } from './jobs/index.js';

/** What every module of a running server is handed: its dependencies, never globals. */
export interface AppContext {
  config: ServerConfig;
  /**
   * The synchronous store: being retired (issue 37). Modules move to `db` one domain at a time;
   * once none reads `store`, it goes.
   */
  store: Store;
  /**
   * The store behind the asynchronous contract (store/async-store.ts): every read awaited, every
   * read-decide-write in `db.transaction(async (tx) => …)`. The file store's `db` is a view of the
   * same records as `store`; on PostgreSQL it is the only store.
   */
  db: AsyncStore;
  clock: Clock;
  ids: IdSource;
  keyring: Keyring;
  log: Logger;
  /** Listeners of published events, and who is woken once a publishing write is durable. */
  events: EventBus;
}
