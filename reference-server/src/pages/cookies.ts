import type { CookieOptions, Request } from 'express';
import type { AppContext } from '../context.js';

/** Whether browsers reach the server over HTTPS (the public URL). */
export const servedOverTls = (ctx: Pick<AppContext, 'config'>): boolean => (ctx.config.publicUrl ?? '').startsWith('https:');

/**
 * The name a cookie is sent under: over TLS `__Host-` + name, which browsers accept only Secure,
 * with Path=/ and no Domain, so nothing served from another origin of the same site (a sibling
 * subdomain, plain HTTP on the same host) can set or overwrite it (session fixation, a planted
 * CSRF cookie). Plain HTTP (loopback) cannot carry the prefix: browsers reject it without Secure.
 */
export const cookieName = (ctx: Pick<AppContext, 'config'>, name: string): string => (servedOverTls(ctx) ? `__Host-${name}` : name);

/**
 * Cookie settings shared by the page surfaces: HttpOnly, SameSite=Lax (people arrive at a page
 * from a link in an email or another site, and a Strict cookie would not come with them), scoped
 * to the surface's path on plain HTTP, and Secure with Path=/ over HTTPS (what `__Host-` needs;
 * the names are unique per surface, so nothing is lost by the wider path).
 */
export function pageCookieOptions(ctx: Pick<AppContext, 'config'>, path: string, maxAgeMs?: number): CookieOptions {
  const secure = servedOverTls(ctx);
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: secure ? '/' : path,
    secure,
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  };
}

export function readCookie(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
