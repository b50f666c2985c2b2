/**
 * The message an API error carries, whichever surface sent it: `{error, message}` (Assessment and
 * Automation APIs), `{error, error_description}` (OAuth, RFC 6749 §5.2) or `{errors: [{message}]}`
 * (GraphQL). Falls back to the status line when the body says nothing usable.
 */
export interface ApiError {
  message: string;
  code: string;
}

interface ErrorShapes {
  error?: unknown;
  message?: unknown;
  error_description?: unknown;
  errors?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function graphqlErrors(errors: unknown): ApiError | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const messages = errors.map((e: { message?: unknown }) => text(e?.message) ?? 'GraphQL error');
  const first = errors[0] as { extensions?: { code?: unknown } } | undefined;
  return { message: messages.join('; '), code: text(first?.extensions?.code) ?? 'GRAPHQL_ERROR' };
}

export function apiError(status: number, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as ErrorShapes;
  const fromGraphql = graphqlErrors(body.errors);
  if (fromGraphql) return fromGraphql;
  const code = text(body.error) ?? `HTTP ${status}`;
  const message = text(body.message) ?? text(body.error_description) ?? text(body.error) ?? `The platform answered HTTP ${status}.`;
  return { message, code };
}

/** Seconds to wait from a `Retry-After` header (delta-seconds or an HTTP date), if it gives any. */
export function retryAfterSeconds(header: string | undefined | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
