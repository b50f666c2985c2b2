import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '../../context.js';
import type { RateLimitWindows } from '../../http/index.js';
import { pageHeaders, messageDocument } from '../../pages/index.js';
import { SERVICE } from './participant-pages.js';

/** Defaults per 10 minutes (docs/decisions/assessment-invites.md): a participant needs ~40 requests, autosave included ~300. */
export const INVITE_RATE_WINDOW_MS = 10 * 60_000;
export const DEFAULT_REQUESTS_PER_INVITE = 600;
export const DEFAULT_REQUESTS_PER_ADDRESS = 1200;

/** The token of the link; these limiters are mounted at `/:token`. */
const tokenOf = (req: Request) => String(req.params.token ?? '');

function limiter(windows: RateLimitWindows, limit: number, identifier: string, keyGenerator?: (req: Request) => string): RequestHandler {
  return rateLimit({
    windowMs: INVITE_RATE_WINDOW_MS,
    limit,
    store: windows.store(identifier, INVITE_RATE_WINDOW_MS, limit),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier,
    ...(keyGenerator ? { keyGenerator } : {}),
    handler: (_req, res) => {
      pageHeaders(res);
      res.status(429).type('html').send(
        messageDocument({
          service: SERVICE,
          title: 'Too many requests',
          children: <p>This link has been used too often in a short time. Wait {Math.ceil(Number(res.getHeader('retry-after') ?? 600) / 60)} minutes and try again. Your saved answers are kept.</p>,
        }),
      );
    },
  });
}

/**
 * Two fixed-window limits on the participant's pages: per link (a leaked link cannot be hammered
 * from many addresses) and per client address (one address cannot walk many links or guess
 * tokens). Unknown tokens count against the address like known ones.
 */
export function inviteRateLimits(ctx: AppContext, windows: RateLimitWindows): RequestHandler[] {
  const perInvite = ctx.config.invitePageRequestsPerInvite ?? DEFAULT_REQUESTS_PER_INVITE;
  const perAddress = ctx.config.invitePageRequestsPerAddress ?? DEFAULT_REQUESTS_PER_ADDRESS;
  return [
    ...(perAddress > 0 ? [limiter(windows, perAddress, 'invite-address')] : []),
    ...(perInvite > 0 ? [limiter(windows, perInvite, 'invite-link', (req) => ctx.keyring.hash(tokenOf(req)))] : []),
  ];
}
