import { Router } from 'express';
import type { AccessTokenVerifier } from '../auth/guards.js';
import type { AppContext } from '../context.js';

export interface OAuthSurface {
  router: Router;
  verifyAccessToken: AccessTokenVerifier;
}

/** `/api/oauth/*` and `/.well-known/*`. Not built yet: every access token is refused. */
export function createOAuthSurface(_ctx: AppContext): OAuthSurface {
  return { router: Router(), verifyAccessToken: async () => undefined };
}
