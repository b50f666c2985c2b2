import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../../../testing/postgres.js';
import { recordSentQueries, type SentQueries } from '../../../testing/sent-queries.js';
import { put, StoreUnavailableError } from '../store.js';
import { READS_IN_FLIGHT, READS_PER_MESSAGE } from './pooled-reads.js';
import { PostgresStore } from './postgres-store.js';

/**
 * Reads outside a transaction of different requests share messages while others are in flight
 * (PooledReads). "Different requests" are reads asked in different synchronous stretches of one
 * macrotask: no answer from PostgreSQL can arrive between them, so the first messages are
 * certainly still in flight when the later reads are asked.
 */

let sent: SentQueries | undefined;
/** Every message the store's connections sent since the test's start: a statement by name, or the text of a simple query. */
const messages = () => (sent as SentQueries).all;

let database: TestDatabase;
let store: PostgresStore;

beforeAll(async () => {
  database = await testDatabase();
  const seeding = await PostgresStore.open(database.url);
  // Ids a literal must escape, to be sure each result reaches its own caller.
  const ids = ["o'brien", 'back\\slash', 'semi;colon', '$1', "it''s", 'plain', 'ünïcödé', 'E\'x\''];
  await seeding.write([...ids.map((id) => put('things', 'org', { id, name: `name of ${id}` })), put('other', 'org', { id: 'x' })]);
  await seeding.close();
  sent = recordSentQueries();
});

afterAll(async () => {
  sent?.restore();
  await database?.drop();
});

beforeEach(async () => {
  store = await PostgresStore.open(database.url);
  // A connection open before counting: its first use must not differ from the next.
  await store.get('things', 'org', 'plain');
  sent?.reset();
});

afterEach(() => store.close());

/** Asks each read in a synchronous stretch of its own, all in one macrotask, as requests arriving together do. */
async function askedApart<T>(reads: Array<() => Promise<T>>): Promise<Array<Promise<T>>> {
  const asked: Array<Promise<T>> = [];
  for (const read of reads) {
    asked.push(read());
    await Promise.resolve();
  }
  return asked;
}

/** How many reads a message carried. */
const readsIn = (message: string | { name?: string }): number => (typeof message === 'string' ? (message.match(/^EXECUTE /gm) ?? []).length : 1);

