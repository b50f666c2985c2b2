import type pg from 'pg';
import { detached } from '../../detached.js';
import { checkChannel } from '../async-store.js';

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to others and forget its
 * channels), shared by every channel of a store. A notification sent in a transaction arrives only
 * once it commits. If the connection drops, `onError` is told and later listens reconnect; what
 * was sent meanwhile is missed, which is why a job runner keeps its periodic sweep.
 */
export class Listener {
  readonly #newClient: () => pg.Client;
  readonly #onError: (error: unknown) => void;
  readonly #handlers = new Map<string, Set<(payload: string) => void>>();
  #client: Promise<pg.Client> | undefined;

  constructor(newClient: () => pg.Client, onError: (error: unknown) => void) {
    this.#newClient = newClient;
    this.#onError = onError;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    checkChannel(channel);
    const client = await this.#connect();
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
      // The name passed checkChannel: a plain identifier, quoted as one.
      await client.query(`LISTEN "${channel}"`);
    }
    const entry = (payload: string) => handler(payload);
    handlers.add(entry);
    return async () => {
      handlers.delete(entry);
      if (handlers.size > 0 || this.#handlers.get(channel) !== handlers) return;
      this.#handlers.delete(channel);
      await client.query(`UNLISTEN "${channel}"`).catch(this.#onError);
    };
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    this.#handlers.clear();
    if (client) await (await client.catch(() => undefined))?.end().catch(() => undefined);
  }

  #connect(): Promise<pg.Client> {
    this.#client ??= (async () => {
      const client = this.#newClient();
      client.on('notification', detached(this.#onError, (message: pg.Notification) => this.#deliver(message.channel, message.payload ?? '')));
      client.on(
        'error',
        detached(this.#onError, (error: Error) => {
          this.#client = undefined;
          this.#handlers.clear();
          this.#onError(error);
        }),
      );
      try {
        await client.connect();
      } catch (error) {
        this.#client = undefined;
        throw error;
      }
      return client;
    })();
    return this.#client;
  }

  #deliver(channel: string, payload: string): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}
