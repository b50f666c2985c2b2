import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { create, del, increment, InvalidCursorError, put, StoreConflictError, type AsyncStore, type StoredRecord } from '../src/store/index.js';

/**
 * The store contract: the same cases run against every AsyncStore (the file store and
 * PostgreSQL), so both give the services the same semantics. A harness gives each case a fresh
 * place (a data folder, a database) it can open more than once.
 */
export interface StorePlace {
  /** Opens the store on this place; a second open after close sees what the first acknowledged. */
  open(): Promise<AsyncStore>;
  /**
   * Resolves once a transaction of `store` waits for another (a row lock; the file store's queue);
   * stops looking when `signal` aborts, and rejects if nothing waits within a few seconds.
   */
  blocked(store: AsyncStore, signal?: AbortSignal): Promise<void>;
  /** True when the store runs one transaction at a time (the file store): nothing is ever locked, a transaction waits its turn. */
  serialises: boolean;
  dispose(): Promise<void>;
}

interface Item extends StoredRecord {
  n: number;
}

/**
 * Resolves once `check` holds, looking every few milliseconds (what is awaited, a lock wait inside
 * PostgreSQL, sends no event); resolves quietly when `signal` aborts; rejects after `ms`.
 */
export async function until(check: () => boolean | Promise<boolean>, signal?: AbortSignal, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!signal?.aborted) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('nothing waited');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const item = (id: string, n = 0): Item => ({ id, n });
const ids = (records: readonly StoredRecord[]) => records.map((r) => r.id);

