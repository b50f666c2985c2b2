import type { NextFunction, Request, Response } from 'express';
import { detached, logFault, principalOf, type PrincipalStep, sendError } from '../http/index.js';
import type { AppContext } from '../context.js';
import type { FaultRecord, FaultSurface } from './fault-records.js';
import { noFaults, takeFault } from './fault-service.js';

const describe = (f: FaultRecord) => `${f.id} ${f.kind} (set in the workspace's developer tools)`;

/**
 * Applies an organisation's injected faults to its own requests: a step each keyed surface gives
 * its guard (PrincipalStep), so only requests with a valid credential of that organisation are
 * touched (neither the operator nor another organisation ever meets one), and before the rest of
 * the surface (its rate limit, body parsing, routes). Every faulted answer says it was injected
 * in an `X-Injected-Fault` header. With no fault stored anywhere this is one count, asked with
 * the guard's own reads.
 */
export function faultInjection(ctx: AppContext, surface: FaultSurface): PrincipalStep<boolean> {
  return {
    look: () => noFaults(ctx),
    run: (req, res, next, none) => (none ? next() : void applyFault(ctx, surface, req, res, next).catch(next)),
  };
}

/** The organisation's next fault for this surface, if any, applied to this request. */
async function applyFault(ctx: AppContext, surface: FaultSurface, req: Request, res: Response, next: NextFunction): Promise<void> {
  const fault = await takeFault(ctx, principalOf(req).orgId, surface);
  if (!fault) {
    next();
    return;
  }
  ctx.log.info({ fault: fault.id, kind: fault.kind, surface }, 'injected fault');
  req.injectedFault = { orgId: fault.orgId, surface, faultId: fault.id, kind: fault.kind };
  res.set('X-Injected-Fault', describe(fault));
  switch (fault.kind) {
    case 'latency':
      setTimeout(detached(logFault(ctx.log, 'injected latency', req), next), fault.latencyMs);
      return;
    case 'disconnect':
      req.socket.destroy();
      return;
    case '429':
      res.set('Retry-After', String(fault.retryAfterSeconds));
      sendError(res, 429, `Too many requests (an injected fault): retry after ${fault.retryAfterSeconds} second(s).`);
      return;
    case '503':
      res.set('Retry-After', String(fault.retryAfterSeconds));
      sendError(res, 503, `The service is unavailable (an injected fault): retry after ${fault.retryAfterSeconds} second(s).`);
      return;
    case '500':
      sendError(res, 500, 'An internal error (an injected fault): retry with backoff.');
      return;
  }
}
