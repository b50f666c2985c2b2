import { Router } from 'express';
import { bearerGuard, type AccessTokenVerifier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { sendError } from '../http/error-body.js';

/** Router for `POST /api` (mounted on the exact path). */
export function createGraphqlSurface(ctx: AppContext, deps: { verifyAccessToken: AccessTokenVerifier }): Router {
  const router = Router();
  router.post('/api', bearerGuard(ctx, deps.verifyAccessToken), (_req, res) => sendError(res, 501, 'GraphQL is not built yet'));
  return router;
}