/** A promise settled from outside: the test decides when a transaction goes on. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

export function describeStoreContract(name: string, newPlace: () => Promise<StorePlace>): void {
  describe(`the store contract: ${name}`, () => {
    let place: StorePlace;
    let store: AsyncStore;
    beforeEach(async () => {
      place = await newPlace();
      store = await place.open();
    });
    afterEach(async () => {
      await store.close();
      await place.dispose();
    });

    describeReads(() => store);
    describeBatches(() => store, () => place, (reopened) => (store = reopened));
    describeTransactions(() => store, () => place);
    describeClaims(() => store, () => place);
  });
}

function describeReads(current: () => AsyncStore): void {
  it('reads records by id, every record of a scope in insertion order, counts, scopes and collections', async () => {
    const store = current();
    await store.write([put('things', 'org_a', item('b', 1)), put('things', 'org_a', item('a', 2)), put('things', 'org_b', item('c')), put('others', 'org_a', item('d'))]);
    expect(await store.get('things', 'org_a', 'a')).toEqual(item('a', 2));
    expect(await store.get('things', 'org_b', 'a')).toBeUndefined();
    expect(await store.get('nothing', 'org_a', 'a')).toBeUndefined();
    expect(ids(await store.all('things', 'org_a'))).toEqual(['b', 'a']);
    expect(await store.all('things', 'org_z')).toEqual([]);
    expect(await store.count('things', 'org_a')).toBe(2);
    expect(await store.count('nothing', 'org_a')).toBe(0);
    expect((await store.scopes('things')).sort()).toEqual(['org_a', 'org_b']);
    expect((await store.collections()).sort()).toEqual(['others', 'things']);
    await store.write([del('others', 'org_a', 'd')]);
    expect(await store.collections()).toEqual(['things']);
  });

  it('keeps an updated record in its place and moves one deleted and put again to the end', async () => {
    const store = current();
    await store.write(['a', 'b', 'c'].map((id) => put('things', 'org', item(id))));
    await store.write([put('things', 'org', item('a', 5))]);
    expect(ids(await store.all('things', 'org'))).toEqual(['a', 'b', 'c']);
    await store.write([del('things', 'org', 'b'), put('things', 'org', item('b', 6))]);
    expect(await store.all('things', 'org')).toEqual([item('a', 5), item('c'), item('b', 6)]);
  });

  it('pages in insertion order and newest first, each page continuing after its cursor', async () => {
    const store = current();
    await store.write(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id, n) => put('things', 'org', item(id, n))));
    const walk = async (newestFirst: boolean, limit: number) => {
      const pages: string[][] = [];
      let after: string | undefined;
      do {
        const page = await store.page<Item>('things', 'org', { limit, newestFirst, ...(after === undefined ? {} : { after }) });
        pages.push(ids(page.items));
        after = page.next;
        if (after !== undefined) expect(after).toBe(page.items[page.items.length - 1]?.id);
      } while (after !== undefined);
      return pages;
    };
    expect(await walk(false, 3)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(await walk(true, 3)).toEqual([['g', 'f', 'e'], ['d', 'c', 'b'], ['a']]);
    // A last page that is exactly full says no more follow.
    expect(await walk(false, 7)).toEqual([['a', 'b', 'c', 'd', 'e', 'f', 'g']]);
    expect(await store.page('things', 'nowhere', { limit: 3 })).toEqual({ items: [] });
  });

  it('filters a page, and stops at maxScan refused records with the last refused one as the cursor', async () => {
    const store = current();
    await store.write(Array.from({ length: 12 }, (_, n) => put('things', 'org', item(`r${String(n).padStart(2, '0')}`, n))));
    const even = (r: Item) => r.n % 2 === 0;
    expect(await store.page<Item>('things', 'org', { limit: 2, newestFirst: false, filter: even })).toEqual({ items: [item('r00', 0), item('r02', 2)], next: 'r02' });
    expect(ids((await store.page<Item>('things', 'org', { limit: 10, newestFirst: true, filter: even, after: 'r05' })).items)).toEqual(['r04', 'r02', 'r00']);
    const big = (r: Item) => r.n >= 10;
    // Oldest first: r00…r03 refused, the fourth ends the page.
    expect(await store.page<Item>('things', 'org', { limit: 5, newestFirst: false, filter: big, maxScan: 4 })).toEqual({ items: [], next: 'r03' });
    expect(await store.page<Item>('things', 'org', { limit: 5, newestFirst: false, filter: big, maxScan: 100, after: 'r03' })).toEqual({ items: [item('r10', 10), item('r11', 11)] });
  });

  it('refuses a cursor it does not hold, as the file store does', async () => {
    const store = current();
    await store.write([put('things', 'org', item('a'))]);
    await expect(store.page('things', 'org', { limit: 1, after: 'zzz' })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(store.page('things', 'empty', { limit: 1, after: 'zzz' })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('takes ids whatever their characters hold, in every read and write of a transaction and outside one', async () => {
    const store = current();
    const ids = [`it's`, 'back\\slash\\', `\\'; DROP TABLE records; --`, '$1 and $2', 'E\'x\'', 'ünï 🦊'];
    await store.transaction(async (tx) => {
      // The first read goes out with the transaction's start, the writes with the reads after them.
      expect(await tx.get('things', 'org', ids[0] as string)).toBeUndefined();
      await tx.write(ids.map((id) => create('things', 'org', { id })));
      for (const id of ids) expect(await tx.get('things', 'org', id)).toEqual({ id });
      expect((await tx.page('things', 'org', { limit: 2, newestFirst: false, after: ids[1] as string })).items).toEqual([{ id: ids[2] }, { id: ids[3] }]);
    });
    expect((await store.all('things', 'org')).map((r) => r.id)).toEqual(ids);
    const taken = await store.write([create('things', 'org', { id: ids[2] as string })]).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(StoreConflictError);
    await store.write([del('things', 'org', ids[2] as string)]);
    expect(await store.count('things', 'org')).toBe(ids.length - 1);
  });

  it('gives back any id and text it took, quotes, backslashes and all, in a transaction and outside one', async () => {
    const store = current();
    // The characters a statement's constants must escape, among others: PostgreSQL writes go as literals.
    const text = fc.string({ unit: fc.constantFrom("'", '\\', '"', 'E', 'e', '$', ';', '-', '\n', 'a', 'ü', '🦊'), maxLength: 24 });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(text, text, async (id, note) => {
        const scope = `prop${(n += 1)}`;
        const record = { id: id === '' ? 'x' : id, note };
        await store.write([put('things', scope, record)]);
        expect(await store.get('things', scope, record.id)).toEqual(record);
        await store.transaction(async (tx) => {
          await tx.write([put('things', scope, { ...record, note: `${note}'\\` })]);
          expect(await tx.get('things', scope, record.id)).toEqual({ ...record, note: `${note}'\\` });
        });
        expect(await store.all('things', scope)).toEqual([{ ...record, note: `${note}'\\` }]);
      }),
      { numRuns: 60 },
    );
  });

  it('holds a record exactly as JSON gives it back, whatever its strings hold, and never the caller\'s object', async () => {
    const store = current();
    const odd = { id: 'odd', text: 'nul \u0000, lone \ud800, emoji 🦊, quote " and \\', nested: { list: [1, 2.5, null, true], empty: {} }, big: 2 ** 53 - 1 };
    await store.write([put('things', 'org', odd)]);
    odd.nested.list.push(99);
    expect(await store.get('things', 'org', 'odd')).toEqual({ ...odd, nested: { list: [1, 2.5, null, true], empty: {} } });
  });
}

function describeBatches(current: () => AsyncStore, place: () => StorePlace, reopened: (store: AsyncStore) => void): void {
  it('writes a batch across collections all or nothing: a taken id refuses the whole batch', async () => {
    const store = current();
    await store.write([put('keys', 'org', item('k1'))]);
    const batch = [put('things', 'org', item('t1')), put('events', 'org', item('e1')), create('keys', 'org', item('k1', 2))];
    await expect(store.write(batch)).rejects.toBeInstanceOf(StoreConflictError);
    expect(await store.get('things', 'org', 't1')).toBeUndefined();
    expect(await store.get('events', 'org', 'e1')).toBeUndefined();
    expect(await store.get('keys', 'org', 'k1')).toEqual(item('k1'));
    await expect(store.write([put('things', 'org', item('t2')), put('bad/name', 'org', item('x'))])).rejects.toThrow(/invalid collection name/);
    expect(await store.count('things', 'org')).toBe(0);
    await store.write([create('keys', 'org', item('k2')), put('things', 'org', item('t3'))]);
    expect(await store.count('keys', 'org')).toBe(2);
  });

  it('keeps every acknowledged write across a close and a reopen', async () => {
    const store = current();
    await Promise.all(Array.from({ length: 20 }, (_, n) => store.write([put('things', `org_${n % 3}`, item(`t${n}`, n)), put('events', 'org_0', item(`e${n}`, n))])));
    await store.write([del('things', 'org_0', 't0')]);
    await store.close();
    const again = await place().open();
    reopened(again);
    expect(await again.count('things', 'org_0')).toBe(6);
    expect(await again.count('events', 'org_0')).toBe(20);
    expect(await again.get('things', 'org_1', 't19')).toEqual(item('t19', 19));
    expect(await again.get('things', 'org_0', 't0')).toBeUndefined();
  });
}

function describeTransactions(current: () => AsyncStore, place: () => StorePlace): void {
  it('shows a transaction its own writes in every read, and others nothing until it commits', async () => {
    const store = current();
    await store.write(['a', 'b', 'c'].map((id) => put('things', 'org', item(id))));
    const hold = gate();
    const inside = gate<string[][]>();
    const done = store.transaction(async (tx) => {
      await tx.write([put('things', 'org', item('b', 7)), del('things', 'org', 'a'), put('things', 'org', item('d')), put('things', 'new_org', item('x'))]);
      const seen = [
        ids(await tx.all('things', 'org')),
        ids((await tx.page('things', 'org', { limit: 2, newestFirst: true })).items),
        ids((await tx.page('things', 'org', { limit: 2, newestFirst: false, after: 'b' })).items),
        ids((await tx.page('things', 'org', { limit: 5, newestFirst: true, after: 'd' })).items),
        [String(await tx.count('things', 'org')), String((await tx.get<Item>('things', 'org', 'b'))?.n), String(await tx.get('things', 'org', 'a'))],
        (await tx.scopes('things')).sort(),
      ];
      inside.open(seen);
      await hold.promise;
      return 'committed';
    });
    expect(await inside.promise).toEqual([['b', 'c', 'd'], ['d', 'c'], ['c', 'd'], ['c', 'b'], ['3', '7', 'undefined'], ['new_org', 'org']]);
    // Outside, before the commit: nothing of it.
    expect(ids(await store.all('things', 'org'))).toEqual(['a', 'b', 'c']);
    expect(await store.get('things', 'new_org', 'x')).toBeUndefined();
    hold.open();
    expect(await done).toBe('committed');
    expect(await store.all('things', 'org')).toEqual([item('b', 7), item('c'), item('d')]);
  });

  it('answers reads asked for together in a transaction each with its own result, after the writes asked before them', async () => {
    const store = current();
    await store.write([put('things', 'org', item('a', 1)), put('things', 'org', item('b', 2))]);
    const seen = await store.transaction(async (tx) => {
      await tx.write([put('things', 'org', item('c', 3)), del('things', 'org', 'a')]);
      const [a, b, c, all, count, elsewhere, page] = await Promise.all([
        tx.get<Item>('things', 'org', 'a'),
        tx.get<Item>('things', 'org', 'b', { forUpdate: true }),
        tx.get<Item>('things', 'org', 'c'),
        tx.all('things', 'org'),
        tx.count('things', 'org'),
        tx.get('things', 'other', 'b'),
        tx.page('things', 'org', { limit: 1, newestFirst: true }),
      ]);
      return [a, b?.n, c?.n, ids(all), count, elsewhere, ids(page.items)];
    });
    expect(seen).toEqual([undefined, 2, 3, ['b', 'c'], 2, undefined, ['c']]);
    expect(await store.all('things', 'org')).toEqual([item('b', 2), item('c', 3)]);
  });

  it('rolls back everything a transaction wrote when its callback throws, and passes the error on', async () => {
    const store = current();
    const failure = store.transaction(async (tx) => {
      await tx.write([put('things', 'org', item('a'))]);
      throw new Error('changed my mind');
    });
    await expect(failure).rejects.toThrow('changed my mind');
    expect(await store.count('things', 'org')).toBe(0);
  });

  it('makes a second read-decide-write on a record locked for update wait for the first, then see its write', async () => {
    const store = current();
    await store.write([put('counters', 'org', item('c', 0))]);
    const locked = gate();
    const release = gate();
    const increment = (then?: () => Promise<void>) =>
      store.transaction(async (tx) => {
        const counter = (await tx.get<Item>('counters', 'org', 'c', { forUpdate: true })) as Item;
        await then?.();
        await tx.write([put('counters', 'org', item('c', counter.n + 1))]);
        return counter.n;
      });
    const first = increment(async () => {
      locked.open();
      await release.promise;
    });
    await locked.promise;
    const second = increment();
    await place().blocked(store);
    release.open();
    expect([await first, await second]).toEqual([0, 1]);
    expect(await store.get('counters', 'org', 'c')).toEqual(item('c', 2));
  });

  it('counts every one of many concurrent increments of one record read for update', async () => {
    const store = current();
    await store.write([put('counters', 'org', item('c', 0))]);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        store.transaction(async (tx) => {
          const counter = (await tx.get<Item>('counters', 'org', 'c', { forUpdate: true })) as Item;
          await tx.count('counters', 'org');
          await tx.write([put('counters', 'org', item('c', counter.n + 1))]);
        }),
      ),
    );
    expect(await store.get('counters', 'org', 'c')).toEqual(item('c', 8));
  });

  it('adds to a field with increment: the record made when absent, its other fields kept, later reads see it, a rollback undoes it', async () => {
    const store = current();
    await store.write([put('counters', 'org', { ...item('kept', 5), label: 'kept' })]);
    const seen = await store.transaction(async (tx) => {
      await tx.write([increment('counters', 'org', 'new', 'n'), increment('counters', 'org', 'new', 'n', 2), increment('counters', 'org', 'kept', 'n', -3)]);
      return [await tx.get('counters', 'org', 'new'), await tx.get('counters', 'org', 'kept')];
    });
    expect(seen).toEqual([item('new', 3), { ...item('kept', 2), label: 'kept' }]);
    // Its other fields in their order, a new field last, as the file store's spread gives them.
    await store.write([put('counters', 'org', { id: 'ordered', label: 'x', n: 1 }), increment('counters', 'org', 'ordered', 'n'), increment('counters', 'org', 'ordered', 'added')]);
    expect(Object.keys((await store.get('counters', 'org', 'ordered')) as StoredRecord)).toEqual(['id', 'label', 'n', 'added']);
    await expect(
      store.transaction(async (tx) => {
        await tx.write([increment('counters', 'org', 'kept', 'n', 10), increment('counters', 'org', 'other', 'total')]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect([await store.get('counters', 'org', 'new'), await store.get('counters', 'org', 'kept'), await store.get('counters', 'org', 'other')]).toEqual([
      item('new', 3),
      { ...item('kept', 2), label: 'kept' },
      undefined,
    ]);
  });

  it('counts every one of many concurrent increments of one record, none of them read first', async () => {
    const store = current();
    const running = 8;
    let begun = 0;
    const all = gate();
    await Promise.all(
      Array.from({ length: running }, (_, i) =>
        store.transaction(async (tx) => {
          // Every transaction open before any increments (on PostgreSQL each holds its own connection).
          await tx.get('counters', 'org', `reader-${i}`);
          if (++begun === running || place().serialises) all.open();
          await all.promise;
          await tx.write([increment('counters', 'org', 'c', 'n'), put('marks', 'org', item(`m-${i}`))]);
        }),
      ),
    );
    expect(await store.get('counters', 'org', 'c')).toEqual(item('c', running));
    expect(await store.count('marks', 'org')).toBe(running);
  });

  it('shows each of many transactions open at once its own increment of one record, in turn, the sum exact', async () => {
    const store = current();
    // Within the PostgreSQL store's pool (10): every transaction holds a connection at once.
    const running = 8;
    let begun = 0;
    const all = gate();
    const locked = gate();
    const release = gate();
    const runs = Array.from({ length: running }, (_, i) =>
      store.transaction(async (tx) => {
        await tx.count('counters', 'org');
        if (++begun === running || place().serialises) all.open();
        await all.promise;
        if (i > 0) await locked.promise;
        await tx.write([increment('counters', 'org', 'c', 'n')]);
        // Reading it sends the increment: on PostgreSQL its row is locked from here until the commit.
        const seen = ((await tx.get<Item>('counters', 'org', 'c')) as Item).n;
        if (i === 0) {
          locked.open();
          await release.promise;
        }
        return seen;
      }),
    );
    await locked.promise;
    try {
      // The others wait for the first: for its row lock on PostgreSQL, for their turn on the file store.
      await place().blocked(store);
    } finally {
      release.open();
    }
    expect((await Promise.all(runs)).sort((a, b) => a - b)).toEqual(Array.from({ length: running }, (_, i) => i + 1));
    expect(await store.get('counters', 'org', 'c')).toEqual(item('c', running));
  });

  it('refuses an increment of a field holding no integer, and a malformed one, writing nothing of its batch', async () => {
    const store = current();
    const held = [{ id: 'words', n: 'five' }, { id: 'half', n: 1.5 }, { id: 'list', n: [1] }, { id: 'top', n: Number.MAX_SAFE_INTEGER }];
    await store.write(held.map((record) => put('counters', 'org', record)));
    for (const { id } of held) {
      // The same words on both stores (PostgreSQL's at the statement the increment went with, here the commit).
      await expect(store.transaction((tx) => tx.write([put('marks', 'org', item(`before-${id}`)), increment('counters', 'org', id, 'n')]))).rejects.toThrow(`counters ${id}: n holds no integer to add 1 to`);
    }
    for (const malformed of [increment('counters', 'org', 'c', 'id'), increment('counters', 'org', 'c', 'n', 1.5), increment('counters', 'org', '', 'n'), increment('counters', 'org', 'c', 'no spaces')]) {
      await expect(store.write([put('marks', 'org', item('with-malformed')), malformed])).rejects.toThrow();
    }
    expect(await store.count('marks', 'org')).toBe(0);
    expect(await store.all('counters', 'org')).toEqual(held);
  });

  it('lets exactly one of two concurrent creates of one id win; the other fails cleanly with nothing written', async () => {
    const store = current();
    const read = [gate(), gate()];
    const attempt = (me: 0 | 1) =>
      store.transaction(async (tx) => {
        // One submission per record_id: the guard's id is the record_id.
        const existing = await tx.get('submission-records', 'org', 'rec-1');
        read[me]?.open();
        if (existing) return 'exists';
        // Both decided on "absent" (or the file store ran them one after the other).
        const abort = new AbortController();
        await Promise.race([read[1 - me]?.promise, place().blocked(store, abort.signal)]);
        abort.abort();
        await tx.write([create('submission-records', 'org', { id: 'rec-1', submission: `sub-${me}` }), put('submissions', 'org', item(`sub-${me}`))]);
        return 'created';
      });
    const outcomes = await Promise.allSettled([attempt(0), attempt(1)]);
    const won = outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'created');
    const lost = outcomes.filter((o) => (o.status === 'fulfilled' && o.value === 'exists') || (o.status === 'rejected' && o.reason instanceof StoreConflictError));
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect(await store.count('submissions', 'org')).toBe(1);
    const guard = (await store.get<StoredRecord & { submission: string }>('submission-records', 'org', 'rec-1')) as { submission: string };
    expect(await store.get('submissions', 'org', guard.submission)).toBeDefined();
  });

  it('fails the commit of a transaction whose create conflicted, even when its callback caught the error', async () => {
    const store = current();
    await store.write([put('codes', 'org', item('code-1'))]);
    const swallowed = store.transaction(async (tx) => {
      await tx.write([create('codes', 'org', item('code-1'))]).catch(() => undefined);
      return 'carried on';
    });
    await expect(swallowed).rejects.toBeInstanceOf(StoreConflictError);
    expect(await store.get('codes', 'org', 'code-1')).toEqual(item('code-1'));
  });

  it('refuses the store itself from inside its transaction, and a transaction used after its callback returned', async () => {
    const store = current();
    let leaked: Parameters<Parameters<AsyncStore['transaction']>[0]>[0] | undefined;
    await expect(store.transaction(async () => store.write([put('things', 'org', item('a'))]))).rejects.toThrow(/inside one of the store's transactions/);
    await expect(store.transaction(async () => store.transaction(async () => 1))).rejects.toThrow(/do not nest/);
    await store.transaction(async (tx) => void (leaked = tx));
    await expect((leaked as NonNullable<typeof leaked>).get('things', 'org', 'a')).rejects.toThrow(/transaction is over/);
  });

  it('delivers a notification sent in a transaction once it commits, and never for one rolled back', async () => {
    const store = current();
    const received: string[] = [];
    const arrived = gate();
    const stop = await store.listen('jobs', (payload) => {
      received.push(payload);
      if (payload === 'second') arrived.open();
    });
    await store
      .transaction(async (tx) => {
        tx.notify('jobs', 'rolled back');
        throw new Error('no');
      })
      .catch(() => undefined);
    await store.transaction(async (tx) => {
      tx.notify('jobs', 'first');
      await tx.write([put('jobs', 'org', item('j1'))]);
    });
    await store.transaction(async (tx) => tx.notify('jobs', 'second'));
    await arrived.promise;
    expect(received).toEqual(['first', 'second']);
    await stop();
    await expect(store.transaction(async (tx) => tx.notify('bad channel!'))).rejects.toThrow(/invalid channel name/);
  });

  it('gives a read-only transaction one snapshot and refuses its writes', async () => {
    const store = current();
    await store.write([put('things', 'org', item('a'))]);
    const started = gate();
    const proceed = gate();
    const reading = store.transaction(
      async (tx) => {
        const before = await tx.count('things', 'org');
        started.open();
        await proceed.promise;
        await expect(tx.write([put('things', 'org', item('c'))])).rejects.toThrow(/read-only/);
        return [before, await tx.count('things', 'org'), (await tx.all('things', 'org')).length];
      },
      { readOnly: true },
    );
    await started.promise;
    const written = store.write([put('things', 'org', item('b'))]);
    // PostgreSQL commits the write beside the snapshot; the file store queues it behind the transaction.
    const abort = new AbortController();
    await Promise.race([written, place().blocked(store, abort.signal)]);
    abort.abort();
    proceed.open();
    expect(await reading).toEqual([1, 1, 1]);
    await written;
    expect(await store.count('things', 'org')).toBe(2);
  });
}

function describeClaims(current: () => AsyncStore, place: () => StorePlace): void {
  const claim = (store: AsyncStore, holder: string, now: number, until = now + 100, when?: (r: Item) => boolean) =>
    store.transaction((tx) => tx.claim<Item>('jobs', 'org', 'j1', { holder, now, until, ...(when ? { when } : {}) }));

  it('leases a record to one holder until its lease ends, extends it for that holder, and frees it on release or deletion', async () => {
    const store = current();
    expect(await claim(store, 'a', 1000)).toEqual({ outcome: 'absent' });
    await store.write([put('jobs', 'org', item('j1', 1))]);
    expect(await claim(store, 'a', 1000, 1100)).toEqual({ outcome: 'claimed', record: item('j1', 1) });
    expect(await claim(store, 'b', 1050)).toEqual({ outcome: 'held', holder: 'a', until: 1100 });
    // The holder claiming again extends its lease; an update of the record keeps it.
    expect((await claim(store, 'a', 1090, 1200)).outcome).toBe('claimed');
    await store.write([put('jobs', 'org', item('j1', 2))]);
    expect(await claim(store, 'b', 1150)).toEqual({ outcome: 'held', holder: 'a', until: 1200 });
    // Once it ends, another holder takes it.
    expect(await claim(store, 'b', 1200, 1300)).toEqual({ outcome: 'claimed', record: item('j1', 2) });
    // Released by someone else's name: still b's. Released by b: free at once.
    await store.transaction((tx) => tx.release('jobs', 'org', 'j1', 'a'));
    expect((await claim(store, 'a', 1210)).outcome).toBe('held');
    await store.transaction((tx) => tx.release('jobs', 'org', 'j1', 'b'));
    expect((await claim(store, 'a', 1210, 1400)).outcome).toBe('claimed');
    // Deleted and put again: a new record, no lease.
    await store.write([del('jobs', 'org', 'j1')]);
    await store.write([put('jobs', 'org', item('j1', 3))]);
    expect((await claim(store, 'b', 1220)).outcome).toBe('claimed');
  });

  it('declines a record the claim does not accept, leasing nothing, and rolls a lease back with its transaction', async () => {
    const store = current();
    await store.write([put('jobs', 'org', item('j1', 5))]);
    expect(await claim(store, 'a', 1000, 1100, (r) => r.n < 5)).toEqual({ outcome: 'declined', record: item('j1', 5) });
    expect((await claim(store, 'b', 1000)).outcome).toBe('claimed');
    const failed = store.transaction(async (tx) => {
      await tx.claim('jobs', 'org', 'j1', { holder: 'c', now: 2000, until: 3000 });
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect((await claim(store, 'd', 2000)).outcome).toBe('claimed');
    await expect(store.transaction(async (tx) => tx.claim('jobs', 'org', 'j1', { holder: 'e', now: 9000, until: 9100 }), { readOnly: true })).rejects.toThrow(/read-only/);
  });

  it('never waits for a transaction holding the record: answers locked, or (the file store) runs after it', async () => {
    const store = current();
    await store.write([put('jobs', 'org', item('j1'))]);
    const locked = gate();
    const release = gate();
    const holding = store.transaction(async (tx) => {
      await tx.get('jobs', 'org', 'j1', { forUpdate: true });
      locked.open();
      await release.promise;
    });
    await locked.promise;
    const claiming = claim(store, 'a', 1000);
    const abort = new AbortController();
    const first = await Promise.race([claiming.then((c) => c.outcome), place().blocked(store, abort.signal).then(() => 'waited' as const)]);
    abort.abort();
    release.open();
    await holding;
    if (place().serialises) {
      // It waited its turn, and then found the record free.
      expect(first).toBe('waited');
      expect((await claiming).outcome).toBe('claimed');
    } else {
      expect(first).toBe('locked');
      expect((await claim(store, 'a', 1000)).outcome).toBe('claimed');
    }
  });
}
