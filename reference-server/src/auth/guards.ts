import type { RequestHandler, Response } from 'express';
import { sendError, type Principal, type PrincipalStep } from '../http/index.js';
import { whenReady } from '../maybe-promise.js';
import type { Credential, CredentialResolver } from '../tenancy/index.js';
import { admit } from './admission.js';

/**
 * One guard per surface. Each accepts only its own kind of credential and answers a refusal with
 * its own surface's error body, so a key that works on one surface is a plain 401 on the others.
 * The principal it finds is `req.principal` for everything after it. The steps a surface gives
 * its guard (the certification run's watch, the injected faults) run right after it, their reads
 * asked together with the guard's last check (admission.ts).
 */

/** Who the credential an `x-api-key` header named is. */
const apiKeyPrincipal = (credential: Credential, kind: 'developer_key' | 'automation_key'): Principal => ({
  orgId: credential.orgId,
  via: kind,
  credentialId: credential.keyId,
  ...(credential.userId ? { userId: credential.userId } : {}),
});

/** The token of an `Authorization: Bearer` header, if it is one. */
export const bearerToken = (header: unknown): string | undefined =>
  typeof header === 'string' ? /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim())?.[1] : undefined;

const partnerPrincipal = (partner: Credential): Principal => ({ orgId: partner.orgId, via: 'partner_credential', credentialId: partner.keyId, allowedOperations: partner.allowedOperations ?? [] });

function apiKeyGuard(credentials: CredentialResolver, kind: 'developer_key' | 'automation_key', refusal: string, steps: readonly PrincipalStep[]): RequestHandler {
  const refuse = (res: Response) => sendError(res, 401, refusal);
  return (req, res, next) => {
    const presented = req.headers['x-api-key'];
    // On the file store the lookup answers at once and the request goes on in the same turn.
    whenReady(
      typeof presented === 'string' ? credentials.resolve(kind, presented) : undefined,
      (credential) => {
        if (!credential) refuse(res);
        else admit(req, res, next, apiKeyPrincipal(credential, kind), credentials.organizationLive(credential), steps, refuse);
      },
      next,
    );
  };
}

/** `/api/v1`: the organisation's developer key in `x-api-key`. */
export const developerKeyGuard = (credentials: CredentialResolver, ...steps: PrincipalStep[]): RequestHandler =>
  apiKeyGuard(credentials, 'developer_key', 'A valid developer key is required in the x-api-key header.', steps);

/** `/api/automation`: an automation key in `x-api-key`. */
export const automationKeyGuard = (credentials: CredentialResolver, ...steps: PrincipalStep[]): RequestHandler =>
  apiKeyGuard(credentials, 'automation_key', 'A valid automation key is required in the x-api-key header.', steps);

export type AccessTokenVerifier = (token: string) => Promise<Principal | undefined>;

/**
 * `POST /api`: `Authorization: Bearer` with a partner credential or an OAuth access token.
 * RFC 6750 §3.1: a request without credentials gets a bare challenge; a rejected token gets
 * `error="invalid_token"`.
 */
export function bearerGuard(credentials: CredentialResolver, verifyAccessToken: AccessTokenVerifier, ...steps: PrincipalStep[]): RequestHandler {
  const challenge = (res: Response, header: string, message: string) => {
    res.set('WWW-Authenticate', header);
    sendError(res, 401, message);
  };
  const refuse = (res: Response) => challenge(res, 'Bearer realm="partner-api", error="invalid_token"', 'The access token is invalid, expired or revoked.');
  return (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) {
      challenge(res, 'Bearer realm="partner-api"', 'A Bearer access token or partner credential is required.');
      return;
    }
    // A partner credential is a lookup (refused by its prefix before any read when it is not one);
    // only an OAuth access token waits for its verification (which checks its grant, client and user).
    whenReady(
      credentials.resolve('partner_credential', token),
      (partner) => {
        if (partner) admit(req, res, next, partnerPrincipal(partner), credentials.organizationLive(partner), steps, refuse);
        else verifyAccessToken(token).then((principal) => (principal ? admit(req, res, next, principal, true, steps, refuse) : refuse(res)), next);
      },
      next,
    );
  };
}
