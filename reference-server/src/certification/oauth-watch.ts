import { AsyncResource } from 'node:async_hooks';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context.js';
import { detached, logFault, oauthEvidence } from '../http/index.js';
import { observeRevoke, observeToken } from './oauth-grading.js';
import type { RunRecord } from './run-records.js';
import { noRunWatching, updateRun, watchedBy } from './run-store.js';
import { authorizeFacts, browserDigest, completeAuthorize, holdAuthorize, notCounted } from './unproven.js';

/** True when `refreshToken` had been rotated, and its grace window was over, before `at` (oauth/ answers). */
export type StaleRefreshToken = (refreshToken: string, at: number) => Promise<boolean>;

type Route = 'authorize' | 'consent' | 'token' | 'revoke';

function routeOf(req: Request): Route | undefined {
  if (req.method === 'GET' && req.path === '/api/oauth/authorize') return 'authorize';
  if (req.method !== 'POST') return undefined;
  if (req.path === '/api/oauth/authorize/consent') return 'consent';
  if (req.path === '/api/oauth/token') return 'token';
  if (req.path === '/api/oauth/revoke') return 'revoke';
  return undefined;
}

const field = (source: unknown, name: string): string | undefined => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** What a request that named the run's client does to the run, once the OAuth surface has answered it. */
async function changeOf(route: Route, req: Request, res: Response, at: number, stale: StaleRefreshToken): Promise<((run: RunRecord) => void) | undefined> {
  const evidence = oauthEvidence(res);
  const proven = evidence.authenticated !== undefined && evidence.authenticated === evidence.named;
  const status = res.statusCode;
  switch (route) {
    case 'authorize': {
      const browser = evidence.browser;
      if (!browser) return undefined;
      return (run) => holdAuthorize(run, { at, browser: browserDigest(browser), facts: authorizeFacts(run, req.query) });
    }
    case 'consent': {
      const browser = evidence.browser;
      if (!evidence.codeIssued || !browser) return undefined;
      return (run) => completeAuthorize(run, browserDigest(browser), at, authorizeFacts(run, req.body as Record<string, unknown>));
    }
    case 'token': {
      const grant = field(req.body, 'grant_type');
      const grantType = grant === undefined ? '(none)' : GRANT_TYPES.includes(grant) ? grant : '(other)';
      if (!proven) return (run) => notCounted(run, at, `POST /api/oauth/token grant_type=${grantType} → ${status}: the client's secret was not verified`);
      const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
      const refreshToken = field(req.body, 'refresh_token');
      const wasStale = grantType === 'refresh_token' && refreshToken !== undefined && (await stale(refreshToken, at));
      return (run) => observeToken(run, { at, grantType, origin, status }, wasStale);
    }
    case 'revoke':
      if (!proven) return (run) => notCounted(run, at, `POST /api/oauth/revoke → ${status}: the client's secret was not verified`);
      return (run) => observeRevoke(run, at, status);
  }
}

/**
 * The OAuth side of a certification run. Once the OAuth surface has answered a request, this
 * reads what the surface found (which client the request named, whether its secret was verified,
 * which browser asked, whether a code was issued; http/oauth-evidence.ts) and, when the named
 * client is a running run's, grades the request if it proved to be that client (oauth-grading.ts)
 * or keeps it as not counted (unproven.ts). Nothing here decodes a credential.
 */
export function certificationOAuthWatch(ctx: AppContext, staleRefreshToken: StaleRefreshToken, track: (work: Promise<void>) => void): RequestHandler {
  return (req, res, next) => {
    // Mounted at the root: every request passes here, so the prefix test (on the raw URL, no parsing) comes first.
    const route = req.url.startsWith('/api/oauth/') ? routeOf(req) : undefined;
    // Where the store answers at once (the file store), a request that arrives while no run runs
    // costs one count: no context bound, no listener. On a database the count is asked once the
    // answer is known, as before (it would be a round trip on every OAuth request here).
    if (route && !(ctx.db.committed && noRunWatching(ctx) === true)) {
      const at = ctx.clock.now();
      // The answer may end inside a transaction of the OAuth surface: the observation runs in this request's context, outside it.
      const outside = AsyncResource.bind(<R>(work: () => R): R => work());
      const fault = logFault(ctx.log, 'certification: OAuth watch', req);
      res.once(
        'finish',
        detached(fault, () => {
          const named = oauthEvidence(res).named;
          if (!named) return;
          // Tracked: the server's shutdown (and a test's settle) waits for the grading to be written.
          track(
            outside(async () => {
              if (await noRunWatching(ctx)) return;
              const watched = await watchedBy(ctx, `client:${named}`);
              const change = watched && (await changeOf(route, req, res, at, staleRefreshToken));
              if (watched && change) await updateRun(ctx, watched.orgId, watched.runId, change);
            }).catch(fault),
          );
        }),
      );
    }
    next();
  };
}
