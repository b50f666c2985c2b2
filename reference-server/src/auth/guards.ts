import type { RequestHandler } from 'express';
import { sendError, type Principal } from '../http/index.js';
import { whenReady } from '../maybe-promise.js';
import type { Credential, CredentialResolver } from '../tenancy/index.js';

/**
 * One guard per surface. Each accepts only its own kind of credential and answers a refusal with
 * its own surface's error body, so a key that works on one surface is a plain 401 on the others.
 * The principal it finds is `req.principal` for everything after it (the fault injection too).
 */

/** Who the credential an `x-api-key` header named is, if any. */
function apiKeyPrincipal(credential: Credential | undefined, kind: 'developer_key' | 'automation_key'): Principal | undefined {
  if (!credential) return undefined;
  return {
    orgId: credential.orgId,
    via: kind,
    credentialId: credential.keyId,
    ...(credential.userId ? { userId: credential.userId } : {}),
  };
}

/** The token of an `Authorization: Bearer` header, if it is one. */
export const bearerToken = (header: unknown): string | undefined =>
  typeof header === 'string' ? /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim())?.[1] : undefined;

const partnerPrincipal = (partner: Credential): Principal => ({ orgId: partner.orgId, via: 'partner_credential', credentialId: partner.keyId, allowedOperations: partner.allowedOperations ?? [] });

function apiKeyGuard(credentials: CredentialResolver, kind: 'developer_key' | 'automation_key', refusal: string): RequestHandler {
  return (req, res, next) => {
    const presented = req.headers['x-api-key'];
    // On the file store the lookup answers at once and the request goes on in the same turn.
    whenReady(
      typeof presented === 'string' ? credentials.resolve(kind, presented) : undefined,
      (credential) => {
        const principal = apiKeyPrincipal(credential, kind);
        if (!principal) {
          sendError(res, 401, refusal);
          return;
        }
        req.principal = principal;
        next();
      },
      next,
    );
  };
}

/** `/api/v1`: the organisation's developer key in `x-api-key`. */
export const developerKeyGuard = (credentials: CredentialResolver): RequestHandler =>
  apiKeyGuard(credentials, 'developer_key', 'A valid developer key is required in the x-api-key header.');

/** `/api/automation`: an automation key in `x-api-key`. */
export const automationKeyGuard = (credentials: CredentialResolver): RequestHandler =>
  apiKeyGuard(credentials, 'automation_key', 'A valid automation key is required in the x-api-key header.');

export type AccessTokenVerifier = (token: string) => Promise<Principal | undefined>;

/**
 * `POST /api`: `Authorization: Bearer` with a partner credential or an OAuth access token.
 * RFC 6750 §3.1: a request without credentials gets a bare challenge; a rejected token gets
 * `error="invalid_token"`.
 */
export function bearerGuard(credentials: CredentialResolver, verifyAccessToken: AccessTokenVerifier): RequestHandler {
  return (req, res, next) => {
    const refuse = (challenge: string, message: string) => {
      res.set('WWW-Authenticate', challenge);
      sendError(res, 401, message);
    };
    const token = bearerToken(req.headers.authorization);
    if (!token) {
      refuse('Bearer realm="partner-api"', 'A Bearer access token or partner credential is required.');
      return;
    }
    const accept = (principal: Principal | undefined) => {
      if (!principal) {
        refuse('Bearer realm="partner-api", error="invalid_token"', 'The access token is invalid, expired or revoked.');
        return;
      }
      req.principal = principal;
      next();
    };
    // A partner credential is a lookup (refused by its prefix before any read when it is not one);
    // only an OAuth access token waits for its verification.
    whenReady(
      credentials.resolve('partner_credential', token),
      (partner) => (partner ? accept(partnerPrincipal(partner)) : verifyAccessToken(token).then(accept, next)),
      next,
    );
  };
}
