import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockWaiters, testDatabase, type TestDatabase } from '../../../testing/postgres.js';
import { recordSentQueries } from '../../../testing/sent-queries.js';
import { describeStoreContract, until } from '../../../testing/store-contract.js';
import { increment } from '../async-store.js';
import { put } from '../store.js';
import { redactConnectionString } from './connection.js';
import { LISTEN_APPLICATION, PostgresStore } from './postgres-store.js';
import { GET, WALK } from './queries.js';

async function emptied(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('TRUNCATE records RESTART IDENTITY').finally(() => client.end());
}

/** One database for the contract's cases (creating one per case costs more than the case), emptied after each. */
let contractDatabase: Promise<TestDatabase> | undefined;
afterAll(async () => (await contractDatabase)?.drop());

describeStoreContract('PostgreSQL', async () => {
  contractDatabase ??= testDatabase();
  const database = await contractDatabase;
  return {
    open: () => PostgresStore.open(database.url),
    blocked: (_store, signal) => until(async () => (await lockWaiters(database.url)) > 0, signal),
    serialises: false,
    dispose: () => emptied(database.url),
  };
});

describe('the PostgreSQL store', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.drop());

  it('applies its migrations once, however many servers open the database at the same moment', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => PostgresStore.open(database.url)));
    await (stores[0] as PostgresStore).write([put('things', 'org', { id: 'a' })]);
    expect(await (stores[2] as PostgresStore).get('things', 'org', 'a')).toEqual({ id: 'a' });
    await Promise.all(stores.map((store) => store.close()));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const applied = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY id');
    await client.end();
    expect(applied.rows.map((row) => row.name)).toEqual(['0001_records', '0002_rate_limits', '0003_job_leases', '0004_records_order_apart', '0005_increment']);
  });

  it('sends the reads asked together outside a transaction in one round trip, and a read that fails there fails alone', async () => {
    const store = await PostgresStore.open(database.url);
    const sent = recordSentQueries();
    try {
      await store.write([put('together', 'org', { id: 'a' }), put('together', 'org', { id: 'b' })]);
      sent.reset();
      const reads = [store.get('together', 'org', 'a'), store.get('together', 'org', 'gone'), store.count('together', 'org'), store.all('together', 'org')];
      expect(await Promise.all(reads)).toEqual([{ id: 'a' }, undefined, 2, [{ id: 'a' }, { id: 'b' }]]);
      expect(sent.all).toHaveLength(1);
      // PostgreSQL refuses a NUL character in text; the read that went with it (another request's, it may be) still answers.
      const [refused, answered] = await Promise.allSettled([store.get('together', 'org', 'a\u0000'), store.get('together', 'org', 'b')]);
      expect(refused.status).toBe('rejected');
      expect(answered).toEqual({ status: 'fulfilled', value: { id: 'b' } });
    } finally {
      sent.restore();
      await store.close();
    }
  });

  it('sends an increment with the transaction\'s next statement or its COMMIT: its row is locked only from then on', async () => {
    const store = await PostgresStore.open(database.url);
    const sent = recordSentQueries();
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      const add = (by: number) => increment('counted', 'org', 'c', 'count', by);
      sent.reset();
      await store.write([add(1)]);
      // BEGIN, the increment and COMMIT: one round trip.
      expect(sent.all).toHaveLength(1);
      let written = () => undefined as void;
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      const holding = store.transaction(async (tx) => {
        await tx.write([add(10)]);
        written();
        await released;
      });
      await isWritten;
      // The open transaction's increment is not sent yet: another one commits without waiting for it.
      const abort = new AbortController();
      const other = store.write([add(100)]).then(() => 'committed');
      const first = await Promise.race([other, until(async () => (await lockWaiters(database.url)) > 0, abort.signal).then(() => 'waited')]);
      abort.abort();
      expect(first).toBe('committed');
      release();
      await holding;
      expect(await store.get('counted', 'org', 'c')).toEqual({ id: 'c', count: 111 });
    } finally {
      sent.restore();
      release();
      await store.close();
    }
  });

  it('leaves the nesting check to the tests when asked (a production server): the store read from inside a transaction is answered, on its own connection', async () => {
    const store = await PostgresStore.open(database.url, { checkNesting: false });
    try {
      await store.write([put('nesting', 'org', { id: 'a', n: 1 })]);
      const read = await store.transaction(async (tx) => {
        await tx.write([put('nesting', 'org', { id: 'a', n: 2 })]);
        // Not the transaction's view: another connection sees what is committed.
        return store.get<{ id: string; n: number }>('nesting', 'org', 'a');
      });
      expect(read?.n).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('reads one record, and a page, in a few pages of the table however many records the scope gained since the last ANALYZE', async () => {
    const store = await PostgresStore.open(database.url);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // The planner's statistics from when the scope was small (a fresh sandbox before autovacuum's
      // next ANALYZE): a lookup must still take the primary key, not walk the scope in insertion order.
      await store.write([put('grown', 'org', { id: 'r-0' })]);
      await client.query('ANALYZE records');
      for (let batch = 0; batch < 6; batch += 1) {
        await store.write(Array.from({ length: 500 }, (_, i) => put('grown', 'org', { id: `r-${batch * 500 + i + 1}`, padding: 'x'.repeat(200) })));
      }
      const buffers = async (text: string, values: unknown[]) => {
        const plan = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values });
        const top = (plan.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] })['QUERY PLAN'][0].Plan;
        return top['Shared Hit Blocks'] + top['Shared Read Blocks'];
      };
      // Walking the scope's 3,001 records (at least 80 pages) would read them all; the key reads an index path and a page.
      expect(await buffers(GET.text, ['grown', 'org', 'r-1500'])).toBeLessThan(10);
      expect(await buffers(WALK['DESC first'].text, ['grown', 'org', 11])).toBeLessThan(10);
      expect((await store.page('grown', 'org', { limit: 2 })).items.map((r) => r.id)).toEqual(['r-3000', 'r-2999']);
    } finally {
      await client.end();
      await store.close();
    }
  });

  it('delivers its own commits in process, once, and another server\'s through PostgreSQL, once', async () => {
    const [store, other] = await Promise.all([PostgresStore.open(database.url), PostgresStore.open(database.url)]);
    try {
      const received: string[] = [];
      let arrived = () => undefined as void;
      await store.listen('jobs', (payload) => {
        received.push(payload);
        arrived();
      });
      await store.transaction(async (tx) => tx.notify('jobs', 'mine'));
      // Delivered by the time the transaction answers: the runner of the writing server need not wait for the round trip.
      expect(received).toEqual(['mine']);
      const theirs = new Promise<void>((resolve) => (arrived = resolve));
      await other.transaction(async (tx) => tx.notify('jobs', 'theirs'));
      await theirs;
      // PostgreSQL's copy of 'mine' came before 'theirs' on the same connection, so it would show by now.
      expect(received).toEqual(['mine', 'theirs']);
    } finally {
      await Promise.all([store.close(), other.close()]);
    }
  });

  it('listens again after its LISTEN connection is terminated, says so, and delivers what another server sends afterwards', async () => {
    const [store, other] = await Promise.all([PostgresStore.open(database.url), PostgresStore.open(database.url)]);
    try {
      const received: string[] = [];
      let arrived = () => undefined as void;
      let resumed = () => undefined as void;
      const resumedOnce = new Promise<void>((resolve) => (resumed = resolve));
      await store.listen('jobs', (payload) => {
        received.push(payload);
        arrived();
      }, () => resumed());
      const next = () => new Promise<void>((resolve) => (arrived = resolve));
      let wait = next();
      await other.transaction(async (tx) => tx.notify('jobs', 'before'));
      await wait;
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const killed = await admin
        .query<{ killed: boolean }>('SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [LISTEN_APPLICATION])
        .finally(() => admin.end());
      expect(killed.rows).toEqual([{ killed: true }]);
      await resumedOnce;
      wait = next();
      await other.transaction(async (tx) => tx.notify('jobs', 'after'));
      await wait;
      expect(received).toEqual(['before', 'after']);
    } finally {
      await Promise.all([store.close(), other.close()]);
    }
  });

  it('answers StoreUnavailableError when the database cannot be reached, and never shows the password', async () => {
    const unreachable = 'postgres://someone:s3cret-pass@127.0.0.1:1/none';
    const error = await PostgresStore.open(unreachable).catch((e: unknown) => e);
    expect((error as Error).name).toBe('StoreUnavailableError');
    expect(String((error as Error).message)).not.toContain('s3cret-pass');
    expect(redactConnectionString(unreachable)).toBe('postgres://someone:***@127.0.0.1:1/none');
    expect(redactConnectionString('postgres://u@h/db?password=s3cret-pass&sslmode=require')).toBe('postgres://u@h/db?password=***&sslmode=require');
  });
});
