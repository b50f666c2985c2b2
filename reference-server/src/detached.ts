/**
 * The one rule for code that runs outside a request's own error path — response `finish`/`close`
 * listeners, `res.end`/`res.json` wrappers, timers, event listeners, the store's after-commit
 * hook, job attempts, outbound sockets' callbacks: it goes through `detached`, so a throw (or a
 * rejected promise) there is handed to `onFault` instead of reaching Node's uncaught-exception
 * path, which stops the process and every request with it. The architecture test holds new
 * listeners and timers to this.
 */
export type Fault = (error: unknown) => void;

export function detached<A extends unknown[]>(onFault: Fault, work: (...args: A) => unknown): (...args: A) => void {
  return (...args: A) => {
    try {
      const result = work(...args);
      if (result instanceof Promise) result.catch(onFault);
    } catch (error) {
      onFault(error);
    }
  };
}
