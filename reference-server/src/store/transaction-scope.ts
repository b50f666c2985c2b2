import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Knows whether code runs inside one of a store's transactions, so a call on the store itself from
 * there fails at once instead of deadlocking (the file store would wait for the transaction that
 * waits for it; PostgreSQL would wait on the transaction's own row lock) or silently reading past
 * the transaction's writes.
 */
export class TransactionScope {
  readonly #inside = new AsyncLocalStorage<true>();

  run<R>(work: () => Promise<R>): Promise<R> {
    return this.#inside.run(true, work);
  }

  assertOutside(call: string): void {
    if (this.#inside.getStore()) {
      throw new Error(`store.${call}() called inside one of the store's transactions: use the transaction's own methods (transactions do not nest)`);
    }
  }
}
