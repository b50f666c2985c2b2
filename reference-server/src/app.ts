import express, { type Express, type RequestHandler, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { AppContext } from './context.js';
import { errorHandler, notFound } from './http/fallbacks.js';

export const HEALTH_TEXT = 'ok: partner integration reference server';

/** A router and where it is mounted (at the root when `path` is absent). */
export interface Mount {
  path?: string;
  router: Router;
}

/**
 * One Express app: the `first` middleware (metrics), request logging, the health text, the
 * routers it is given (compose.ts builds them, each behind its own credential guard) in order,
 * then the 404 and 500 fallbacks.
 */
export function createApp(ctx: Pick<AppContext, 'log' | 'ids'>, mounts: readonly Mount[], first?: RequestHandler): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  if (first) app.use(first);
  app.use(
    pinoHttp({
      logger: ctx.log,
      genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : ctx.ids.next('req')),
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.get('/api', (_req, res) => {
    res.type('text/plain').send(HEALTH_TEXT);
  });

  for (const { path, router } of mounts) {
    if (path) app.use(path, router);
    else app.use(router);
  }

  app.use(notFound);
  app.use(errorHandler(ctx.log));
  return app;
}
