import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { FileAsyncStore, JournalStore, put } from '../store/index.js';
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
