import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { createAssessmentSurface } from './assessment/index.js';
import { PARTICIPANT_SCRIPT } from './assessment/invites/participant/script.js';
import { INVITE_PATH } from './assessment/invites/service.js';
import { createAutomationSurface } from './automation/index.js';
import type { AppContext } from './context.js';
import { createGraphqlSurface } from './graphql/index.js';
import { errorHandler, notFound } from './http/fallbacks.js';
import { createOAuthSurface } from './oauth/index.js';
import { redactUrlSecrets } from './log.js';
import { apiKeyOrg, bearerOrg, faultInjection } from './faults/middleware.js';
import { createOperatorRouter } from './operator/router.js';
import { createWorkspaceSurface, WORKSPACE_PATH } from './workspace/index.js';
import { assetRoutes } from './pages/assets.js';
import { STYLESHEET } from './pages/styles.js';

export const HEALTH_TEXT = 'ok: partner integration reference server';

/** One Express app, one router per surface, each behind its own credential guard. */
export function createApp(ctx: AppContext, options: { operatorToken?: string } = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(
    pinoHttp({
      logger: ctx.log,
      genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : ctx.ids.next('req')),
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrlSecrets(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.get('/api', (_req, res) => {
    res.type('text/plain').send(HEALTH_TEXT);
  });

  // The stylesheet and scripts of the server-rendered pages, from this server (the CSP allows no other).
  app.use(assetRoutes([STYLESHEET, PARTICIPANT_SCRIPT]));

  const oauth = createOAuthSurface(ctx);
  app.use(oauth.router);
  // Faults an organisation's admin injects into its own surfaces, met before the surface itself.
  app.use('/api/v1', faultInjection(ctx, 'assessment', apiKeyOrg(ctx, 'developer_key')));
  app.use('/api/automation', faultInjection(ctx, 'automation', apiKeyOrg(ctx, 'automation_key')));
  app.post('/api', faultInjection(ctx, 'graphql', bearerOrg(ctx, oauth.verifyAccessToken)));
  const assessment = createAssessmentSurface(ctx);
  app.use('/api/v1', assessment.router);
  app.use(INVITE_PATH, assessment.invitePages);
  app.use('/api/automation', createAutomationSurface(ctx));
  app.use(WORKSPACE_PATH, createWorkspaceSurface(ctx));
  app.use(createGraphqlSurface(ctx, { verifyAccessToken: oauth.verifyAccessToken }));
  if (options.operatorToken) app.use('/_operator', createOperatorRouter(ctx, options.operatorToken));

  app.use(notFound);
  app.use(errorHandler(ctx.log));
  return app;
}
