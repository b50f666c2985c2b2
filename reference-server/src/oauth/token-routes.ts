import express, { Router, type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../context.js';
import type { OAuthClient } from '../tenancy/index.js';
import { bodyReadError, refuseUnsaved, storeUnavailable, tellOAuthWatch } from '../http/index.js';
import { authenticateRequestClient } from './client-auth.js';
import { exchangeCode } from './codes.js';
import { noStore, OAuthError, sendOAuthError } from './oauth-errors.js';
import type { SigningKeys } from './keys.js';
import { AuthorizationCodeParams, flattenParams, parseParams, RefreshParams, RevocationParams } from './params.js';
import { refreshTokens } from './refresh.js';
import { revokeToken } from './token-revocation.js';
import { parseScope } from './scopes.js';

const BODY_LIMIT = '16kb';

/** Form bodies (what n8n and the RFCs send) and JSON bodies (what the spec shows). */
const bodyParsers: RequestHandler[] = [
  express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 }),
  express.json({ limit: BODY_LIMIT }),
];

/** A token-endpoint route: the client authenticated from the request's parameters, and OAuth errors in RFC 6749 §5.2's body. */
function clientRoute(ctx: AppContext, handler: (params: Record<string, string>, client: OAuthClient, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    const answer = async () => {
      const params = flattenParams(req.body);
      const client = await authenticateRequestClient(ctx, req, params, (named) => tellOAuthWatch(res, { named }));
      tellOAuthWatch(res, { authenticated: client.id });
      await handler(params, client, res);
    };
    answer().catch((error: unknown) => {
      const unavailable = storeUnavailable(error);
      if (error instanceof OAuthError) sendOAuthError(res, error);
      // RFC 6749 names temporarily_unavailable for the authorization endpoint; the token endpoint borrows it with a 503.
      else if (unavailable) sendOAuthError(res, new OAuthError('temporarily_unavailable', refuseUnsaved(res, unavailable), 503));
      else next(error);
    });
  };
}

/** A body the parsers refused is still answered in RFC 6749 §5.2's shape. */
const bodyErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const refused = bodyReadError(error, BODY_LIMIT);
  if (!refused) {
    next(error);
    return;
  }
  sendOAuthError(res, new OAuthError('invalid_request', refused.message, refused.status));
};

const methodNotAllowed: RequestHandler = (_req, res) => {
  res.set('Allow', 'POST');
  sendOAuthError(res, new OAuthError('invalid_request', 'Use POST.', 405));
};

/** `POST /api/oauth/token` (RFC 6749 §3.2) and `POST /api/oauth/revoke` (RFC 7009). */
export function tokenRoutes(ctx: AppContext, keys: SigningKeys): Router {
  const router = Router();

  router.post(
    '/api/oauth/token',
    bodyParsers,
    clientRoute(ctx, async (params, client, res) => {
      let response;
      switch (params['grant_type']) {
        case 'authorization_code': {
          const p = parseParams(AuthorizationCodeParams, params);
          response = await exchangeCode(ctx, keys, client, { code: p.code, redirectUri: p.redirect_uri, codeVerifier: p.code_verifier });
          break;
        }
        case 'refresh_token': {
          const p = parseParams(RefreshParams, params);
          let scopes;
          if (p.scope !== undefined) {
            const parsed = parseScope(p.scope);
            if (parsed.unknown.length) throw new OAuthError('invalid_scope', `Unknown scope ${parsed.unknown.join(', ')}.`);
            scopes = parsed.scopes;
          }
          response = await refreshTokens(ctx, keys, client, { refreshToken: p.refresh_token, scopes });
          break;
        }
        case undefined:
          throw new OAuthError('invalid_request', 'The parameter grant_type is required.');
        default:
          throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
      }
      noStore(res);
      res.json(response);
    }),
  );

  router.post(
    '/api/oauth/revoke',
    bodyParsers,
    clientRoute(ctx, async (params, client, res) => {
      const p = parseParams(RevocationParams, params);
      await revokeToken(ctx, keys, client, p.token);
      noStore(res);
      res.status(200).end();
    }),
  );

  router.all(['/api/oauth/token', '/api/oauth/revoke'], methodNotAllowed);
  router.use(['/api/oauth/token', '/api/oauth/revoke'], bodyErrors);
  return router;
}
