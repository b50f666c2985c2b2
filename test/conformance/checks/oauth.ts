import { randomBytes } from 'node:crypto';
import { ensure, ensureEqual, ensureOAuthError, ensureStatus, isObject } from '../assert.js';
import { FormBrowser } from '../browser.js';
import type { Reply } from '../http.js';
import { authorize, authorizationCode, AuthorizeStopped, authorizeUrl, CLIENT, ensureTokenResponse, exchange, FLOW, freshTokens, pkceCode, tokenRequest } from '../oauth-flow.js';
import type { Check, CheckContext } from '../runner.js';
import { graphql, USER_QUERY } from './graphql.js';
import { nearMisses } from './near-misses.js';


const refresh = (t: CheckContext, refreshToken: string) => tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });
const refreshed = async (t: CheckContext, refreshToken: string) => ensureTokenResponse(t, await refresh(t, refreshToken));


/** The authorize endpoint must not send the user anywhere that is not a registered redirect URI. */
async function ensureNotRedirected(t: CheckContext, path: string, forbiddenOrigin: string): Promise<void> {
  const reply = await t.http.get(path);
  const location = reply.headers.get('location');
  if (location) ensure(!new URL(location, t.baseUrl).href.startsWith(forbiddenOrigin), `redirected to ${location}`);
  ensure(reply.status >= 400 && reply.status < 500, `expected an error page (4xx), got ${reply.status}`);
}

const REDIRECT_EXACT = 'Resources · OAuth client (redirect URIs matched exactly, including scheme and path; no wildcards)';

/**
 * Near misses of the registered redirect URI: what a deployment that normalises, lower-cases or
 * prefix-matches URIs wrongly accepts. `undefined` when the URI has nothing to vary (a bare "/").
 */
export const REDIRECT_NEAR_MISSES: Record<string, (registered: URL) => string | undefined> = {
  'path-case': (u) => {
    const upper = u.pathname.toUpperCase() === u.pathname ? u.pathname.toLowerCase() : u.pathname.toUpperCase();
    return upper === u.pathname ? undefined : `${u.origin}${upper}${u.search}`;
  },
  'added-query': (u) => `${u.href}${u.search ? '&' : '?'}next=1`,
  'trailing-slash': (u) => (u.pathname === '/' ? undefined : `${u.origin}${u.pathname.endsWith('/') ? u.pathname.slice(0, -1) : `${u.pathname}/`}${u.search}`),
  scheme: (u) => (u.protocol === 'https:' ? u.href.replace(/^https:/, 'http:') : u.href.replace(/^http:/, 'https:')),
};

/** Authorize with a redirect_uri that is not registered: an error page (4xx), never a redirect, never a sign-in page. */
async function ensureRedirectRefused(t: CheckContext, redirectUri: string, clause: string): Promise<void> {
  const query = new URLSearchParams({ response_type: 'code', client_id: t.cred('oauthClientId'), redirect_uri: redirectUri, scope: 'basic', state: 'x' });
  const reply = await t.http.get(`/api/oauth/authorize?${query.toString()}`);
  const location = reply.headers.get('location');
  ensure(!location, `the unregistered redirect_uri ${redirectUri} was answered with a redirect to ${location} (${clause})`);
  ensure(reply.status >= 400 && reply.status < 500, `the unregistered redirect_uri ${redirectUri} was answered ${reply.status}, not an error page (${clause})`);
}

/** A token request whose client authentication is left out or wrong, built from a real grant so only the authentication can refuse it. */
function ensureInvalidClient(reply: Reply, how: string, clause: string): void {
  ensure(reply.status === 400 || reply.status === 401, `a token request ${how} answered ${reply.status}, not 400/401 invalid_client (${clause})`);
  ensure(isObject(reply.json) && reply.json.error === 'invalid_client', `a token request ${how} answered error=${isObject(reply.json) ? String(reply.json.error) : reply.text.slice(0, 80)}, not invalid_client (${clause})`);
}

