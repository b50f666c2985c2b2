import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { AppContext } from '../context.js';
import { cookieName, pageCookieOptions, readCookie } from './cookies.js';

/** The hidden form field every page form carries its CSRF token in. */
export const CSRF_FIELD = '_csrf';

export interface PageCsrf {
  /** The token for a form about to be rendered (sets the browser id and CSRF cookies if needed). */
  token(req: Request, res: Response): string;
  /** Whether a form POST carries a token issued to this browser. */
  valid(req: Request): boolean;
  /** The random per-browser id (set now if the browser has none); undefined when tokens are bound to a session. */
  browser(req: Request, res: Response): string | undefined;
}

export interface PageCsrfOptions {
  /** Path the cookies are scoped to, e.g. `/invite`. */
  cookiePath: string;
  /** Prefix of the cookie names, unique per surface, e.g. `pis_invite`. */
  cookiePrefix: string;
  /**
   * What the token is bound to. Default: a random per-browser id in its own cookie, for pages
   * used without signing in; a signed-in surface passes its session id instead.
   */
  sessionIdentifier?: (req: Request) => string | undefined;
}

const BROWSER_ID_MAX_AGE_MS = 365 * 24 * 3600_000;

/**
 * Double-submit CSRF tokens (csrf-csrf): an HMAC of the browser (or session) id in a cookie and
 * in the form's `_csrf` field. A form posted from another site has neither.
 */
export function createPageCsrf(ctx: AppContext, options: PageCsrfOptions): PageCsrf {
  const browserCookie = () => cookieName(ctx, `${options.cookiePrefix}_browser`);
  const identify = options.sessionIdentifier ?? ((req: Request) => readCookie(req, browserCookie()));
  const utilities: DoubleCsrfUtilities = doubleCsrf({
    getSecret: () => ctx.keyring.hash(`${options.cookiePrefix}-csrf-secret`),
    getSessionIdentifier: (req) => identify(req) ?? '',
    cookieName: cookieName(ctx, `${options.cookiePrefix}_csrf`),
    cookieOptions: pageCookieOptions(ctx, options.cookiePath),
    getCsrfTokenFromRequest: (req) => {
      const value = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      return typeof value === 'string' ? value : undefined;
    },
  });

  function ensureBrowserId(req: Request, res: Response): void {
    if (options.sessionIdentifier || readCookie(req, browserCookie())) return;
    const id = randomBytes(18).toString('base64url');
    res.cookie(browserCookie(), id, pageCookieOptions(ctx, options.cookiePath, BROWSER_ID_MAX_AGE_MS));
    (req.cookies as Record<string, string>)[browserCookie()] = id;
  }

  return {
    token(req, res) {
      ensureBrowserId(req, res);
      return utilities.generateCsrfToken(req, res);
    },
    valid: (req) => Boolean(identify(req)) && utilities.validateRequest(req),
    browser(req, res) {
      if (options.sessionIdentifier) return undefined;
      ensureBrowserId(req, res);
      return readCookie(req, browserCookie());
    },
  };
}
