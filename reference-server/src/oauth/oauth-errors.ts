import type { Response } from 'express';

/** RFC 6749 §5.2 error codes, plus RFC 7009's for revocation. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'unsupported_token_type'
  | 'server_error'
  | 'temporarily_unavailable';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** RFC 6749 §5.2: 400, except invalid_client, which we always answer with 401 and a challenge. */
    readonly status: number = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** Token endpoint responses carry credentials: RFC 6749 §5.1 forbids caching them. */
export function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
  res.set('Pragma', 'no-cache');
}

export function sendOAuthError(res: Response, error: OAuthError): void {
  noStore(res);
  // RFC 6749 §5.2 / RFC 7235: a 401 names the scheme the client should authenticate with.
  if (error.status === 401) res.set('WWW-Authenticate', 'Basic realm="oauth", charset="UTF-8"');
  res.status(error.status).json({ error: error.error, error_description: error.description });
}
