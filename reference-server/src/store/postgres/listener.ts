import type pg from 'pg';
import { detached } from '../../detached.js';
import { checkChannel } from '../async-store.js';

/** Waits between attempts to listen again after the connection dropped: doubling from the first to the last. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

interface Entry {
  handler: (payload: string) => void;
  resumed: (() => void) | undefined;
}

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to others and forget its
 * channels), shared by every channel of a store. A notification sent in a transaction arrives only
 * once it commits. If the connection drops (the database restarted, a proxy cut it, an operator
 * ran pg_terminate_backend), `onError` is told and the listener connects again on its own, with a
 * growing wait, and LISTENs to every channel again; what was sent meanwhile is missed, so each
 * listen's `resumed` is called once it listens again (a job runner then looks for work itself).
 */
export class Listener {
  readonly #newClient: () => pg.Client;
  readonly #onError: (error: unknown) => void;
  readonly #entries = new Map<string, Set<Entry>>();
  #client: Promise<pg.Client> | undefined;
  /** The connection once made: the one whose loss starts a reconnect. */
  #connected: pg.Client | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryMs = RECONNECT_FIRST_MS;
  #closed = false;

  readonly #sentHere: (processId: number) => boolean;

  /**
   * `sentHere` tells a notification sent by this store's own connections: those were delivered in
   * process at their commit (`deliverCommitted`), so PostgreSQL's copy of them is dropped.
   */
  constructor(newClient: () => pg.Client, onError: (error: unknown) => void, sentHere: (processId: number) => boolean = () => false) {
    this.#newClient = newClient;
    this.#onError = onError;
    this.#sentHere = sentHere;
  }

  /**
   * Delivers a committed transaction's notifications to this process's listeners at once: a
   * server's own runner starts the jobs it wrote without the round trip through PostgreSQL.
   */
  deliverCommitted(notifications: ReadonlyArray<readonly [string, string]>): void {
    for (const [channel, payload] of notifications) this.#deliver(channel, payload);
  }

  async listen(channel: string, handler: (payload: string) => void, resumed?: () => void): Promise<() => Promise<void>> {
    checkChannel(channel);
    const client = await this.#connect();
    let entries = this.#entries.get(channel);
    if (!entries) {
      entries = new Set();
      this.#entries.set(channel, entries);
      await client.query(listenStatement(channel));
    }
    const entry: Entry = { handler, resumed };
    entries.add(entry);
    return async () => {
      entries.delete(entry);
      if (entries.size > 0 || this.#entries.get(channel) !== entries) return;
      this.#entries.delete(channel);
      const current = await this.#client?.catch(() => undefined);
      await current?.query(`UNLISTEN "${channel}"`).catch(this.#onError);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    this.#connected = undefined;
    this.#entries.clear();
    if (client) await (await client.catch(() => undefined))?.end().catch(() => undefined);
  }

  #connect(): Promise<pg.Client> {
    this.#client ??= (async () => {
      const client = this.#newClient();
      client.on(
        'notification',
        detached(this.#onError, (message: pg.Notification) => {
          if (!this.#sentHere(message.processId)) this.#deliver(message.channel, message.payload ?? '');
        }),
      );
      // A dropped connection emits 'error' (unless it was idle and quiet) and then 'end': either one starts the reconnect, once.
      client.on('error', detached(this.#onError, (error: Error) => this.#lost(client, error)));
      client.on('end', detached(this.#onError, () => this.#lost(client, undefined)));
      try {
        await client.connect();
      } catch (error) {
        this.#client = undefined;
        throw error;
      }
      this.#connected = client;
      return client;
    })();
    return this.#client;
  }

  #lost(client: pg.Client, error: Error | undefined): void {
    if (error) this.#onError(error);
    // Closed, or already handled (the 'end' after the 'error').
    if (this.#closed || this.#connected !== client) return;
    this.#connected = undefined;
    this.#client = undefined;
    this.#retry();
  }

  #retry(): void {
    if (this.#closed || this.#entries.size === 0 || this.#retryTimer) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, RECONNECT_MAX_MS);
    this.#retryTimer = setTimeout(
      detached(this.#onError, async () => {
        this.#retryTimer = undefined;
        try {
          await this.#relisten();
        } catch (error) {
          this.#onError(error);
          // Connected but not listening: dropped, and tried again.
          const half = this.#connected;
          this.#connected = undefined;
          this.#client = undefined;
          await half?.end().catch(() => undefined);
          this.#retry();
        }
      }),
      wait,
    );
    this.#retryTimer.unref();
  }

  async #relisten(): Promise<void> {
    const client = await this.#connect();
    for (const channel of this.#entries.keys()) await client.query(listenStatement(channel));
    this.#retryMs = RECONNECT_FIRST_MS;
    for (const entries of this.#entries.values()) {
      for (const entry of entries) {
        try {
          entry.resumed?.();
        } catch (error) {
          this.#onError(error);
        }
      }
    }
  }

  #deliver(channel: string, payload: string): void {
    for (const entry of this.#entries.get(channel) ?? []) {
      try {
        entry.handler(payload);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}

/** The name passed checkChannel: a plain identifier, quoted as one. */
const listenStatement = (channel: string) => `LISTEN "${channel}"`;
