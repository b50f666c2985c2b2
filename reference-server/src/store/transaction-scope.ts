import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Knows whether code runs inside one of a store's transactions, so a call on the store itself from
 * there fails at once instead of deadlocking (the file store would wait for the transaction that
 * waits for it; PostgreSQL would wait on the transaction's own row lock) or silently reading past
 * the transaction's writes.
 *
 * Every read of the store asks, so asking is made to cost nothing while no transaction runs: a
 * count of the transactions in flight answers first, and only while one runs is the async context
 * looked up. The context is tracked only while a transaction runs, too: on Node 20 an enabled
 * AsyncLocalStorage installs promise hooks that every promise of the process then pays for, so
 * the storage is disabled again whenever the last transaction ends and none waits.
 */
export class TransactionScope {
  readonly #inside = new AsyncLocalStorage<true>();
  readonly #queued: () => boolean;
  readonly #checked: boolean;
  #running = 0;

  /**
   * `queued`: whether another transaction waits for its turn (the file store's queue). The storage
   * then stays enabled between the two: switching V8's promise hooks off and on again for each of
   * a queue of transactions cost more than the hooks themselves.
   * `checked: false` tracks nothing and refuses nothing: where transactions overlap all the time
   * (PostgreSQL under load) the hooks stay on and cost a fifth of the server's CPU
   * (docs/decisions/transaction-nesting-check.md).
   */
  constructor(queued: () => boolean = () => false, checked = true) {
    this.#queued = queued;
    this.#checked = checked;
  }

  async run<R>(work: () => Promise<R>): Promise<R> {
    if (!this.#checked) return work();
    this.#running += 1;
    try {
      return await this.#inside.run(true, work);
    } finally {
      this.#running -= 1;
      if (this.#running === 0 && !this.#queued()) this.#inside.disable();
    }
  }

  assertOutside(call: string): void {
    const refused = this.refusal(call);
    if (refused) throw refused;
  }

  /** The error a store call from inside a transaction gets, or undefined (for a read that answers with a promise without an async function). */
  refusal(call: string): Error | undefined {
    if (this.#running > 0 && this.#inside.getStore()) {
      return new Error(`store.${call}() called inside one of the store's transactions: use the transaction's own methods (transactions do not nest)`);
    }
    return undefined;
  }
}
