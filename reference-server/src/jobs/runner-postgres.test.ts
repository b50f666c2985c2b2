import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../../testing/postgres.js';
import { ManualClock } from '../clock.js';
import { del, GLOBAL, put, PostgresStore, type StoredRecord, type Transaction } from '../store/index.js';
import { defineJobQueue, JobRunner, LEASE_MS, type JobRef, WakingStore } from './index.js';

/**
 * Two job runners on one PostgreSQL, as two servers are: each with its own store (connections,
 * LISTEN) and its own clock, so one runner's lease can lapse while the other's time moves on.
 */
const log = pino({ level: 'silent' });
const JOBS = 'test_jobs';
const QUEUE = defineJobQueue({ name: 'test', collection: JOBS, concurrency: 4 });
const ONE_AT_A_TIME = defineJobQueue({ name: 'test', collection: JOBS, concurrency: 1 });
const IN_CLAIM = defineJobQueue({ name: 'test', collection: JOBS, concurrency: 4, inClaim: true });

let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.drop());

interface Server {
  runner: JobRunner;
  clock: ManualClock;
  db: WakingStore;
  ran: string[];
}

const opened: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
  for (const server of opened.splice(0).reverse()) await server.stop();
});

/** A server's runner with one queue: `run` does the work (by default: the job is done, its record removed). */
async function server(run?: (ref: JobRef, db: WakingStore, signal: AbortSignal) => Promise<void>): Promise<Server> {
  const store = await PostgresStore.open(database.url);
  const clock = new ManualClock();
  const ran: string[] = [];
  // The runner reads and listens on the store; the services write through the waking view of it.
  const runner = new JobRunner({ db: store, clock, log, queues: [QUEUE] });
  const db = new WakingStore(store, runner.queues);
  runner.handle(QUEUE, async (ref, signal) => {
    ran.push(ref.id);
    if (run) await run(ref, db, signal);
    else await db.write([del(JOBS, ref.scope, ref.id)]);
  });
  opened.push({
    stop: async () => {
      await runner.stop();
      await store.close();
    },
  });
  return { runner, clock, db, ran };
}

async function empty(db: WakingStore): Promise<void> {
  for (const scope of await db.scopes(JOBS)) await db.write((await db.all(JOBS, scope)).map((r) => del(JOBS, scope, r.id)));
  await db.write([del('periodic_runs', GLOBAL, 'sweep')]).catch(() => undefined);
}

/**
 * The store as a runner sees it when its LISTEN connection is slow to come up (a loaded database):
 * the listen is made only once the runner's first look at the queue's scopes has read, and a job
 * was committed (notifying nobody yet) just after that read.
 */
function slowToListen(store: PostgresStore, collection: string): PostgresStore {
  let listening = () => undefined as void;
  const mayListen = new Promise<void>((resolve) => (listening = resolve));
  let looked = false;
  return new Proxy(store, {
    get: (target, name) => {
      if (name === 'listen') {
        return async (...args: Parameters<PostgresStore['listen']>) => {
          await mayListen;
          return target.listen(...args);
        };
      }
      if (name === 'scopes') {
        return async (of: string) => {
          const scopes = await target.scopes(of);
          if (of === collection && !looked) {
            looked = true;
            await target.write([put(collection, 'org', { id: 'early' })]);
            listening();
          }
          return scopes;
        };
      }
      return (Reflect.get(target, name) as (...args: unknown[]) => unknown).bind(target);
    },
  });
}

/** A server's runner with one in-claim queue: `run` does the work in the claim's transaction. */
async function inClaimServer(run: (ref: JobRef, tx: Transaction) => Promise<void>): Promise<Server> {
  const store = await PostgresStore.open(database.url);
  const clock = new ManualClock();
  const ran: string[] = [];
  const runner = new JobRunner({ db: store, clock, log, queues: [IN_CLAIM] });
  runner.handleInClaim(IN_CLAIM, async (ref, tx) => {
    ran.push(ref.id);
    await run(ref, tx);
  });
  opened.push({ stop: async () => (await runner.stop(), await store.close()) });
  return { runner, clock, db: new WakingStore(store, runner.queues), ran };
}

/** Resolves once `check` holds after one of the runs it is told about. */
function when(check: () => boolean): { promise: Promise<void>; poke: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, poke: () => check() && resolve() };
}

