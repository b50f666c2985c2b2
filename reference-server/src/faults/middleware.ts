import { Router, type Request, type RequestHandler } from 'express';
import { apiKeyPrincipal, bearerPrincipal, bearerToken, type AccessTokenVerifier } from '../auth/guards.js';
import type { Principal } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { sendError } from '../http/rest-errors.js';
import type { FaultRecord, FaultSurface } from './records.js';
import { noFaults, takeFault } from './service.js';

/** Who a request's credential names, as its surface's guard would find it, without answering for the guard. */
type Identify = (req: Request) => Promise<Principal | undefined>;

export const apiKeyOrg =
  (ctx: AppContext, kind: 'developer_key' | 'automation_key'): Identify =>
  async (req) =>
    apiKeyPrincipal(ctx, kind, req.headers['x-api-key']);

export const bearerOrg =
  (ctx: AppContext, verifyAccessToken: AccessTokenVerifier): Identify =>
  async (req) => {
    const token = bearerToken(req.headers.authorization);
    return token ? bearerPrincipal(ctx, verifyAccessToken, token) : undefined;
  };

const describe = (f: FaultRecord) => `${f.id} ${f.kind} (set in the workspace's developer tools)`;

/**
 * Applies an organisation's injected faults to its own requests, before the surface sees them.
 * Only requests with a valid credential of that organisation are touched (so neither the operator
 * nor another organisation ever meets one), and every faulted answer says it was injected in an
 * `X-Injected-Fault` header. With no fault stored anywhere this is one count.
 */
export function faultInjection(ctx: AppContext, surface: FaultSurface, identify: Identify): RequestHandler {
  return (req, res, next) => {
    if (noFaults(ctx)) {
      next();
      return;
    }
    void (async () => {
      const principal = await identify(req);
      const fault = principal ? await takeFault(ctx, principal.orgId, surface) : undefined;
      if (!principal || !fault) {
        next();
        return;
      }
      ctx.log.info({ fault: fault.id, kind: fault.kind, surface }, 'injected fault');
      req.injectedFault = { orgId: fault.orgId, surface, faultId: fault.id, kind: fault.kind };
      // The request log shows which credential met the fault (a latency fault's guard sets it again).
      req.principal = principal;
      res.set('X-Injected-Fault', describe(fault));
      switch (fault.kind) {
        case 'latency':
          setTimeout(next, fault.latencyMs);
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
    })().catch(next);
  };
}

/**
 * The fault injection of the three keyed surfaces, mounted before them: `/api/v1` (developer
 * key), `/api/automation` (automation key) and `POST /api` (Bearer). OAuth and the operator
 * endpoint are never faulted.
 */
export function faultInjectionRouter(ctx: AppContext, verifyAccessToken: AccessTokenVerifier): RequestHandler {
  const surfaces = Router();
  surfaces.use('/api/v1', faultInjection(ctx, 'assessment', apiKeyOrg(ctx, 'developer_key')));
  surfaces.use('/api/automation', faultInjection(ctx, 'automation', apiKeyOrg(ctx, 'automation_key')));
  surfaces.post('/api', faultInjection(ctx, 'graphql', bearerOrg(ctx, verifyAccessToken)));
  // Mounted at the root, so every request passes: with no fault stored it passes with one count
  // instead of entering a router and walking the three surface routes.
  return (req, res, next) => {
    if (noFaults(ctx)) next();
    else surfaces(req, res, next);
  };
}
