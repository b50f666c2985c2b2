import { z } from 'zod';
import { OAuthError } from './oauth-errors.js';

/**
 * The parameters of a token or revocation request as a flat string map. RFC 6749 §3.1: a
 * parameter sent without a value counts as omitted, and none may appear twice (a form body
 * with a repeated name parses to an array here, which is refused).
 */
export function flattenParams(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'Send the parameters as an application/x-www-form-urlencoded (or JSON) body.');
  }
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) throw new OAuthError('invalid_request', `The parameter ${name} appears more than once.`);
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `The parameter ${name} must be a string.`);
    if (value !== '') params[name] = value;
  }
  return params;
}

const param = (name: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `The parameter ${name} is required.` : `${name} must be a string.`) }).max(4096, {
    error: `${name} is too long.`,
  });

export const AuthorizationCodeParams = z.object({
  grant_type: z.literal('authorization_code'),
  code: param('code'),
  redirect_uri: param('redirect_uri').optional(),
  code_verifier: param('code_verifier').optional(),
});

export const RefreshParams = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: param('refresh_token'),
  scope: param('scope').optional(),
});

export const RevocationParams = z.object({
  token: param('token'),
  token_type_hint: param('token_type_hint').optional(),
});

/** The parsed value, or invalid_request naming the first thing wrong. */
export function parseParams<S extends z.ZodType>(schema: S, params: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw new OAuthError('invalid_request', result.error.issues[0]?.message ?? 'The request is malformed.');
  return result.data;
}
