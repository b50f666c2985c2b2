import { Router } from 'express';
import type { AppContext } from '../context.js';
import { OAUTH_SCOPES } from '../tenancy/index.js';
import type { SigningKeys } from './keys.js';
import { issuerOf } from './settings.js';

export const METADATA_PATH = '/.well-known/oauth-authorization-server';
export const JWKS_PATH = '/api/oauth/jwks.json';

/** RFC 8414 authorization server metadata, and the JWKS it points at. */
export function metadataRoutes(ctx: AppContext, keys: SigningKeys): Router {
  const router = Router();
  router.get(METADATA_PATH, (_req, res) => {
    const issuer = issuerOf(ctx);
    res.set('Cache-Control', 'public, max-age=300');
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/api/oauth/authorize`,
      token_endpoint: `${issuer}/api/oauth/token`,
      revocation_endpoint: `${issuer}/api/oauth/revoke`,
      jwks_uri: `${issuer}${JWKS_PATH}`,
      scopes_supported: [...OAUTH_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      prompt_values_supported: ['login', 'consent'],
    });
  });
  router.get(JWKS_PATH, (_req, res, next) => {
    keys
      .load()
      .then(({ jwks }) => {
        res.set('Cache-Control', 'public, max-age=300');
        res.type('application/jwk-set+json').send(JSON.stringify(jwks));
      })
      .catch(next);
  });
  return router;
}
