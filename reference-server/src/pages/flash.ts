import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { safeEqual } from '../crypto/index.js';
import { cookieName, pageCookieOptions, readCookie } from './cookies.js';

const FLASH_MAX_AGE_MS = 60_000;

/**
 * A one-shot value carried across a POST-redirect-GET: what the page after the 303 shows once
 * (form errors, "saved"). Kept in a short-lived cookie signed with the server's key, and parsed
 * with the page's schema, so a forged or stale cookie is ignored rather than shown.
 */
export interface Flash<T> {
  set(res: Response, value: T): void;
  /** The value, once: reading it clears the cookie. */
  take(req: Request, res: Response): T | undefined;
}

export function createFlash<T>(ctx: AppContext, options: { cookieName: string; cookiePath: string; schema: z.ZodType<T> }): Flash<T> {
  const sign = (payload: string) => ctx.keyring.hash(`flash:${options.cookieName}:${payload}`);
  return {
    set(res, value) {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      res.cookie(cookieName(ctx, options.cookieName), `${payload}.${sign(payload)}`, pageCookieOptions(ctx, options.cookiePath, FLASH_MAX_AGE_MS));
    },
    take(req, res) {
      const raw = readCookie(req, cookieName(ctx, options.cookieName));
      if (raw === undefined) return undefined;
      res.clearCookie(cookieName(ctx, options.cookieName), pageCookieOptions(ctx, options.cookiePath));
      const [payload = '', signature = ''] = raw.split('.');
      if (!safeEqual(signature, sign(payload))) return undefined;
      try {
        const parsed = options.schema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
