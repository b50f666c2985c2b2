import express, { type Express, type RequestHandler, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import { createAssessmentSurface } from './assessment/index.js';
import { createAutomationSurface } from './automation/index.js';
import type { AppContext } from './context.js';
import { createGraphqlSurface } from './graphql/index.js';
import { errorHandler, notFound } from './http/fallbacks.js';
import { createOAuthSurface } from './oauth/index.js';
import { createOperatorRouter } from './operator/router.js';

export const HEALTH_TEXT = 'ok: partner integration reference server';

/** One Express app, one router per surface, each behind its own credential guard. */
export interface AppOptions {
  operatorToken?: string;
  /** The metrics middleware (first of all) and the /metrics, /healthz, /readyz routes. */
  ops?: { requests: RequestHandler; routes: Router };
}

export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  if (options.ops) app.use(options.ops.requests);
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

  if (options.ops) app.use(options.ops.routes);
  app.get('/api', (_req, res) => {
    res.type('text/plain').send(HEALTH_TEXT);
  });

  const oauth = createOAuthSurface(ctx);
  app.use(oauth.router);
  app.use('/api/v1', createAssessmentSurface(ctx));
  app.use('/api/automation', createAutomationSurface(ctx));
  app.use(createGraphqlSurface(ctx, { verifyAccessToken: oauth.verifyAccessToken }));
  if (options.operatorToken) app.use('/_operator', createOperatorRouter(ctx, options.operatorToken));

  app.use(notFound);
  app.use(errorHandler(ctx.log));
  return app;
}
