import { describe, expect, it } from 'vitest';
import { newestFirst } from './search.js';

/** The walk a search page takes over the index's ascending lists of places (search.ts). */
describe('newestFirst', () => {
  it('merges ascending lists newest first, below the cursor, each place once', () => {
    const lists = [
      [1, 3, 5, 9],
      [2, 3, 6],
      [],
      [0, 9],
    ];
    expect([...newestFirst(lists, Number.POSITIVE_INFINITY)]).toEqual([9, 6, 5, 3, 2, 1, 0]);
    expect([...newestFirst(lists, 6)]).toEqual([5, 3, 2, 1, 0]);
    expect([...newestFirst(lists, 0)]).toEqual([]);
    expect([...newestFirst([], 10)]).toEqual([]);
  });

  it('reads only as far as the page asks', () => {
    const long = Array.from({ length: 100_000 }, (_, i) => i);
    let read = 0;
    const counted = new Proxy(long, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const page: number[] = [];
    for (const place of newestFirst([counted], Number.POSITIVE_INFINITY)) if (page.push(place) === 26) break;
    expect(page.at(-1)).toBe(99_974);
    // A binary search to the start, then the page itself: not the list's length.
    expect(read).toBeLessThan(200);
  });
});