describe('reads outside a transaction, under load', () => {
  it('go together, several requests in one message, while others are in flight', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `id-${i}`);
    const results = await Promise.all(await askedApart(ids.map((id) => () => store.get('things', 'org', id))));
    expect(results).toEqual(ids.map(() => undefined));
    // The first READS_IN_FLIGHT go at once, one each; the rest wait, and go in one message when one returns.
    expect(messages().length).toBeLessThan(ids.length);
    expect(messages().length).toBeLessThanOrEqual(READS_IN_FLIGHT + 1);
    expect(messages().map(readsIn).reduce((a, b) => a + b, 0)).toBe(ids.length);
  });

  it(`never put more than ${READS_PER_MESSAGE} reads in one message`, async () => {
    const n = READS_IN_FLIGHT + 2 * READS_PER_MESSAGE + 1;
    const counts = await Promise.all(await askedApart(Array.from({ length: n }, () => () => store.count('things', 'org'))));
    expect(counts).toEqual(Array.from({ length: n }, () => 8));
    expect(Math.max(...messages().map(readsIn))).toBe(READS_PER_MESSAGE);
    expect(messages().map(readsIn).reduce((a, b) => a + b, 0)).toBe(n);
  });

  it('give each caller its own result, whatever its id holds', async () => {
    const ids = ["o'brien", 'back\\slash', 'semi;colon', '$1', "it''s", 'plain', 'ünïcödé', 'E\'x\'', 'absent'];
    const reads = await askedApart<unknown>([
      ...ids.map((id) => () => store.get('things', 'org', id)),
      () => store.count('other', 'org'),
      () => store.get('other', 'org', 'x'),
    ]);
    expect(await Promise.all(reads)).toEqual([...ids.map((id) => (id === 'absent' ? undefined : { id, name: `name of ${id}` })), 1, { id: 'x' }]);
    expect(messages().length).toBeLessThan(reads.length);
  });

  it('fail only the read whose value PostgreSQL refuses, never the others of its message', async () => {
    // Two in flight first, so the three after them wait and go in one message.
    const reads = await askedApart<unknown>([
      () => store.get('things', 'org', 'plain'),
      () => store.count('things', 'org'),
      () => store.get('things', 'org', "o'brien"),
      () => store.get('things', 'org', 'a\u0000'),
      () => store.count('other', 'org'),
    ]);
    const settled = await Promise.allSettled(reads);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : undefined))).toEqual([{ id: 'plain', name: 'name of plain' }, 8, { id: "o'brien", name: "name of o'brien" }, undefined, 1]);
    // And the next reads still go together.
    sent?.reset();
    const after = await Promise.all(await askedApart(['plain', '$1', 'semi;colon', 'absent'].map((id) => () => store.get('things', 'org', id))));
    expect(after.map((record) => record?.id)).toEqual(['plain', '$1', 'semi;colon', undefined]);
    expect(messages().length).toBeLessThan(4);
  });

  it('send a read asked alone at once, alone and by name, as an idle server did', async () => {
    const read = store.get('things', 'org', 'plain');
    // Written before any answer could arrive: nothing made it wait.
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages()).toEqual([expect.objectContaining({ name: 'rs_get', text: expect.stringContaining('SELECT body FROM records') })]);
    expect(await read).toEqual({ id: 'plain', name: 'name of plain' });
  });

  it('answer every read asked before the store closes, more than the pool holds, and refuse those asked after', async () => {
    const closing = await PostgresStore.open(database.url, { poolSize: 2 });
    // Stretches that each hold a scan go at once, each wanting a connection of its own.
    const reads = await askedApart<unknown>(Array.from({ length: 6 }, (_, i) => () => Promise.all([closing.all('things', 'org'), closing.get('things', 'org', i % 2 ? 'plain' : '$1')])));
    const points = await askedApart<unknown>(Array.from({ length: 6 }, () => () => closing.count('other', 'org')));
    const closed = closing.close();
    const settled = await Promise.allSettled([...reads, ...points]);
    await closed;
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(settled.slice(6).map((s) => (s as PromiseFulfilledResult<unknown>).value)).toEqual(Array.from({ length: 6 }, () => 1));
    await expect(closing.get('things', 'org', 'plain')).rejects.toThrow('the server is stopping');
  });

  it('refuse every read of a message with the store\'s error when the pool cannot lend a connection, and read again once the database is back', async () => {
    const relay = await relayTo(new URL(database.url));
    // Its idle connection fails when the relay cuts it: the store reports that to onError, and nothing throws.
    const cut = await PostgresStore.open(relay.url, { onError: () => undefined });
    try {
      expect(await cut.get('things', 'org', 'plain')).toEqual({ id: 'plain', name: 'name of plain' });
      await relay.down();
      // The first READS_IN_FLIGHT go alone; the rest wait for them and go as one message, which finds no connection.
      const ids = ['plain', '$1', 'semi;colon', "o'brien", 'absent'];
      const settled = await Promise.allSettled(await askedApart(ids.map((id) => () => cut.get('things', 'org', id))));
      expect(settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).name : s.status))).toEqual(ids.map(() => 'StoreUnavailableError'));
      expect(settled.every((s) => s.status === 'rejected' && s.reason instanceof StoreUnavailableError)).toBe(true);
      await relay.up();
      const again = await Promise.all(await askedApart(ids.map((id) => () => cut.get('things', 'org', id))));
      expect(again.map((record) => record?.id)).toEqual(['plain', '$1', 'semi;colon', "o'brien", undefined]);
    } finally {
      await cut.close();
      await relay.down();
    }
  });
});

/**
 * A TCP relay to the test database that can be taken down (its listener closed, its connections
 * cut: a database that went away) and brought back on the same port.
 */
async function relayTo(target: URL): Promise<{ url: string; down(): Promise<void>; up(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = async () => {
    const listening = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket)).on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => listening.once('error', reject).listen(port, '127.0.0.1', resolve));
    port = (listening.address() as { port: number }).port;
    server = listening;
  };
  const down = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await up();
  const url = new URL(target);
  url.port = String(port);
  return { url: url.toString(), down, up };
}