const CLIENT_AUTH = 'RFC 6749 §2.3.1, §5.2 invalid_client (the token endpoint authenticates the client); Authentication step 4';
const REVOKE_AUTH = 'Endpoints · POST /api/oauth/revoke (token and client credentials); RFC 7009 §2.1';

/** Revoke a token with broken client authentication; the token must be refused and stay valid. */
async function ensureRevokeRefused(t: CheckContext, body: Record<string, string>, how: string): Promise<void> {
  const tokens = await freshTokens(t);
  const reply = await t.http.post('/api/oauth/revoke', { json: { token: tokens.refresh_token, token_type_hint: 'refresh_token', ...body } });
  ensure(reply.status === 400 || reply.status === 401, `revoke ${how} answered ${reply.status}, not 400/401 invalid_client (${REVOKE_AUTH})`);
  ensure(isObject(reply.json) && reply.json.error === 'invalid_client', `revoke ${how}: error is not invalid_client (${REVOKE_AUTH})`);
  const still = await refresh(t, tokens.refresh_token);
  ensure(still.status === 200, `the refresh token no longer refreshes after a revoke ${how} (${REVOKE_AUTH})`);
}

export const oauthChecks: Check[] = [
  {
    id: 'oauth.flow.authorization-code',
    clause: 'Endpoints · OAuth; Authentication steps 2–4; Resources · Token response',
    title: 'sign-in and consent redirect with a code; the code exchanges (JSON body) for a token response',
    needs: FLOW,
    async run(t) {
      const outcome = await authorize(t);
      ensure(outcome.pages.includes('login'), `no login page was shown (pages: ${outcome.pages.join(', ')})`);
      const code = outcome.redirect.searchParams.get('code');
      ensure(code, `no code in the redirect to the client (error=${outcome.redirect.searchParams.get('error')})`);
      ensureEqual(outcome.redirect.searchParams.get('state'), outcome.state, 'state echoed to the client');
      const tokens = ensureTokenResponse(t, await exchange(t, code));
      ensure(tokens.scope.split(' ').every((s) => ['basic', 'profile', 'all'].includes(s)), `unknown scope in "${tokens.scope}"`);
    },
  },
  {
    id: 'oauth.flow.form-encoded',
    clause: 'RFC 6749 §4.1.3 (form-encoded token request, what n8n sends)',
    title: 'the token endpoint also takes the code exchange as an application/x-www-form-urlencoded body',
    needs: FLOW,
    async run(t) {
      const code = await authorizationCode(t);
      const reply = await t.http.post('/api/oauth/token', {
        form: { grant_type: 'authorization_code', code, redirect_uri: t.cred('oauthRedirectUri'), client_id: t.cred('oauthClientId'), client_secret: t.cred('oauthClientSecret') },
      });
      ensureTokenResponse(t, reply);
    },
  },
  {
    id: 'oauth.code.single-use',
    clause: 'Authentication step 3; States · authorization code single use',
    title: 'a code used once is refused the second time with invalid_grant',
    needs: FLOW,
    async run(t) {
      const code = await authorizationCode(t);
      ensureTokenResponse(t, await exchange(t, code));
      ensureOAuthError(await exchange(t, code), 400, 'invalid_grant');
    },
  },
  {
    id: 'oauth.code.redirect-uri-must-match',
    clause: 'RFC 6749 §4.1.3 (redirect_uri identical to the authorize request)',
    title: 'a code exchanged with another redirect_uri is refused with invalid_grant',
    needs: FLOW,
    async run(t) {
      const code = await authorizationCode(t);
      const reply = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: `${t.cred('oauthRedirectUri')}/elsewhere` });
      ensureOAuthError(reply, 400, 'invalid_grant');
    },
  },
  {
    id: 'oauth.code.redirect-uri-near-miss',
    clause: 'RFC 6749 §4.1.3 (redirect_uri identical to the authorize request)',
    title: 'a code exchanged with the redirect_uri plus a trailing slash, or plus a query, is refused with invalid_grant',
    needs: FLOW,
    async run(t) {
      const registered = new URL(t.cred('oauthRedirectUri'));
      for (const variant of ['trailing-slash', 'added-query'] as const) {
        const near = REDIRECT_NEAR_MISSES[variant]?.(registered);
        if (!near) continue;
        const code = await authorizationCode(t);
        const reply = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: near });
        ensure(reply.status !== 200, `the code was exchanged with redirect_uri ${near} (${variant}), not the one it was issued for (RFC 6749 §4.1.3: identical)`);
        ensureOAuthError(reply, 400, 'invalid_grant');
      }
    },
  },
  {
    id: 'oauth.code.unknown',
    clause: 'RFC 6749 §5.2 invalid_grant',
    title: 'a made-up code is refused with invalid_grant',
    needs: CLIENT,
    async run(t) {
      ensureOAuthError(await exchange(t, t.unique('made-up-code-')), 400, 'invalid_grant');
    },
  },
  {
    id: 'oauth.token.wrong-secret',
    clause: 'RFC 6749 §5.2 invalid_client',
    title: 'a wrong client_secret is refused with invalid_client',
    needs: CLIENT,
    async run(t) {
      const reply = await t.http.post('/api/oauth/token', {
        json: { grant_type: 'authorization_code', code: 'irrelevant', redirect_uri: t.cred('oauthRedirectUri'), client_id: t.cred('oauthClientId'), client_secret: 'wrong-secret' },
      });
      ensure(reply.status === 400 || reply.status === 401, `expected 400 or 401, got ${reply.status}`);
      ensureOAuthError(reply, reply.status, 'invalid_client');
    },
  },
  {
    id: 'oauth.token.no-client-auth',
    clause: CLIENT_AUTH,
    title: 'a refresh with a real refresh token but no client authentication — none, client_id alone, or an empty secret — is refused with invalid_client',
    needs: FLOW,
    async run(t) {
      const tokens = await freshTokens(t);
      const id = t.cred('oauthClientId');
      const attempts: [string, Record<string, string>][] = [
        ['without any client authentication', {}],
        ['with client_id but no client_secret', { client_id: id }],
        ['with an empty client_secret', { client_id: id, client_secret: '' }],
      ];
      for (const [how, auth] of attempts) {
        const reply = await t.http.post('/api/oauth/token', { headers: { accept: 'application/json' }, json: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...auth } });
        if (reply.status === 200 && isObject(reply.json) && typeof reply.json.access_token === 'string') t.secret(reply.json.access_token, 'access token');
        ensureInvalidClient(reply, how, CLIENT_AUTH);
      }
    },
  },
  {
    id: 'oauth.token.secret-near-miss',
    clause: CLIENT_AUTH,
    title: 'the client secret with its last character changed, one short, one extra or upper-cased is refused with invalid_client',
    needs: FLOW,
    async run(t) {
      const tokens = await freshTokens(t);
      for (const [how, secret] of Object.entries(nearMisses(t.cred('oauthClientSecret')))) {
        t.secret(secret, `client secret (${how})`);
        const reply = await t.http.post('/api/oauth/token', {
          headers: { accept: 'application/json' },
          json: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: t.cred('oauthClientId'), client_secret: secret },
        });
        ensureInvalidClient(reply, `with the client secret ${how}`, CLIENT_AUTH);
      }
    },
  },
  {
    id: 'oauth.token.basic-auth-challenge',
    clause: 'RFC 6749 §5.2 invalid_client (HTTP Basic → 401 with WWW-Authenticate); docs/oauth.md',
    title: 'a wrong secret sent with HTTP Basic gets 401 invalid_client and a WWW-Authenticate challenge',
    needs: CLIENT,
    async run(t) {
      const basic = Buffer.from(`${encodeURIComponent(t.cred('oauthClientId'))}:wrong-secret`).toString('base64');
      const reply = await t.http.post('/api/oauth/token', {
        headers: { authorization: `Basic ${basic}` },
        form: { grant_type: 'refresh_token', refresh_token: 'irrelevant' },
      });
      ensureOAuthError(reply, 401, 'invalid_client');
      ensure(/^Basic\b/i.test(reply.headers.get('www-authenticate') ?? ''), `WWW-Authenticate is "${reply.headers.get('www-authenticate')}"`);
    },
  },
  {
    id: 'oauth.pkce.wrong-verifier-uses-code',
    clause: 'docs/oauth.md · PKCE (a wrong verifier gets invalid_grant and uses the code up); RFC 7636 §4.6',
    title: 'with PKCE, a wrong code_verifier is refused and the code cannot be used afterwards, even with the right one',
    needs: FLOW,
    async run(t) {
      const { code, verifier } = await pkceCode(t);
      const params = { grant_type: 'authorization_code', code, redirect_uri: t.cred('oauthRedirectUri') };
      ensureOAuthError(await tokenRequest(t, { ...params, code_verifier: randomBytes(32).toString('base64url') }), 400, 'invalid_grant');
      ensureOAuthError(await tokenRequest(t, { ...params, code_verifier: verifier }), 400, 'invalid_grant');
    },
  },
  {
    id: 'oauth.pkce.right-verifier',
    clause: 'docs/oauth.md · PKCE (S256); RFC 7636 §4.6',
    title: 'with PKCE, the right code_verifier exchanges the code',
    needs: FLOW,
    async run(t) {
      const { code, verifier } = await pkceCode(t);
      ensureTokenResponse(t, await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: t.cred('oauthRedirectUri'), code_verifier: verifier }));
    },
  },
  {
    id: 'oauth.token.unsupported-grant',
    clause: 'RFC 6749 §5.2 unsupported_grant_type',
    title: 'grant_type=password is refused with unsupported_grant_type',
    needs: CLIENT,
    async run(t) {
      ensureOAuthError(await tokenRequest(t, { grant_type: 'password', username: 'a', password: 'b' }), 400, 'unsupported_grant_type');
    },
  },
  {
    id: 'oauth.refresh.rotates',
    clause: 'Endpoints · token (refresh_token); Authentication step 5',
    title: 'a refresh returns a new access token and a rotated refresh token',
    needs: FLOW,
    async run(t) {
      const first = await freshTokens(t);
      const second = await refreshed(t, first.refresh_token);
      ensure(second.refresh_token !== first.refresh_token, 'the refresh token did not rotate');
      ensureStatus(await graphql(t, second.access_token, USER_QUERY), 200);
    },
  },
  {
    id: 'oauth.refresh.grace',
    clause: 'States · refresh token (previous token accepted for a short grace window)',
    title: 'the previous refresh token, retried at once, is still accepted',
    needs: FLOW,
    async run(t) {
      const first = await freshTokens(t);
      await refreshed(t, first.refresh_token);
      await refreshed(t, first.refresh_token);
    },
  },
  {
    id: 'oauth.refresh.grace-same-pair',
    clause: 'docs/oauth.md · Grace window (the previous token returns the same successor pair)',
    title: 'a retried refresh within the grace window returns the same successor pair',
    needs: FLOW,
    async run(t) {
      const first = await freshTokens(t);
      const a = await refreshed(t, first.refresh_token);
      const b = await refreshed(t, first.refresh_token);
      ensureEqual(b.refresh_token, a.refresh_token, 'refresh_token of the retry');
      ensureEqual(b.access_token, a.access_token, 'access_token of the retry');
    },
  },
  {
    id: 'oauth.refresh.reuse-revokes-family',
    clause: 'docs/oauth.md · Reuse detection; RFC 9700 §4.14.2',
    title: 'an older refresh token (two rotations back) is refused and revokes the whole family',
    needs: FLOW,
    async run(t) {
      const first = await freshTokens(t);
      const second = await refreshed(t, first.refresh_token);
      const third = await refreshed(t, second.refresh_token);
      ensureOAuthError(await refresh(t, first.refresh_token), 400, 'invalid_grant');
      ensureOAuthError(await refresh(t, third.refresh_token), 400, 'invalid_grant');
      ensureStatus(await graphql(t, third.access_token, USER_QUERY), 401);
    },
  },
  {
    id: 'oauth.refresh.unknown',
    clause: 'RFC 6749 §5.2 invalid_grant',
    title: 'a made-up refresh token is refused with invalid_grant',
    needs: CLIENT,
    async run(t) {
      ensureOAuthError(await refresh(t, t.unique('made-up-refresh-')), 400, 'invalid_grant');
    },
  },
  {
    id: 'oauth.refresh.near-miss',
    clause: 'RFC 6749 §5.2 invalid_grant',
    title: 'a real refresh token with its last character changed, one short, one extra or upper-cased is refused with invalid_grant',
    needs: FLOW,
    async run(t) {
      const { refresh_token: token } = await freshTokens(t);
      for (const near of Object.values(nearMisses(token))) {
        ensureOAuthError(await refresh(t, near), 400, 'invalid_grant');
      }
    },
  },
  {
    id: 'oauth.revoke.refresh-token',
    clause: 'Endpoints · POST /api/oauth/revoke; RFC 7009 §2.2',
    title: 'a revoked refresh token no longer refreshes',
    needs: FLOW,
    async run(t) {
      const tokens = await freshTokens(t);
      const reply = await t.http.post('/api/oauth/revoke', {
        json: { token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: t.cred('oauthClientId'), client_secret: t.cred('oauthClientSecret') },
      });
      ensureStatus(reply, 200);
      ensureOAuthError(await refresh(t, tokens.refresh_token), 400, 'invalid_grant');
    },
  },
  {
    id: 'oauth.revoke.unknown-token',
    clause: 'RFC 7009 §2.2 (an invalid token is not an error)',
    title: 'revoking an unknown token answers 200',
    needs: CLIENT,
    async run(t) {
      const reply = await t.http.post('/api/oauth/revoke', {
        json: { token: t.unique('never-issued-'), client_id: t.cred('oauthClientId'), client_secret: t.cred('oauthClientSecret') },
      });
      ensureStatus(reply, 200);
    },
  },
  {
    id: 'oauth.revoke.no-client-auth',
    clause: REVOKE_AUTH,
    title: 'revoking a real refresh token without client authentication is refused with invalid_client, and the token still works',
    needs: FLOW,
    async run(t) {
      await ensureRevokeRefused(t, {}, 'without client authentication');
    },
  },
  {
    id: 'oauth.revoke.wrong-secret',
    clause: REVOKE_AUTH,
    title: 'revoking a real refresh token with a wrong client secret is refused with invalid_client, and the token still works',
    needs: FLOW,
    async run(t) {
      await ensureRevokeRefused(t, { client_id: t.cred('oauthClientId'), client_secret: `${t.cred('oauthClientSecret').slice(0, -1)}x` }, 'with a wrong client secret');
    },
  },
  {
    id: 'oauth.authorize.unregistered-redirect',
    clause: 'Endpoints · authorize (redirect_uri must exactly match); RFC 6749 §4.1.2.1',
    title: 'an unregistered redirect_uri gets an error page, never a redirect to it',
    needs: CLIENT,
    async run(t) {
      const evil = 'https://attacker.example/callback';
      const query = new URLSearchParams({ response_type: 'code', client_id: t.cred('oauthClientId'), redirect_uri: evil, scope: 'basic', state: 'x' });
      await ensureNotRedirected(t, `/api/oauth/authorize?${query.toString()}`, 'https://attacker.example');
    },
  },
  {
    id: 'oauth.authorize.redirect-prefix',
    clause: 'Resources · OAuth client (redirect URIs matched exactly, no wildcards)',
    title: 'a redirect_uri that only starts with a registered one is refused',
    needs: CLIENT,
    async run(t) {
      const registered = t.cred('oauthRedirectUri');
      const query = new URLSearchParams({ response_type: 'code', client_id: t.cred('oauthClientId'), redirect_uri: `${registered}/../evil`, scope: 'basic', state: 'x' });
      await ensureNotRedirected(t, `/api/oauth/authorize?${query.toString()}`, registered);
    },
  },
  ...Object.entries(REDIRECT_NEAR_MISSES).map(([variant, make]): Check => ({
    id: `oauth.authorize.redirect-${variant}`,
    clause: REDIRECT_EXACT,
    title: `a redirect_uri that differs from the registered one only by ${variant.replace('-', ' ')} is refused with an error page`,
    needs: CLIENT,
    async run(t) {
      const near = make(new URL(t.cred('oauthRedirectUri')));
      if (!near) return t.undecided(`the registered redirect URI ${t.cred('oauthRedirectUri')} has no ${variant} to vary`);
      await ensureRedirectRefused(t, near, REDIRECT_EXACT);
    },
  })),
  {
    id: 'oauth.authorize.unknown-client',
    clause: 'RFC 6749 §4.1.2.1 (unknown client: do not redirect)',
    title: 'an unknown client_id — made up, or the real one with its case changed or a character added — gets an error page, never a redirect',
    needs: CLIENT,
    async run(t) {
      const id = t.cred('oauthClientId');
      const swapped = id.toUpperCase() === id ? id.toLowerCase() : id.toUpperCase();
      for (const clientId of [t.unique('no-such-client-'), `${id}x`, ...(swapped !== id ? [swapped] : [])]) {
        const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: t.cred('oauthRedirectUri'), state: 'x' });
        await ensureNotRedirected(t, `/api/oauth/authorize?${query.toString()}`, t.cred('oauthRedirectUri'));
      }
    },
  },
  {
    id: 'oauth.authorize.wrong-password',
    clause: 'Endpoints · authorize (the user signs in)',
    title: 'a wrong password does not sign in and never reaches the client',
    needs: FLOW,
    async run(t) {
      try {
        const outcome = await authorize(t, { password: `${t.cred('userPassword')}-wrong` });
        ensure(!outcome.redirect.searchParams.get('code'), 'a wrong password produced an authorization code');
      } catch (error) {
        ensure(error instanceof AuthorizeStopped, String(error));
        ensure(error.pages[0] === 'login', 'the sign-in did not start on a login page');
      }
    },
  },
  {
    id: 'oauth.authorize.deny',
    clause: 'RFC 6749 §4.1.2.1 access_denied',
    title: 'denying consent redirects with error=access_denied and the same state, without a code',
    needs: FLOW,
    async run(t) {
      const outcome = await authorize(t, { decision: 'deny' });
      ensureEqual(outcome.redirect.searchParams.get('error'), 'access_denied', 'error');
      ensureEqual(outcome.redirect.searchParams.get('state'), outcome.state, 'state');
      ensure(!outcome.redirect.searchParams.get('code'), 'a code came with the denial');
    },
  },
  {
    id: 'oauth.authorize.prompt-login',
    clause: 'Endpoints · authorize (prompt=login forces the login screen)',
    title: 'with a signed-in browser, prompt=login still shows the login page',
    needs: FLOW,
    async run(t) {
      const browser = new FormBrowser(t.http);
      const first = await authorize(t, { browser });
      ensure(first.redirect.searchParams.get('code'), 'the first sign-in gave no code');
      const again = await browser.navigate('GET', authorizeUrl(t, 'again'));
      const hasLogin = FormBrowser.forms(again.reply.text, again.url).some((f) => f.inputs.some((i) => i.type === 'password'));
      ensure(!hasLogin, 'precondition: a signed-in browser was asked to log in again even without prompt=login');
      const forced = await authorize(t, { browser, prompt: 'login' });
      ensureEqual(forced.pages[0], 'login', 'first page with prompt=login');
      ensure(forced.redirect.searchParams.get('code'), 'no code after signing in again');
    },
  },
];
