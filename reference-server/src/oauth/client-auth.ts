import type { Request } from 'express';
import type { AppContext } from '../context.js';
import { authenticateClient, type OAuthClient } from '../tenancy/index.js';
import { OAuthError } from './oauth-errors.js';

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function basicCredentials(header: string): { clientId: string; clientSecret: string } {
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'The Basic credentials are malformed: expected client_id:client_secret.');
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_client', 'The Basic credentials are not correctly form-urlencoded.');
  }
}

/**
 * Client authentication at the token and revocation endpoints: HTTP Basic
 * (client_secret_basic) or client_id and client_secret in the body (client_secret_post, as a
 * form or — as the spec shows — JSON). RFC 6749 §2.3: one method per request. `named` hears
 * the client id the request claims before its secret is checked.
 */
export async function authenticateRequestClient(ctx: AppContext, req: Request, params: Record<string, string>, named: (clientId: string) => void): Promise<OAuthClient> {
  const header = req.headers.authorization;
  let clientId: string | undefined;
  let clientSecret: string | undefined;
  if (typeof header === 'string' && /^basic /i.test(header)) {
    if (params['client_secret'] !== undefined) {
      throw new OAuthError('invalid_request', 'Authenticate the client one way: HTTP Basic or client_secret in the body, not both.');
    }
    ({ clientId, clientSecret } = basicCredentials(header));
    if (params['client_id'] !== undefined && params['client_id'] !== clientId) {
      throw new OAuthError('invalid_client', 'client_id in the body differs from the one in the Basic credentials.');
    }
  } else {
    clientId = params['client_id'];
    clientSecret = params['client_secret'];
  }
  if (clientId) named(clientId);
  if (!clientId || !clientSecret) {
    throw new OAuthError('invalid_client', 'Client authentication is required: send client_id and client_secret (HTTP Basic or body).');
  }
  const client = await authenticateClient(ctx, clientId, clientSecret);
  if (!client) throw new OAuthError('invalid_client', 'Client authentication failed: unknown client or wrong secret.');
  return client;
}
