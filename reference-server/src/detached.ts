/**
 * The one rule for code that runs outside a request's own error path — response `finish`/`close`
 * listeners, `res.end`/`res.json` wrappers, timers, event listeners, the store's after-commit
 * hook, job attempts, outbound sockets' callbacks: it goes through `detached`, so a throw (or a
 * rejected promise) there is handed to `onFault` instead of reaching Node's uncaught-exception
 * path, which stops the process and every request with it. The architecture test holds new
 * listeners and timers to this.
 *
 * The wrapped function keeps the `this` it is called with (a listener's emitter) and `onFault` is
 * given it too: a listener built once per process can still say which request it failed for.
 */
export type Fault = (error: unknown, self?: unknown) => void;

export function detached<A extends unknown[], T = unknown>(onFault: Fault, work: (this: T, ...args: A) => unknown): (this: T, ...args: A) => void {
  return function (this: T) {
    try {
      // `arguments` straight into `apply`: no array is built per call (listeners run per request).
      const result = work.apply(this, arguments as unknown as A);
      if (result instanceof Promise) result.catch((error: unknown) => onFault(error, this));
    } catch (error) {
      onFault(error, this);
    }
  };
}
