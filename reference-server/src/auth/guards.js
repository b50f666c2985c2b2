import { sendError } from '../http/rest-errors.js';
import { resolveCredential } from '../tenancy/credentials.js';
/**
 * One guard per surface. Each accepts only its own kind of credential and answers a refusal with
 * its own surface's error body, so a key that works on one surface is a plain 401 on the others.
 */
/** Who an `x-api-key` header of `kind` names, if anyone (the fault injection asks too). */
export function apiKeyPrincipal(ctx, kind, presented) {
    const credential = typeof presented === 'string' ? resolveCredential(ctx, kind, presented) : undefined;
    if (!credential)
        return undefined;
    return {
        orgId: credential.orgId,
        via: kind,
        credentialId: credential.keyId,
        ...(credential.userId ? { userId: credential.userId } : {}),
    };
}
/** The token of an `Authorization: Bearer` header, if it is one. */
export const bearerToken = (header) => typeof header === 'string' ? /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim())?.[1] : undefined;
/** Who a Bearer token names: a partner credential, else an OAuth access token (the fault injection asks too). */
export async function bearerPrincipal(ctx, verifyAccessToken, token) {
    const partner = resolveCredential(ctx, 'partner_credential', token);
    if (partner)
        return { orgId: partner.orgId, via: 'partner_credential', credentialId: partner.keyId, allowedOperations: partner.allowedOperations ?? [] };
    return verifyAccessToken(token);
}
function apiKeyGuard(ctx, kind, refusal) {
    return (req, res, next) => {
        const principal = apiKeyPrincipal(ctx, kind, req.headers['x-api-key']);
        if (!principal) {
            sendError(res, 401, refusal);
            return;
        }
        req.principal = principal;
        next();
    };
}
/** `/api/v1`: the organisation's developer key in `x-api-key`. */
export const developerKeyGuard = (ctx) => apiKeyGuard(ctx, 'developer_key', 'A valid developer key is required in the x-api-key header.');
/** `/api/automation`: an automation key in `x-api-key`. */
export const automationKeyGuard = (ctx) => apiKeyGuard(ctx, 'automation_key', 'A valid automation key is required in the x-api-key header.');
/**
 * `POST /api`: `Authorization: Bearer` with a partner credential or an OAuth access token.
 * RFC 6750 §3.1: a request without credentials gets a bare challenge; a rejected token gets
 * `error="invalid_token"`.
 */
export function bearerGuard(ctx, verifyAccessToken) {
    return (req, res, next) => {
        const refuse = (challenge, message) => {
            res.set('WWW-Authenticate', challenge);
            sendError(res, 401, message);
        };
        const token = bearerToken(req.headers.authorization);
        if (!token) {
            refuse('Bearer realm="partner-api"', 'A Bearer access token or partner credential is required.');
            return;
        }
        bearerPrincipal(ctx, verifyAccessToken, token).then((principal) => {
            if (!principal) {
                refuse('Bearer realm="partner-api", error="invalid_token"', 'The access token is invalid, expired or revoked.');
                return;
            }
            req.principal = principal;
            next();
        }, (error) => next(error));
    };
}
//# sourceMappingURL=guards.js.map