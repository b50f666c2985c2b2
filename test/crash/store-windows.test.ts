import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../reference-server/src/clock.js';
import { JournalStore } from '../../reference-server/src/store/journal-store.js';
import { RecoveringStore } from '../../reference-server/src/store/recovering-store.js';
import { del, put, StoreUnavailableError, type Store } from '../../reference-server/src/store/store.js';
import { SimulatedDisk } from '../support/simulated-disk.js';

/**
 * The store's known windows, each at the exact disk change where it opened (found in a dry run's
 * change log), and its error paths, each forced through the simulated disk. A power cut here keeps
 * nothing that was not synced (the disk's random source answers 0).
 */
const DATA = '/data';
const open = (disk: SimulatedDisk, chunkRecords = 4) => JournalStore.open(DATA, { fs: disk, chunkRecords });
const ids = (store: Store, scope = 'org_a') => store.all('c', scope).map((r) => r.id);
const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close().catch(() => undefined)));
});

/** Runs `work` on a fresh disk, and again on another cut at the last change matching `at` (plus `after`). */
async function cutWhere(work: (disk: SimulatedDisk) => Promise<void>, at: (change: string) => boolean, after = 0): Promise<SimulatedDisk> {
  const dry = new SimulatedDisk({ random: () => 0 });
  await work(dry);
  const index = dry.log.findLastIndex(at);
  expect(index, `no change matches in ${dry.log.join('\n')}`).toBeGreaterThanOrEqual(0);
  const disk = new SimulatedDisk({ random: () => 0 });
  disk.cutPowerAt(index + 1 + after);
  await work(disk).catch(() => undefined);
  expect(disk.powerIsOff).toBe(true);
  return disk.afterPowerCut();
}