describe('job runners of two servers on one PostgreSQL', () => {
  it('run each of many due jobs exactly once between them', async () => {
    let done = () => undefined as void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const total = 120;
    let count = 0;
    const work = async (ref: JobRef, db: WakingStore) => {
      await db.write([del(JOBS, ref.scope, ref.id)]);
      count += 1;
      if (count === total) done();
    };
    const a = await server(work);
    const b = await server(work);
    await empty(a.db);
    a.runner.start();
    b.runner.start();
    // Written after both listen: each write wakes both runners at once, and both try every job.
    for (let i = 0; i < total; i += 10) {
      await a.db.write(Array.from({ length: 10 }, (_, n) => put(JOBS, `org_${(i + n) % 3}`, { id: `job_${i + n}` })));
    }
    await finished;
    await Promise.all([a.runner.idle(), b.runner.idle()]);
    const runs = [...a.ran, ...b.ran];
    expect(runs).toHaveLength(total);
    expect(new Set(runs).size).toBe(total);
  });

  it('count the sweep at start as work: idle resolves only once the jobs already in the database have run', async () => {
    const a = await server();
    await empty(a.db);
    await a.db.write(Array.from({ length: 5 }, (_, n) => put(JOBS, `org_${n}`, { id: `waiting_${n}` })));
    // Nothing wakes the runner for these: the sweep at start finds them, over a few round trips.
    a.runner.start();
    await a.runner.idle();
    expect(a.ran.sort()).toEqual(['waiting_0', 'waiting_1', 'waiting_2', 'waiting_3', 'waiting_4']);
  });

  it('run a job committed after the sweep at start but before the runner listens, without waiting for the next sweep', async () => {
    const store = await PostgresStore.open(database.url);
    const ran: string[] = [];
    const runner = new JobRunner({ db: slowToListen(store, JOBS), clock: new ManualClock(), log, queues: [ONE_AT_A_TIME] });
    runner.handle(ONE_AT_A_TIME, async (ref) => {
      ran.push(ref.id);
      await store.write([del(JOBS, ref.scope, ref.id)]);
    });
    opened.push({ stop: async () => (await runner.stop(), await store.close()) });
    await empty(new WakingStore(store, runner.queues));
    runner.start();
    // The clock stands still: no periodic sweep comes to find the job.
    await runner.idle();
    expect(ran).toEqual(['early']);
  });

  it('coalesce sweeps asked for while one is still running, instead of queueing one per interval that passed', async () => {
    const store = await PostgresStore.open(database.url);
    let looks = 0;
    const counted = new Proxy(store, {
      get: (target, name) =>
        name === 'scopes'
          ? (collection: string) => ((looks += 1), target.scopes(collection))
          : (Reflect.get(target, name) as (...args: unknown[]) => unknown).bind(target),
    });
    const clock = new ManualClock();
    const runner = new JobRunner({ db: counted, clock, log, queues: [ONE_AT_A_TIME] });
    runner.handle(ONE_AT_A_TIME, async () => undefined);
    opened.push({ stop: async () => (await runner.stop(), await store.close()) });
    runner.start();
    await runner.idle();
    looks = 0;
    // A day at once: 2,880 sweep intervals pass while the first sweep they start is still reading.
    clock.advance(24 * 3600_000);
    await runner.idle();
    expect(looks).toBeLessThanOrEqual(2);
  });

  it('let the other server take over a job once the lease of the one running it lapses', async () => {
    let entered = () => undefined as void;
    const started = new Promise<void>((resolve) => (entered = resolve));
    let unblock = () => undefined as void;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    // Server A starts the job and stalls (its clock stands still: it never renews its lease).
    const a = await server(async () => {
      entered();
      await blocked;
    });
    const takenOver = when(() => b.ran.length === 1);
    const b = await server(async (ref, db) => {
      await db.write([del(JOBS, ref.scope, ref.id)]);
      takenOver.poke();
    });
    await empty(a.db);
    await a.db.write([put(JOBS, 'org', { id: 'stalled' })]);
    a.runner.start();
    await started;
    b.runner.start();
    await b.runner.idle();
    // B found it held, and waits for the lease's end on its own clock.
    expect(b.ran).toEqual([]);
    b.clock.advance(LEASE_MS - 1);
    await b.runner.idle();
    expect(b.ran).toEqual([]);
    b.clock.advance(1);
    await takenOver.promise;
    expect(b.ran).toEqual(['stalled']);
    expect(a.ran).toEqual(['stalled']);
    unblock();
  });

  it('wake the other server by the notification of the transaction that wrote the job', async () => {
    const woken = when(() => b.ran.length === 1);
    const a = await server();
    const b = await server(async (ref, db) => {
      await db.write([del(JOBS, ref.scope, ref.id)]);
      woken.poke();
    });
    await empty(a.db);
    b.runner.start();
    await b.runner.idle();
    // Written through A, whose runner is not started: only B's LISTEN brings it to B (B's sweep is 30 s away on a clock that stands still).
    await a.db.transaction(async (tx) => tx.write([put(JOBS, 'org', { id: 'woken' } satisfies StoredRecord)]));
    await woken.promise;
    expect(b.ran).toEqual(['woken']);
  });

  it('run each job of an in-claim queue exactly once between them, its work and its removal in the claim\'s transaction', async () => {
    const total = 120;
    let count = 0;
    const finished = when(() => count === total);
    const work = async (ref: JobRef, tx: Transaction) => {
      // The job's own record, locked by the claim; its work a record of its own, both in one commit.
      await tx.write([put('test_done', ref.scope, { id: ref.id }), del(JOBS, ref.scope, ref.id)]);
      count += 1;
      finished.poke();
    };
    const a = await inClaimServer(work);
    const b = await inClaimServer(work);
    await empty(a.db);
    a.runner.start();
    b.runner.start();
    for (let i = 0; i < total; i += 10) {
      await a.db.write(Array.from({ length: 10 }, (_, n) => put(JOBS, `org_${(i + n) % 3}`, { id: `job_${i + n}` })));
    }
    await finished.promise;
    await Promise.all([a.runner.idle(), b.runner.idle()]);
    const runs = [...a.ran, ...b.ran];
    expect(new Set(runs).size).toBe(total);
    expect(runs).toHaveLength(total);
    // Both servers took jobs: each write woke both.
    expect(a.ran.length).toBeGreaterThan(0);
    expect(b.ran.length).toBeGreaterThan(0);
    expect(await a.db.scopes(JOBS)).toEqual([]);
  });

  it('roll an in-claim attempt that throws back with its job, and run it again after the backoff', async () => {
    let attempts = 0;
    const a = await inClaimServer(async (ref, tx) => {
      attempts += 1;
      await tx.write([put('test_done', ref.scope, { id: ref.id, attempt: attempts }), del(JOBS, ref.scope, ref.id)]);
      if (attempts === 1) throw new Error('the first attempt fails after its writes');
    });
    await empty(a.db);
    await a.db.write([del('test_done', 'org', 'failing')]);
    await a.db.write([put(JOBS, 'org', { id: 'failing' })]);
    a.runner.start();
    await a.runner.idle();
    // Nothing of the failed attempt was committed: the job is still there, its work undone.
    expect(attempts).toBe(1);
    expect(await a.db.get(JOBS, 'org', 'failing')).toEqual({ id: 'failing' });
    expect(await a.db.get('test_done', 'org', 'failing')).toBeUndefined();
    // Counted as failed: it waits the first backoff (1 s), not a moment less.
    a.clock.advance(999);
    await a.runner.idle();
    expect(attempts).toBe(1);
    a.clock.advance(1);
    await a.runner.idle();
    expect(attempts).toBe(2);
    expect(await a.db.get(JOBS, 'org', 'failing')).toBeUndefined();
    expect(await a.db.get('test_done', 'org', 'failing')).toEqual({ id: 'failing', attempt: 2 });
  });

  it('run a periodic job once per period across both servers', async () => {
    const a = await server();
    const b = await server();
    await empty(a.db);
    const runs: string[] = [];
    for (const [name, s] of [['a', a], ['b', b]] as const) s.runner.every({ name: 'sweep', everyMs: 60_000, run: async () => void runs.push(name) });
    const both = [a, b];
    for (const s of both) s.runner.start();
    for (let period = 1; period <= 3; period += 1) {
      for (const s of both) s.clock.advance(60_000);
      // Stopping waits for the periodic runs in flight; starting again begins the next period.
      await Promise.all(both.map((s) => s.runner.stop()));
      expect(runs).toHaveLength(period);
      for (const s of both) s.runner.start();
    }
  });
});
