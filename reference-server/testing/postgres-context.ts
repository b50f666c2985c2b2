import type { Request, Response } from 'express';
import { afterAll, beforeAll } from 'vitest';
import { systemClock, type Clock } from '../src/clock.js';
import { defaultConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { Keyring } from '../src/crypto/index.js';
import { randomIds } from '../src/ids.js';
import { EventBus } from '../src/event-bus.js';
import { createLogger } from '../src/log.js';
import { PostgresStore } from '../src/store/index.js';
import { testDatabase } from './postgres.js';

export interface ServersOnPostgres {
  /** One context per server: each its own PostgresStore (its own connections), one master key, one clock. */
  servers: AppContext[];
  /** The database's URL, to look at it from outside the servers (what waits on a lock). */
  url: string;
  close(): Promise<void>;
}

/**
 * `count` servers' contexts on one fresh database of the run's PostgreSQL, as N servers started
 * with the same `--database-url` and master key would hold: what services are run against to show
 * that two servers racing end as the rules say.
 */
export async function serversOnPostgres(count = 2, options: { clock?: Clock } = {}): Promise<ServersOnPostgres> {
  const database = await testDatabase();
  const keyring = new Keyring(Keyring.generateKey());
  const stores = await Promise.all(Array.from({ length: count }, () => PostgresStore.open(database.url)));
  const servers = stores.map(
    (db): AppContext => ({
      config: defaultConfig({ dataDir: '/nonexistent', publicUrl: 'http://127.0.0.1:4010', logLevel: 'silent' }),
      db,
      clock: options.clock ?? systemClock,
      ids: randomIds,
      keyring,
      log: createLogger('silent'),
      events: new EventBus(),
    }),
  );
  return {
    servers,
    url: database.url,
    async close() {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    },
  };
}

/** Two servers of a test file's races, `a` and `b`: read them in its tests (they exist from its first hook on). */
export interface TwoServers {
  readonly a: AppContext;
  readonly b: AppContext;
}

/**
 * For a test file of races between two servers: opens them (serversOnPostgres) before its tests
 * and closes them after, so each file says only what it races.
 */
export function twoServersOnPostgres(options: { clock?: Clock } = {}): TwoServers {
  let pg: ServersOnPostgres | undefined;
  const opened = (): [AppContext, AppContext] => {
    if (!pg) throw new Error('the two servers open in the first beforeAll hook: read them in a test or a later hook');
    return pg.servers as [AppContext, AppContext];
  };
  beforeAll(async () => {
    pg = await serversOnPostgres(2, options);
  });
  afterAll(() => pg?.close());
  return {
    get a() {
      return opened()[0];
    },
    get b() {
      return opened()[1];
    },
  };
}

/** A browser's request as the session and slot code reads it: its cookies, address and user agent. */
export function browserRequest(cookies: Record<string, string> = {}): Request {
  return { cookies, ip: '127.0.0.1', get: () => 'vitest' } as unknown as Request;
}

/** A response that keeps the cookies set on it, so the next request of the same browser can carry them. */
export function cookieJar(): { res: Response; cookies: Record<string, string> } {
  const cookies: Record<string, string> = {};
  const res = {
    cookie(name: string, value: string) {
      cookies[name] = value;
      return res;
    },
    clearCookie(name: string) {
      delete cookies[name];
      return res;
    },
  };
  return { res: res as unknown as Response, cookies };
}
