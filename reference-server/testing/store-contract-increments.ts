import { expect, it } from 'vitest';
import { del, increment, put, type AsyncStore, type AsyncWriteOp, type StoredRecord } from '../src/store/index.js';
import { gate } from './gate.js';
import type { StorePlace } from './store-contract.js';

type Counter = StoredRecord & Record<string, unknown>;

const add = (id: string, by = 1, field = 'count') => increment('counters', 'org', { id, field, by });

/** The store contract's `increment` cases (store-contract.ts runs them on every store). */
export function describeIncrements(current: () => AsyncStore, place: () => StorePlace): void {
  it('creates an absent record with the amount, and adds to a present one in place, its other fields and their order kept', async () => {
    const store = current();
    await store.write([put('counters', 'org', { id: 'a', label: 'first', count: 5 }), put('counters', 'org', { id: 'b' })]);
    await store.write([add('a', 3), add('fresh', 2), add('b', -4, 'other')]);
    await store.write([add('a', -1)]);
    const all = await store.all<Counter>('counters', 'org');
    expect(all).toEqual([{ id: 'a', label: 'first', count: 7 }, { id: 'b', other: -4 }, { id: 'fresh', count: 2 }]);
    expect(all.map((record) => Object.keys(record))).toEqual([['id', 'label', 'count'], ['id', 'other'], ['id', 'count']]);
  });

  it('applies an increment after what the batch wrote before it, and shows the transaction its own sums', async () => {
    const store = current();
    const seen = await store.transaction(async (tx) => {
      await tx.write([put('counters', 'org', { id: 'a', count: 10 }), add('a', 1), add('b'), del('counters', 'org', 'b'), add('b', 7)]);
      const first = await Promise.all([tx.get<Counter>('counters', 'org', 'a'), tx.get<Counter>('counters', 'org', 'b')]);
      await tx.write([add('a', 100)]);
      const [again, count] = await Promise.all([tx.get<Counter>('counters', 'org', 'a', { forUpdate: true }), tx.count('counters', 'org')]);
      return [...first, again, count];
    });
    expect(seen).toEqual([{ id: 'a', count: 11 }, { id: 'b', count: 7 }, { id: 'a', count: 111 }, 2]);
    expect(await store.all('counters', 'org')).toEqual([{ id: 'a', count: 111 }, { id: 'b', count: 7 }]);
  });

  it('shows others nothing of a transaction\'s increments before it ends, and applies none of a rolled-back one', async () => {
    const store = current();
    await store.write([add('a', 1)]);
    const inside = gate();
    const hold = gate();
    const failed = store.transaction(async (tx) => {
      await tx.write([add('a', 5), add('b', 5)]);
      expect(await tx.get('counters', 'org', 'a')).toEqual({ id: 'a', count: 6 });
      inside.open();
      await hold.promise;
      throw new Error('changed my mind');
    });
    await inside.promise;
    expect(await store.get('counters', 'org', 'a')).toEqual({ id: 'a', count: 1 });
    hold.open();
    await expect(failed).rejects.toThrow('changed my mind');
    expect(await store.all('counters', 'org')).toEqual([{ id: 'a', count: 1 }]);
  });

  it('sums exactly the increments of many transactions open at once on one record, each seeing its own', async () => {
    const store = current();
    // Within the PostgreSQL store's pool (10), so every transaction holds a connection at once.
    const n = 8;
    const allOpen = gate();
    const locked = gate();
    const release = gate();
    let open = 0;
    const runs = Array.from({ length: n }, (_, i) =>
      store.transaction(async (tx) => {
        // A read first: on PostgreSQL every transaction has begun before any increments.
        await tx.count('counters', 'org');
        open += 1;
        if (open === n) allOpen.open();
        if (!place().serialises) await allOpen.promise;
        if (i > 0) await locked.promise;
        await tx.write([add('c')]);
        // Reading it sends the increment: the row is locked from here (PostgreSQL) until the commit.
        const seen = ((await tx.get<Counter>('counters', 'org', 'c')) as Counter)['count'];
        if (i === 0) {
          locked.open();
          await release.promise;
        }
        return seen;
      }),
    );
    await locked.promise;
    // Another transaction waits for the first: on PostgreSQL for its row lock, on the file store its turn.
    await place().blocked(store);
    release.open();
    const seen = await Promise.all(runs);
    expect([...seen].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(await store.get('counters', 'org', 'c')).toEqual({ id: 'c', count: n });
  });

  it('refuses an increment of a field holding anything but a number, and bad input, writing nothing of the batch', async () => {
    const store = current();
    await store.write([put('counters', 'org', { id: 's', label: 'x', list: [1], none: null, big: Number.MAX_SAFE_INTEGER })]);
    const refused = async (op: AsyncWriteOp, message: RegExp) => {
      await expect(store.write([put('things', 'org', { id: 't' }), op])).rejects.toThrow(message);
      expect(await store.get('things', 'org', 't')).toBeUndefined();
    };
    await refused(add('s', 1, 'label'), /counters s: field label holds a string, not a number/);
    await refused(add('s', 1, 'list'), /counters s: field list holds an array, not a number/);
    await refused(add('s', 1, 'none'), /counters s: field none holds null, not a number/);
    await refused(add('s', 1, 'big'), /counters s: field big would hold 9007199254740992, past the safe integers/);
    for (const by of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '1' as unknown as number]) await refused(add('s', by), /not a safe integer/);
    for (const field of ['id', '', 'a.b', '__proto__', 'x'.repeat(65)]) await refused(add('s', 1, field), /invalid field name/);
    await refused(increment('counters', 'org', { id: '', field: 'count', by: 1 }), /increment without id/);
    await refused(increment('bad/name', 'org', { id: 'c', field: 'count', by: 1 }), /invalid collection name/);
    // In a transaction too, even when its callback catches the error (PostgreSQL learns it at its next statement).
    const caught = store.transaction(async (tx) => {
      await tx.write([put('things', 'org', { id: 't' }), add('s', 1, 'label')]).catch(() => undefined);
      await tx.get('counters', 'org', 's').catch(() => undefined);
      return 'carried on';
    });
    await expect(caught).rejects.toThrow(/field label holds a string, not a number/);
    expect(await store.get('things', 'org', 't')).toBeUndefined();
    expect(await store.get('counters', 'org', 's')).toEqual({ id: 's', label: 'x', list: [1], none: null, big: Number.MAX_SAFE_INTEGER });
  });
}
