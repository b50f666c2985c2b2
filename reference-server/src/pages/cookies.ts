import type { CookieOptions, Request } from 'express';
import type { AppContext } from '../context.js';

/**
 * Cookie settings shared by the page surfaces: HttpOnly, SameSite=Lax (people arrive at a page
 * from a link in an email or another site, and a Strict cookie would not come with them), scoped
 * to the surface's path, and Secure once the server is reached over HTTPS.
 */
export function pageCookieOptions(ctx: Pick<AppContext, 'config'>, path: string, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path,
    secure: (ctx.config.publicUrl ?? '').startsWith('https:'),
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  };
}

export function readCookie(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
