import type { Response } from 'express';

/**
 * Headers of every server-rendered page and of the redirects between them: the page may load
 * only this server's own stylesheet and script, post forms only to this server, never be framed,
 * never leak its URL (which may carry an invite token) in a Referer, and never be cached.
 * `formTargets` adds origins a form may end up at: Chrome applies form-action to the redirects
 * that follow a form POST, and the OAuth consent ends in a redirect to the client.
 */
export function pageHeaders(res: Response, formTargets: readonly string[] = []): void {
  res.set({
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'self'",
      "script-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      ["form-action 'self'", ...formTargets].join(' '),
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  });
}
