import express, { type Express } from 'express';
import { createAssessmentSurface } from './assessment/index.js';
import { createAutomationSurface } from './automation/index.js';
import type { AppContext } from './context.js';
import { createGraphqlSurface } from './graphql/index.js';
import { errorHandler, notFound } from './http/fallbacks.js';
import { prepareBody, sendPrepared } from './http/prepared-body.js';
import { requestLog } from './http/request-log.js';
import { createOAuthSurface } from './oauth/index.js';
import { createOperatorRouter } from './operator/router.js';

export const HEALTH_TEXT = 'ok: partner integration reference server';
const HEALTH = prepareBody('text/plain', HEALTH_TEXT);

/** One Express app, one router per surface, each behind its own credential guard. */
export function createApp(ctx: AppContext, options: { operatorToken?: string } = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestLog(ctx.log));

  app.get('/api', (_req, res) => {
    sendPrepared(res, HEALTH);
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
