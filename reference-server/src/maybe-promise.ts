/**
 * A value now, or a promise of it: what a hot-path lookup answers when the store may hold the
 * answer in this process (the file store's `committed` view) and must ask otherwise (PostgreSQL).
 * Answering at once spares the request a promise and a turn of the microtask queue per lookup.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Calls `then` with the value: at once when it is one, once the promise fulfils otherwise; a rejection goes to `onError`. */
export function whenReady<T>(value: MaybePromise<T>, then: (value: T) => void, onError: (error: unknown) => void): void {
  if (value instanceof Promise) value.then(then, onError);
  else then(value);
}
