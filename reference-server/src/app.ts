import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import type { AppContext } from './context.js';
import { errorHandler, type FinishedResponse, notFound, prepareBody, sendPrepared, type OrgRequestLog, requestLog } from './http/index.js';

export const HEALTH_TEXT = 'ok: partner integration reference server';
const HEALTH = prepareBody('text/plain', HEALTH_TEXT);

/** A router (or a root middleware that dispatches to one) and where it is mounted (at the root when `path` is absent). */
export interface Mount {
  path?: string;
  router: Router | RequestHandler;
}

/** With no proxy trusted, `req.ip` (which parses X-Forwarded-For to discard it) is the peer's own address. */
const peerAddress = (req: Request): string | undefined => req.socket.remoteAddress;

/**
 * One Express app (`trust proxy` from the configuration): request logging, which also tells
 * `finished` (the metrics) of each finished response (and keeps the organisations' request logs
 * of the workspace, when given), the health text, the routers it is given (compose.ts builds
 * them, each behind its own credential guard) in order, then the 404 and 500 fallbacks.
 */
export function createApp(ctx: Pick<AppContext, 'log' | 'config'>, mounts: readonly Mount[], finished?: FinishedResponse, perOrganisation?: OrgRequestLog): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // `req.ip` (rate limits, sign-in throttle, request log) is the client's address behind the
  // proxies the operator named with --trust-proxy, and the peer's own address otherwise.
  app.set('trust proxy', ctx.config.trustProxy ?? false);
  app.use(
    requestLog(ctx.log, {
      ...(perOrganisation ? { perOrganisation } : {}),
      ...(finished ? { finished } : {}),
      ...(ctx.config.trustProxy === undefined ? { clientAddress: peerAddress } : {}),
    }),
  );

  app.get('/api', (_req, res) => {
    sendPrepared(res, HEALTH);
  });

  for (const { path, router } of mounts) {
    if (path) app.use(path, router);
    else app.use(router);
  }

  app.use(notFound);
  app.use(errorHandler(ctx.log));
  return app;
}