describe('the windows a power cut used to find', () => {
  it('a chunk renamed over the old one before its bytes were synced: the records stay', async () => {
    const work = async (disk: SimulatedDisk) => {
      const store = await open(disk);
      await store.write([put('c', 'org_a', { id: 'a', v: 1 }), put('c', 'org_a', { id: 'b', v: 1 })]);
      await store.compact();
      await store.write([put('c', 'org_a', { id: 'a', v: 2 })]);
      await store.compact();
    };
    // The second compaction's rename of chunk 0; the cut falls on the change after it.
    const booted = await cutWhere(work, (c) => c.startsWith('rename') && c.endsWith('/0.json') && c.includes('org_a'), 1);
    // lowdb's writer (rename, then nothing synced) left an empty chunk here: the start failed.
    const store = await open(booted);
    opened.push(store);
    expect(store.all('c', 'org_a')).toEqual([
      { id: 'a', v: 2 },
      { id: 'b', v: 1 },
    ]);
  });

  it('a record deleted and put again before another, cut after the chunks were written: the order stays', async () => {
    const work = async (disk: SimulatedDisk) => {
      const store = await open(disk);
      await store.write(['a', 'b', 'c'].map((id) => put('c', 'org_a', { id })));
      await store.compact();
      await store.write([del('c', 'org_a', 'a')]);
      await store.write([put('c', 'org_a', { id: 'a' })]);
      await store.write([put('c', 'org_a', { id: 'd' })]);
      await store.compact();
    };
    // Every chunk is durable; the journal they replace is not removed yet, and is replayed over them.
    const booted = await cutWhere(work, (c) => c === `remove ${DATA}/journal.jsonl.compacting`);
    const store = await open(booted);
    opened.push(store);
    // Replay used to move `a` behind `d`: a list's order changed across a restart.
    expect(ids(store)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('a rotation that fails (EIO on the rename) fails the store: writes are refused, never left waiting or lost', async () => {
    const disk = new SimulatedDisk({ random: () => 0 });
    const store = await open(disk);
    await store.write([put('c', 'org_a', { id: 'kept' })]);
    disk.refuse((c) => c.startsWith('rename') && c.includes('journal.jsonl.compacting'), 'EIO');
    const queued = store.write([put('c', 'org_a', { id: 'queued' })]);
    await expect(store.compact()).rejects.toThrow(/EIO/);
    await expect(queued).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.write([put('c', 'org_a', { id: 'later' })])).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(store.stats()).toMatchObject({ writable: false, unavailable: "the data folder's disk failed a write (EIO)" });
    await store.close();
    disk.heal();
    const reopened = await open(disk);
    opened.push(reopened);
    expect(ids(reopened)).toEqual(['kept']);
  });

  it('after a failed journal write no compaction runs, and the journal holds no torn line', async () => {
    const disk = new SimulatedDisk({ random: () => 0 });
    const store = await open(disk);
    await store.write([put('c', 'org_a', { id: 'kept' })]);
    const before = disk.readFileText(`${DATA}/journal.jsonl`);
    disk.refuse((c) => c === `write ${DATA}/journal.jsonl`, 'EIO');
    await expect(store.write([put('c', 'org_a', { id: 'refused' })])).rejects.toBeInstanceOf(StoreUnavailableError);
    disk.heal();
    await expect(store.compact()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(disk.log.some((c) => c.startsWith('rename'))).toBe(false);
    expect(disk.readFileText(`${DATA}/journal.jsonl`)).toBe(before);
    await store.close();
  });

  it('a close whose compaction fails still closes, and the journal keeps every write for the next start', async () => {
    const disk = new SimulatedDisk({ random: () => 0 });
    const store = await open(disk);
    await store.write([put('c', 'org_a', { id: 'kept' })]);
    // The chunk's folder cannot be synced: the compaction fails after the journal was rotated.
    disk.refuse((c) => c.startsWith('syncdir') && c.includes('/snapshots'), 'EIO');
    await expect(store.close()).rejects.toThrow(/EIO/);
    await expect(store.write([put('c', 'org_a', { id: 'after close' })])).rejects.toBeInstanceOf(StoreUnavailableError);
    disk.heal();
    const reopened = await open(disk);
    opened.push(reopened);
    expect(ids(reopened)).toEqual(['kept']);
  });
});

describe('a full disk', () => {
  it('a write the disk took only in part is not acknowledged, is cut back, and what was acknowledged stays', async () => {
    const disk = new SimulatedDisk({ random: () => 0 });
    const store = await open(disk, 512);
    const acknowledged: string[] = [];
    disk.heal(disk.used() + 3000);
    let refusal: unknown;
    for (let i = 0; i < 100 && !refusal; i += 1) {
      const id = `r${i}`;
      await store.write([put('c', 'org_a', { id, pad: 'x'.repeat(97) })]).then(
        () => acknowledged.push(id),
        (error: unknown) => {
          refusal = error;
        },
      );
    }
    expect(refusal).toBeInstanceOf(StoreUnavailableError);
    expect((refusal as StoreUnavailableError).reason).toBe("the data folder's disk is full (ENOSPC)");
    // The last append was short (the disk had room for part of it): cut back to the last whole line.
    const journal = disk.readFileText(`${DATA}/journal.jsonl`) as string;
    expect(journal.endsWith('\n')).toBe(true);
    expect(journal.trim().split('\n')).toHaveLength(acknowledged.length);
    await store.close();
    const reopened = await open(disk, 512);
    opened.push(reopened);
    expect(ids(reopened)).toEqual(acknowledged);
  });

  it('serves reads, refuses writes with a reason and Retry-After, and takes writes again once space returns', async () => {
    const disk = new SimulatedDisk({ random: () => 0 });
    const clock = new ManualClock();
    const reopen = (readOnly: boolean) => JournalStore.open(DATA, { fs: disk, readOnly });
    const store = new RecoveringStore(await reopen(false), { dir: DATA, fs: disk, clock, log: pino({ level: 'silent' }), reopen });
    opened.push(store);
    await store.write([put('c', 'org_a', { id: 'before' })]);
    disk.heal(disk.used() + 10);
    const refused = await store.write([put('c', 'org_a', { id: 'refused', pad: 'y'.repeat(200) })]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    const again = await store.write([put('c', 'org_a', { id: 'again' })]).catch((error: unknown) => error);
    expect(again).toMatchObject({ reason: "the data folder's disk is full (ENOSPC)", retryAfterSeconds: 1 });
    expect(store.stats()).toMatchObject({ writable: false, unavailable: "the data folder's disk is full (ENOSPC)" });
    const recovered = store.whenWritable();
    // Reads go on, from what the disk holds: the refused write is not shown.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids(store)).toEqual(['before']);
    // Still full at the first retry: still refused.
    clock.advance(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.stats().writable).toBe(false);
    disk.heal();
    clock.advance(2000);
    await recovered;
    await store.write([put('c', 'org_a', { id: 'after' })]);
    expect(ids(store)).toEqual(['before', 'after']);
  });
});
