import { Router } from 'express';
import type { SubmissionSearch } from '../submissions/index.js';
import { bearerGuard, type AccessTokenVerifier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { certificationStep } from '../certification/index.js';
import { faultInjection } from '../faults/index.js';
import type { CredentialResolver } from '../tenancy/index.js';
import { bodyErrors, graphqlHandler } from './handler.js';
import { SDL } from './schema.js';

export const SDL_PATH = '/api/schema.graphql';

/**
 * `POST /api` (the partner GraphQL endpoint, behind the Bearer guard) and `GET /api/schema.graphql`
 * (its SDL, the contract connector authors read). No CORS headers anywhere: the spec's callers
 * are backends, and a browser on another origin is left to the same-origin policy.
 */
export function createGraphqlSurface(ctx: AppContext, deps: { verifyAccessToken: AccessTokenVerifier; search: SubmissionSearch; credentials: CredentialResolver }): Router {
  const router = Router();
  router.post('/api', bearerGuard(deps.credentials, deps.verifyAccessToken, certificationStep(ctx), faultInjection(ctx, 'graphql')), ...graphqlHandler(ctx, deps.search));
  router.use('/api', bodyErrors);
  router.get(SDL_PATH, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.type('application/graphql; charset=utf-8').send(SDL);
  });
  return router;
}

