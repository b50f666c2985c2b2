import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { principalOf, type RateLimitWindows, sendError } from '../http/index.js';
import type { AppContext } from '../context.js';
import type { RateLimited } from './automation-response-schemas.js';

/** Requests per key per minute when the configuration says nothing (docs/automation.md#rate-limits). */
export const DEFAULT_REQUESTS_PER_MINUTE = 1200;
const WINDOW_MS = 60_000;
/** The policy's name in the `RateLimit` headers, and the counters' name in the rate-limit backend. */
const IDENTIFIER = 'automation-key';

/**
 * Per-key rate limit of the Automation API: a fixed one-minute window per automation key (not
 * per IP: one n8n or Zapier host serves many organisations). Answers carry the IETF `RateLimit`
 * and `RateLimit-Policy` headers (draft 8); a 429 also carries `Retry-After` in seconds.
 * `automationRateLimitPerMinute: 0` turns it off. On PostgreSQL the count is the database's, so a
 * key has one limit across every server (docs/decisions/rate-limits-across-servers.md).
 */
export function automationRateLimit(ctx: AppContext, windows: RateLimitWindows): RequestHandler | undefined {
  const limit = ctx.config.automationRateLimitPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE;
  if (limit <= 0) return undefined;
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    store: windows.store(IDENTIFIER, WINDOW_MS, limit),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: IDENTIFIER,
    keyGenerator: (req) => principalOf(req).credentialId,
    handler: (_req, res) => {
      const retryAfter = Number(res.getHeader('retry-after') ?? 60);
      const details: Pick<RateLimited, 'retry_after'> = { retry_after: retryAfter };
      sendError(res, 429, `Rate limit of ${limit} requests per minute for this key exceeded; retry after ${retryAfter} s.`, details);
    },
  });
}
