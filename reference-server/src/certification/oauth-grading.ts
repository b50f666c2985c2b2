import { decide } from './outcomes.js';
import type { AuthorizeFacts, Evidence, RunRecord } from './run-records.js';

/**
 * The OAuth checks, decided from requests already proven to be the run's client (oauth-watch.ts
 * and unproven.ts decide which requests those are): its authorization requests, token requests
 * and revocations.
 */

export interface TokenRequest {
  at: number;
  grantType: string;
  origin: string | undefined;
  status: number;
}

const iso = (at: number) => new Date(at).toISOString();

/** An authorization request of the run's client, counted once its browser completed sign-in and consent. */
export function observeAuthorize(run: RunRecord, at: number, facts: AuthorizeFacts): void {
  const { redirect, registered, state, challenge, challengeMethod } = facts;
  const evidence: Evidence = {
    at: iso(at),
    note: `GET /api/oauth/authorize with redirect_uri=${redirect ?? '(none)'}, state ${state ? 'set' : 'missing'}, code_challenge_method=${challengeMethod ?? '(none)'}`,
  };
  decide(
    run,
    'oauth.exact-redirect',
    registered ? 'pass' : 'fail',
    registered ? `Authorization requests named the registered redirect URI ${redirect} exactly.` : `An authorization request named ${redirect ?? 'no redirect URI'}, not one registered for the run (${run.integration.redirectUris.join(', ')}).`,
    [evidence],
    { overrule: true },
  );
  const pkce = challenge && challengeMethod === 'S256';
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

/** `POST /api/oauth/token` of the run's client (its secret verified), once answered. */
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

/** `POST /api/oauth/revoke` of the run's client (its secret verified), once answered. */
export function observeRevoke(run: RunRecord, at: number, status: number): void {
  if (status !== 200) return;
  run.oauth.revoked = true;
  run.oauth.connected = false;
  decide(run, 'oauth.revokes-on-disconnect', 'pass', 'The client revoked its token.', [{ at: iso(at), note: 'POST /api/oauth/revoke → 200' }]);
}
