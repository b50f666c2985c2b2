import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { del, FileAsyncStore, JournalStore, put } from '../store/index.js';
import { defineJobQueue, JobRunner } from './index.js';

let dir: string;
let store: FileAsyncStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-'));
  store = new FileAsyncStore(await JournalStore.open(dir));
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

it('backs off, doubling, from a job whose attempt leaves it due and unchanged, instead of re-running it in a tight loop', async () => {
  const clock = new ManualClock();
  // A job that is always due and that its attempt leaves exactly as it was.
  const stuck = defineJobQueue({ name: 'stuck', collection: 'stuck_jobs', concurrency: 1, dueAt: () => 0 });
  const runner = new JobRunner({ db: store, clock, log: pino({ level: 'silent' }), queues: [stuck] });
  let runs = 0;
  runner.handle(stuck, async () => void (runs += 1));
  await store.write([put('stuck_jobs', 'org', { id: 'j1' })]);
  runner.start();
  await runner.idle();
  expect(runs).toBe(1);
  clock.advance(999);
  await runner.idle();
  expect(runs).toBe(1);
  clock.advance(1);
  await runner.idle();
  expect(runs).toBe(2);
  // The second wait is twice the first.
  clock.advance(1999);
  await runner.idle();
  expect(runs).toBe(2);
  clock.advance(1);
  await runner.idle();
  expect(runs).toBe(3);
  await runner.stop();
});

it('runs an in-claim job inside the file store\'s transaction: a call on the store outside it fails the attempt, which is rolled back and retried', async () => {
  const clock = new ManualClock();
  const queue = defineJobQueue({ name: 'in-claim', collection: 'claimed_jobs', concurrency: 1, inClaim: true });
  const runner = new JobRunner({ db: store, clock, log: pino({ level: 'silent' }), queues: [queue] });
  let runs = 0;
  runner.handleInClaim(queue, async (ref, tx) => {
    runs += 1;
    await tx.write([put('claimed_done', ref.scope, { id: ref.id, run: runs }), del('claimed_jobs', ref.scope, ref.id)]);
    // The file store runs one transaction at a time: the store itself is refused from inside one.
    if (runs === 1) await store.get('claimed_done', ref.scope, ref.id);
  });
  await store.write([put('claimed_jobs', 'org', { id: 'j1' })]);
  runner.start();
  await runner.idle();
  expect(runs).toBe(1);
  expect(await store.get('claimed_jobs', 'org', 'j1')).toEqual({ id: 'j1' });
  expect(await store.get('claimed_done', 'org', 'j1')).toBeUndefined();
  clock.advance(1000);
  await runner.idle();
  expect(runs).toBe(2);
  expect(await store.get('claimed_jobs', 'org', 'j1')).toBeUndefined();
  expect(await store.get('claimed_done', 'org', 'j1')).toEqual({ id: 'j1', run: 2 });
  await runner.stop();
});
