import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Fault } from '../detached.js';

export { detached, type Fault } from '../detached.js';

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

/**
 * `logFault` for a listener or wrapper built once per process and called with a response as its
 * `this` (see `detached`): the request is read from the response only when a fault comes.
 */
export function logResponseFault(log: Logger, where: string): Fault {
  return (error, self) => logFault(log, where, (self as Response | undefined)?.req)(error);
}

const ID = Symbol('requestId');
const NEXT_ID = Symbol('nextRequestId');
type Identified = Request & { [ID]?: string; [NEXT_ID]?: () => string };

/**
 * Tells `requestIdOf` where a request's id comes from (the request log does, for every request).
 * Kept on the request's prototype, which Express makes per app: set once, not on every request.
 */
export function identifyRequests(req: Request, nextId: () => string): void {
  if ((req as Identified)[NEXT_ID] !== nextId) (Object.getPrototypeOf(req) as Identified)[NEXT_ID] = nextId;
}

/** The request's id, the one its log line carries: the caller's `x-request-id`, else drawn once, when first asked for. */
export function requestIdOf(req: Request): string {
  const identified = req as Identified;
  if (identified[ID] !== undefined) return identified[ID];
  const header = req.headers['x-request-id'];
  identified[ID] = typeof header === 'string' ? header : (identified[NEXT_ID]?.() ?? 'unknown');
  return identified[ID];
}

