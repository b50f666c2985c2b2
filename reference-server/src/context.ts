import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Keyring } from './crypto/keyring.js';
import type { IdSource } from './ids.js';
import type { Store } from './store/store.js';
import type { EventBus } from './webhooks/outbox.js';

/** A background loop (queue processor, webhook delivery) started and stopped with the server. */
export interface Worker {
  name: string;
  start(): void;
  /** Resolves once the loop has finished what it had started. */
  stop(): Promise<void>;
}

/** What every module of a running server is handed: its dependencies, never globals. */
export interface AppContext {
  config: ServerConfig;
  store: Store;
  clock: Clock;
  ids: IdSource;
  keyring: Keyring;
  log: Logger;
  /** Listeners of published events, and who is woken once a publishing write is durable. */
  events: EventBus;
}
