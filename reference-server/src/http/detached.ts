import type { Request } from 'express';
import type { Logger } from 'pino';

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

/** The usual `onFault`: one structured error line naming where it happened and the request it came from, then on. */
export function logFault(log: Logger, where: string, req?: Request): Fault {
  return (error) => {
    try {
      log.error({ err: error, where, ...(req ? { reqId: requestIdOf(req) } : {}) }, 'work outside a request failed; the server goes on');
    } catch {
      // A logger that throws must not take the process down either.
    }
  };
}

const ID = Symbol('requestId');
const NEXT_ID = Symbol('nextRequestId');
type Identified = Request & { [ID]?: string; [NEXT_ID]?: () => string };

/** Tells `requestIdOf` where a request's id comes from (the request log does, for every request). */
export function identifyRequests(req: Request, nextId: () => string): void {
  (req as Identified)[NEXT_ID] = nextId;
}

/** The request's id, the one its log line carries: the caller's `x-request-id`, else drawn once, when first asked for. */
export function requestIdOf(req: Request): string {
  const identified = req as Identified;
  if (identified[ID] !== undefined) return identified[ID];
  const header = req.headers['x-request-id'];
  identified[ID] = typeof header === 'string' ? header : (identified[NEXT_ID]?.() ?? 'unknown');
  return identified[ID];
}
