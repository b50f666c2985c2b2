import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../../testing/postgres.js';
import { ManualClock } from '../clock.js';
import { del, FileAsyncStore, JournalStore, PostgresStore, put, StoreConflictError, type AsyncReader, type AsyncStore, type StoredRecord } from '../store/index.js';
import { defineJobQueue, JobRunner, type JobRef } from './index.js';

/**
 * An in-claim job's first reads, asked beside its claim before anyone knows whether the job is
 * claimed (jobs/attempt.ts), on both stores: a claim that is not `claimed` leaves nothing they
 * locked and nothing changed, and their failures are nobody's unhandled rejection.
 */
interface Job extends StoredRecord {
  due: number;
}
const JOBS = 'first_reads_jobs';
const THINGS = 'first_reads_things';
const ORG = 'org';
const QUEUE = defineJobQueue<Job>({ name: 'first-reads', collection: JOBS, concurrency: 1, inClaim: true, dueAt: (job) => job.due });

let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.drop());

const STORES: Array<[string, () => Promise<{ store: AsyncStore; close(): Promise<void> }>]> = [
  [
    'the file store',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'first-reads-'));
      const store = new FileAsyncStore(await JournalStore.open(dir));
      return { store, close: async () => (await store.close(), await rm(dir, { recursive: true, force: true })) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const store = await PostgresStore.open(database.url);
      const close = async () => {
        for (const scope of await store.scopes(JOBS)) await store.write((await store.all(JOBS, scope)).map((r) => del(JOBS, scope, r.id)));
        await store.close();
      };
      return { store, close };
    },
  ],
];

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/**
 * A runner whose queue's first reads lock the job's thing (`noWait`) and, when `failing`, ask for
 * a page after a cursor that does not exist (a read that fails on both stores); its run removes the job.
 */
async function runnerOn(open: () => Promise<{ store: AsyncStore; close(): Promise<void> }>, failing = true) {
  const { store, close } = await open();
  const clock = new ManualClock();
  const errors: string[] = [];
  const log = pino(
    { level: 'warn' },
    new Writable({
      write(line: Buffer, _encoding, done) {
        errors.push(String(line));
        done();
      },
    }),
  );
  const runner = new JobRunner({ db: store, clock, log, queues: [QUEUE] });
  const asked: string[] = [];
  const ran: unknown[] = [];
  runner.handleInClaim(QUEUE, {
    firstReads: (ref: JobRef, db: AsyncReader) => {
      asked.push(ref.id);
      return Promise.all([db.get(THINGS, ref.scope, ref.id, { forUpdate: true, noWait: true }), failing ? db.page(THINGS, ref.scope, { after: 'no-such-thing', limit: 1 }) : undefined]);
    },
    run: async (ref, tx, first) => {
      ran.push(first);
      await tx.write([del(JOBS, ref.scope, ref.id)]);
    },
  });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  closing.push(async () => {
    process.off('unhandledRejection', onUnhandled);
    await runner.stop();
    await close();
  });
  await store.write([put(THINGS, ORG, { id: 'j', v: 1 })]);
  return { store, clock, runner, asked, ran, errors, unhandled };
}

/** Whether another transaction can lock the thing at once (on PostgreSQL; the file store has no row locks). */
const lockable = (store: AsyncStore, id: string) =>
  store.transaction((tx) => tx.get(THINGS, ORG, id, { forUpdate: true, noWait: true })).then(
    () => true,
    (error: unknown) => {
      if (error instanceof StoreConflictError) return false;
      throw error;
    },
  );

/** Lets the event loop turn so that a rejection nobody handled is reported (Node reports them after the microtasks). */
const aTurn = () => new Promise((resolve) => setImmediate(resolve));

