import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { decide } from './outcomes.js';
import type { Evidence, RunRecord } from './records.js';
import { noRunWatching, updateRun, watchedBy } from './run-store.js';

/** True when `refreshToken` had been rotated, and its grace window was over, before `at` (oauth/ answers). */
export type StaleRefreshToken = (refreshToken: string, at: number) => boolean;

interface TokenRequest {
  at: number;
  grantType: string;
  origin: string | undefined;
  refreshToken: string | undefined;
  status: number;
}

const field = (source: unknown, name: string): string | undefined => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** The client a token or revocation request names: in the body, or in Basic credentials. */
function clientIdOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        return decodeURIComponent(decoded.slice(0, colon));
      } catch {
        // Not form-urlencoded: the token endpoint refuses it as invalid_client; nothing to grade.
        return undefined;
      }
    }
  }
  return field(req.body, 'client_id') ?? field(req.query, 'client_id');
}

const iso = (at: number) => new Date(at).toISOString();

/** `GET /api/oauth/authorize` of the run's client. */
export function observeAuthorize(run: RunRecord, at: number, query: Record<string, string | undefined>): void {
  const redirect = query['redirect_uri'];
  const exact = redirect !== undefined && run.integration.redirectUris.includes(redirect);
  const evidence: Evidence = { at: iso(at), note: `GET /api/oauth/authorize with redirect_uri=${redirect ?? '(none)'}, state ${query['state'] ? 'set' : 'missing'}, code_challenge_method=${query['code_challenge_method'] ?? '(none)'}` };
  decide(
    run,
    'oauth.exact-redirect',
    exact ? 'pass' : 'fail',
    exact ? `Authorization requests named the registered redirect URI ${redirect} exactly.` : `An authorization request named ${redirect ?? 'no redirect URI'}, not one registered for the run (${run.integration.redirectUris.join(', ')}).`,
    [evidence],
    { overrule: true },
  );
  const pkce = Boolean(query['code_challenge']) && query['code_challenge_method'] === 'S256';
  const state = Boolean(query['state']);
  decide(
    run,
    'oauth.state-and-pkce',
    pkce && state ? 'pass' : 'fail',
    pkce && state ? 'Authorization requests carried state and an S256 code challenge.' : `An authorization request carried ${state ? '' : 'no state'}${!state && !pkce ? ' and ' : ''}${pkce ? '' : 'no S256 code challenge'}.`,
    [evidence],
    { overrule: true },
  );
  const oauth = run.oauth;
  if (oauth.connected && !oauth.revoked && oauth.accessExpiresAt !== undefined && at >= oauth.accessExpiresAt) {
    decide(run, 'oauth.refreshes-on-expiry', 'fail', `At ${iso(at)}, after its access token expired (${iso(oauth.accessExpiresAt)}), the client sent the user to sign in again instead of using its refresh token.`, [evidence], {
      overrule: true,
    });
  }
}

/** `POST /api/oauth/token` of the run's client, once answered. */
export function observeToken(run: RunRecord, request: TokenRequest, stale: boolean): void {
  const { at, grantType, origin, status } = request;
  const evidence: Evidence = { at: iso(at), note: `POST /api/oauth/token grant_type=${grantType}${origin ? ` with Origin: ${origin}` : ''} → ${status}` };
  decide(
    run,
    'oauth.server-side-exchange',
    origin ? 'fail' : 'pass',
    origin ? `A token request carried Origin: ${origin}: it came from a browser, where the client secret cannot be kept.` : 'Token requests carried no Origin header.',
    [evidence],
    { overrule: true },
  );
  const oauth = run.oauth;
  const ttlMs = run.options.accessTokenTtlS * 1000;
  if (grantType === 'authorization_code' && status === 200) {
    oauth.connected = true;
    oauth.revoked = false;
    oauth.accessExpiresAt = at + ttlMs;
  }
  if (grantType !== 'refresh_token') return;
  if (stale) {
    // The server revoked the grant: signing in again is now the only way, not a failure to refresh.
    oauth.connected = false;
    decide(run, 'oauth.uses-rotated-refresh-token', 'fail', 'The client presented a refresh token that had already been rotated, after the grace window: the server revoked the whole grant (RFC 9700 reuse detection).', [evidence], {
      overrule: true,
    });
    return;
  }
  if (status !== 200) return;
  const expiredAt = oauth.accessExpiresAt;
  oauth.refreshes += 1;
  oauth.accessExpiresAt = at + ttlMs;
  const when = expiredAt === undefined ? '' : at >= expiredAt ? `, ${((at - expiredAt) / 1000).toFixed(1)} s after its access token expired` : `, ${((expiredAt - at) / 1000).toFixed(1)} s before its access token expired`;
  decide(run, 'oauth.refreshes-on-expiry', 'pass', `The client used its refresh token${when}.`, [evidence]);
  if (oauth.refreshes >= 2) decide(run, 'oauth.uses-rotated-refresh-token', 'pass', `The client refreshed ${oauth.refreshes} times, each time with the newest refresh token.`, [evidence]);
}

/** `POST /api/oauth/revoke` of the run's client, once answered. */
export function observeRevoke(run: RunRecord, at: number, status: number): void {
  if (status !== 200) return;
  run.oauth.revoked = true;
  run.oauth.connected = false;
  decide(run, 'oauth.revokes-on-disconnect', 'pass', 'The client revoked its token.', [{ at: iso(at), note: 'POST /api/oauth/revoke → 200' }]);
}

/**
 * The OAuth side of a certification run: the run's client's authorization, token and revocation
 * requests are graded as they come (oauth/ itself is unchanged; this only watches).
 */
export function certificationOAuthWatch(ctx: AppContext, staleRefreshToken: StaleRefreshToken): RequestHandler {
  return (req, res, next) => {
    // Mounted at the root: every request passes here, so the prefix test (on the raw URL, no parsing) comes first.
    if (!req.url.startsWith('/api/oauth/') || noRunWatching(ctx)) {
      next();
      return;
    }
    const at = ctx.clock.now();
    const runOf = (clientId: string | undefined) => (clientId ? watchedBy(ctx, `client:${clientId}`) : undefined);
    const record = (clientId: string | undefined, change: (run: RunRecord) => void) => {
      const watched = runOf(clientId);
      if (!watched) return;
      updateRun(ctx, watched.orgId, watched.runId, change).catch((error: unknown) => ctx.log.warn({ err: error }, 'certification: an observation was not stored'));
    };
    if (req.method === 'GET' && req.path === '/api/oauth/authorize') {
      const query = Object.fromEntries(new URL(req.originalUrl, 'http://x').searchParams);
      record(query['client_id'], (run) => observeAuthorize(run, at, query));
    } else if (req.method === 'POST' && req.path === '/api/oauth/token') {
      const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
      res.once('finish', () => {
        const refreshToken = field(req.body, 'refresh_token');
        const grantType = field(req.body, 'grant_type') ?? '(none)';
        const stale = grantType === 'refresh_token' && refreshToken !== undefined && staleRefreshToken(refreshToken, at);
        record(clientIdOf(req), (run) => observeToken(run, { at, grantType, origin, refreshToken, status: res.statusCode }, stale));
      });
    } else if (req.method === 'POST' && req.path === '/api/oauth/revoke') {
      res.once('finish', () => record(clientIdOf(req), (run) => observeRevoke(run, at, res.statusCode)));
    }
    next();
  };
}
