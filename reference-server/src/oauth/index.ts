import { Router } from 'express';
import type { AccessTokenVerifier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { createAccessTokenVerifier } from './access-tokens.js';
import { authorizeRoutes } from './authorize-routes.js';
import { SigningKeys } from './keys.js';
import { metadataRoutes } from './metadata.js';
import { tokenRoutes } from './token-routes.js';

export interface OAuthSurface {
  router: Router;
  verifyAccessToken: AccessTokenVerifier;
}

/**
 * The OAuth 2.0 authorization server: `/api/oauth/*` (authorize with its login and consent
 * pages, token, revoke, JWKS) and `/.well-known/oauth-authorization-server`. Its
 * `verifyAccessToken` is what the GraphQL surface's Bearer guard calls.
 */
export function createOAuthSurface(ctx: AppContext): OAuthSurface {
  const keys = new SigningKeys(ctx);
  const router = Router();
  router.use(metadataRoutes(ctx, keys));
  router.use(authorizeRoutes(ctx));
  router.use(tokenRoutes(ctx, keys));
  return { router, verifyAccessToken: createAccessTokenVerifier(ctx, keys) };
}
