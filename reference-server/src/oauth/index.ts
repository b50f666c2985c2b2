import { Router, type RequestHandler } from 'express';
import type { AccessTokenVerifier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import type { RateLimitBackend } from '../rate-limits/index.js';
import { createAccessTokenVerifier } from './access-tokens.js';
import { authorizeRoutes } from './authorize-routes.js';
import { SigningKeys } from './keys.js';
import { METADATA_PATH, metadataRoutes } from './metadata.js';
import { rotatedBeyondGrace } from './refresh.js';
import { createSignInForms } from './sign-in-form.js';
import { signInRoutes } from './sign-in-routes.js';
import { tokenRoutes } from './token-routes.js';

export interface OAuthSurface {
  /** Mounted at the root: hands `/api/oauth/*` and the metadata document to the OAuth routes. */
  router: RequestHandler;
  verifyAccessToken: AccessTokenVerifier;
  /** True when a refresh token had been rotated, its grace window over, before `at` (a certification run asks). */
  rotatedBeyondGrace(refreshToken: string, at: number): Promise<boolean>;
}

/**
 * The OAuth 2.0 authorization server: `/api/oauth/*` (authorize with its login and consent
 * pages, token, revoke, JWKS) and `/.well-known/oauth-authorization-server`. Its
 * `verifyAccessToken` is what the GraphQL surface's Bearer guard calls. Its sign-in throttle counts
 * on `deps.rateLimits` (shared by every server on PostgreSQL).
 */
export function createOAuthSurface(ctx: AppContext, deps: { rateLimits: RateLimitBackend }): OAuthSurface {
  const keys = new SigningKeys(ctx);
  const routes = Router();
  routes.use(metadataRoutes(ctx, keys));
  // One throttle and gate for both login forms, so the workspace sign-in is no way around them.
  const forms = createSignInForms(ctx, deps.rateLimits);
  routes.use(authorizeRoutes(ctx, forms));
  routes.use(signInRoutes(ctx, forms));
  routes.use(tokenRoutes(ctx, keys));
  // The surface sits at the root of the app: a request for another surface passes by with one
  // prefix test instead of entering a router and walking every OAuth route.
  const router: RequestHandler = (req, res, next) => {
    if (req.path.startsWith('/api/oauth/') || req.path === METADATA_PATH) routes(req, res, next);
    else next();
  };
  return { router, verifyAccessToken: createAccessTokenVerifier(ctx, keys), rotatedBeyondGrace: (token, at) => rotatedBeyondGrace(ctx, token, at) };
}

export { oauthSweep } from './sweeper.js';