describe.each(STORES)('an in-claim job with first reads, on %s', (_name, open) => {
  it('asks its first reads beside a claim it declines (not due yet), and leaves nothing locked, changed or unhandled', async () => {
    const { store, clock, runner, asked, ran, errors, unhandled } = await runnerOn(open);
    const job: Job = { id: 'j', due: clock.now() + 60_000 };
    await store.write([put(JOBS, ORG, job)]);
    runner.start();
    await runner.idle();
    await aTurn();
    expect(asked).toEqual(['j']);
    expect(ran).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(errors).toEqual([]);
    expect(await store.get(JOBS, ORG, 'j')).toEqual(job);
    expect(await store.get(THINGS, ORG, 'j')).toEqual({ id: 'j', v: 1 });
    expect(await lockable(store, 'j')).toBe(true);
  });

  it('asks its first reads beside the claim of a job that is gone, and leaves nothing locked, changed or unhandled', async () => {
    const { store, runner, asked, ran, errors, unhandled } = await runnerOn(open);
    runner.start();
    await runner.idle();
    runner.committed(QUEUE, [{ scope: ORG, id: 'j' }]);
    await runner.idle();
    await aTurn();
    expect(asked).toEqual(['j']);
    expect(ran).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(errors).toEqual([]);
    expect(await store.get(JOBS, ORG, 'j')).toBeUndefined();
    expect(await store.get(THINGS, ORG, 'j')).toEqual({ id: 'j', v: 1 });
    expect(await lockable(store, 'j')).toBe(true);
  });

  it('fails the attempt of a claimed job whose first reads failed: rolled back, run again after the backoff', async () => {
    const { store, clock, runner, asked, ran, errors, unhandled } = await runnerOn(open);
    await store.write([put(JOBS, ORG, { id: 'j', due: 0 })]);
    runner.start();
    await runner.idle();
    expect(asked).toEqual(['j']);
    expect(ran).toEqual([]);
    expect(errors.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['job attempt failed unexpectedly']);
    expect(await store.get(JOBS, ORG, 'j')).toEqual({ id: 'j', due: 0 });
    expect(await lockable(store, 'j')).toBe(true);
    clock.advance(1000);
    await runner.idle();
    expect(asked).toEqual(['j', 'j']);
    await aTurn();
    expect(unhandled).toEqual([]);
  });
});

/** Holds a record's row lock in a transaction of its own until the answer is called (at the latest after the test). */
async function hold(store: AsyncStore, collection: string, id: string): Promise<() => Promise<void>> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => undefined as void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = store.transaction(async (tx) => {
    await tx.get(collection, ORG, id, { forUpdate: true });
    held();
    await released;
  });
  await Promise.race([holding, transaction]);
  const end = async () => {
    release();
    await transaction;
  };
  // Ended before the store closes, should the test fail first.
  closing.push(end);
  return end;
}

const postgres = STORES[1]?.[1] as (typeof STORES)[number][1];

describe('an in-claim job with first reads, on PostgreSQL, where rows lock', () => {
  it('releases what its first reads locked when the claim finds the job locked by another transaction, while that one still holds it', async () => {
    const { store, clock, runner, asked, ran, errors, unhandled } = await runnerOn(postgres, false);
    await store.write([put(JOBS, ORG, { id: 'j', due: 0 })]);
    const release = await hold(store, JOBS, 'j');
    runner.start();
    await runner.idle();
    expect(asked).toEqual(['j']);
    expect(ran).toEqual([]);
    expect(await lockable(store, 'j')).toBe(true);
    await release();
    // A job found locked is looked at again a second later: claimed then, its first reads handed to its run.
    clock.advance(1000);
    await runner.idle();
    await aTurn();
    expect(ran).toEqual([[{ id: 'j', v: 1 }, undefined]]);
    expect(await store.get(JOBS, ORG, 'j')).toBeUndefined();
    expect(unhandled).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('runs a job whose first reads met a NOWAIT conflict as one whose run did: again at once, three runs, then after the backoff', async () => {
    const { store, clock, runner, asked, ran, errors, unhandled } = await runnerOn(postgres, false);
    await store.write([put(JOBS, ORG, { id: 'j', due: 0 })]);
    const release = await hold(store, THINGS, 'j');
    runner.start();
    await runner.idle();
    // Beside the claim (its whole message failed), then twice after it.
    expect(asked).toEqual(['j', 'j', 'j']);
    expect(ran).toEqual([]);
    expect(errors.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['job attempt failed unexpectedly']);
    expect(await store.get(JOBS, ORG, 'j')).toEqual({ id: 'j', due: 0 });
    await release();
    clock.advance(999);
    await runner.idle();
    expect(ran).toEqual([]);
    clock.advance(1);
    await runner.idle();
    expect(ran).toEqual([[{ id: 'j', v: 1 }, undefined]]);
    expect(await store.get(JOBS, ORG, 'j')).toBeUndefined();
    await aTurn();
    expect(unhandled).toEqual([]);
  });
});
