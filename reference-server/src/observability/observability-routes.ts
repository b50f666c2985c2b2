import { Router, type Request } from 'express';
import type { Registry } from 'prom-client';
import { safeEqual } from '../crypto/index.js';
import { sendError } from '../http/index.js';
import { isLoopbackAddress } from '../loopback.js';

export interface Readiness {
  /** What /readyz calls the store's check: `store` (the data folder) or `database` (PostgreSQL). */
  storeCheck: 'store' | 'database';
  /** Why the store cannot take writes now (a full disk, a database that does not answer), or undefined. */
  storeProblem(): Promise<string | undefined>;
  workersRunning(): boolean;
}

export interface OpsRouteOptions {
  registry: Registry;
  readiness: Readiness;
  /** When set, /metrics needs `Authorization: Bearer <token>` from every caller; otherwise loopback callers only. */
  metricsToken?: string;
}

function mayScrape(req: Request, token: string | undefined): boolean {
  if (token) return safeEqual(req.headers.authorization?.replace(/^Bearer /, '') ?? '', token);
  return isLoopbackAddress(req.socket.remoteAddress);
}

/**
 * `GET /healthz` (the process answers), `GET /readyz` (the store takes writes — on PostgreSQL, the
 * database answers a ping — and the background workers run: 503 otherwise, so a load balancer stops sending traffic) and `GET /metrics`
 * (Prometheus text). The probes reveal nothing and stay open to load balancers; metrics
 * describe the traffic, so they are for the operator only and look like a missing route to anyone else.
 */
export function opsRoutes(options: OpsRouteOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  router.get('/readyz', async (_req, res) => {
    const { storeCheck } = options.readiness;
    const problem = await options.readiness.storeProblem();
    const checks = { [storeCheck]: problem === undefined, workers: options.readiness.workersRunning() };
    const ready = problem === undefined && checks.workers === true;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks, ...(problem ? { reasons: { [storeCheck]: problem } } : {}) });
  });
  router.get('/metrics', async (req, res, next) => {
    if (!mayScrape(req, options.metricsToken)) {
      sendError(res, 404, `No route for ${req.method} ${req.originalUrl}.`);
      return;
    }
    try {
      const text = await options.registry.metrics();
      res.type(options.registry.contentType).send(text);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
