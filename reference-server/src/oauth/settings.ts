import type { AppContext } from '../context.js';

/**
 * Every lifetime of the OAuth surface in one place (sessions: auth/session-records.ts); docs/oauth.md quotes these figures.
 * The two the spec leaves open and a deployment may want to change are configurable.
 */
export const CODE_TTL_MS = 5 * 60_000;
export const ACCESS_TOKEN_TTL_S = 3600;
export const DEFAULT_REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
export const DEFAULT_REFRESH_GRACE_S = 60;

export interface OAuthSettings {
  refreshTokenTtlMs: number;
  refreshGraceMs: number;
}

export function oauthSettings(ctx: Pick<AppContext, 'config'>): OAuthSettings {
  return {
    refreshTokenTtlMs: (ctx.config.refreshTokenTtlSeconds ?? DEFAULT_REFRESH_TOKEN_TTL_S) * 1000,
    refreshGraceMs: (ctx.config.refreshGraceSeconds ?? DEFAULT_REFRESH_GRACE_S) * 1000,
  };
}

/**
 * The issuer identifier (RFC 8414 §2): the public URL, without a trailing slash. startServer
 * binds its port before it builds anything, so the URL is in the config from the start.
 */
export function issuerOf(ctx: Pick<AppContext, 'config'>): string {
  const url = ctx.config.publicUrl;
  if (!url) throw new Error('the OAuth issuer needs config.publicUrl (startServer sets it)');
  return url.replace(/\/+$/, '');
}

/** The audience of access tokens: the partner GraphQL endpoint they are good for. */
export const audienceOf = (ctx: Pick<AppContext, 'config'>): string => `${issuerOf(ctx)}/api`;

export const iso = (ms: number): string => new Date(ms).toISOString();
