import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { memoryRateLimits } from './index.js';

/** The file store's counters: rate-limiter-flexible's semantics, on the server's injected clock. */
describe('the in-memory rate-limit backend', () => {
  it('counts in fixed windows on the injected clock, and starts a new window once one has ended', async () => {
    const clock = new ManualClock();
    const limiter = memoryRateLimits(clock).limiter({ prefix: 'p', windowMs: 60_000, points: 2 });
    expect((await limiter.penalty('k')).consumedPoints).toBe(1);
    clock.advance(59_000);
    const second = await limiter.penalty('k');
    expect([second.consumedPoints, second.remainingPoints, second.msBeforeNext]).toEqual([2, 0, 1_000]);
    clock.advance(1_000);
    expect((await limiter.penalty('k')).consumedPoints).toBe(1);
  });

  it('holds a wait set for a key until it ends, and forgets a deleted key', async () => {
    const clock = new ManualClock();
    const waits = memoryRateLimits(clock).limiter({ prefix: 'w', windowMs: 60_000, points: 1 });
    await waits.set('k', 1, 30);
    clock.advance(10_000);
    expect((await waits.get('k'))?.msBeforeNext).toBe(20_000);
    clock.advance(20_000);
    expect(await waits.get('k')).toBeNull();
    await waits.set('k', 1, 30);
    await waits.delete('k');
    expect(await waits.get('k')).toBeNull();
  });

  it('keeps at most `capacity` keys, dropping the oldest window first', async () => {
    const limiter = memoryRateLimits(new ManualClock()).limiter({ prefix: 'c', windowMs: 60_000, points: 5, capacity: 2 });
    for (const key of ['a', 'b', 'c']) await limiter.penalty(key);
    expect(await limiter.get('a')).toBeNull();
    expect((await limiter.get('c'))?.consumedPoints).toBe(1);
  });

  it('sweeps ended windows out of memory, and refuses a second limiter of one name', async () => {
    const clock = new ManualClock();
    const backend = memoryRateLimits(clock);
    const limiter = backend.limiter({ prefix: 's', windowMs: 60_000, points: 1, capacity: 2 });
    await limiter.penalty('live');
    await limiter.penalty('ended', 1, { customDuration: 1 });
    clock.advance(1_000);
    await backend.sweep();
    // Swept, the ended window no longer takes a place: a new key does not push the live one out.
    await limiter.penalty('new');
    expect((await limiter.get('live'))?.consumedPoints).toBe(1);
    expect(() => backend.limiter({ prefix: 's', windowMs: 1_000, points: 1 })).toThrow(/exists/);
  });
});
