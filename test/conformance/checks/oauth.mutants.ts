import { answer, isRecord, params, route, type Mutant, type MutantContext, type ProxiedAnswer, type ProxiedRequest } from '../mutants/mutant.js';

const TOKEN = 'POST /api/oauth/token';
const REVOKE = 'POST /api/oauth/revoke';

/** The authorize request and its login and consent forms, which carry the same parameters. */
const isAuthorize = (req: ProxiedRequest) => req.url.pathname.startsWith('/api/oauth/authorize');
const isToken = (req: ProxiedRequest) => route(req) === TOKEN;
const grant = (req: ProxiedRequest) => (isToken(req) ? params(req).get('grant_type') : undefined);
/** The refresh token a refresh presents. */
const refreshTokenOf = (req: ProxiedRequest) => (grant(req) === 'refresh_token' ? params(req).get('refresh_token') : undefined);
const hasBasic = (req: ProxiedRequest) => /^basic /i.test(req.headers.authorization ?? '');

/** A redirect_uri a lenient matcher takes for the registered one: rewritten to it, so the server goes on. */
function normaliseRedirect(same: (given: URL, registered: URL, raw: string) => boolean) {
  return (req: ProxiedRequest, ctx: MutantContext) => {
    if (!isAuthorize(req) && grant(req) !== 'authorization_code') return;
    const p = params(req);
    const given = p.get('redirect_uri');
    const registered = ctx.demo.oauthRedirectUri;
    if (!given || given === registered) return;
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      return;
    }
    if (same(url, new URL(registered), given)) p.set('redirect_uri', registered);
  };
}

/** A request to `endpoint` that authenticates no client, served as if the registered client had. */
function servedWithoutClientAuth(endpoint: string) {
  return (req: ProxiedRequest, ctx: MutantContext) => {
    if (route(req) !== endpoint || hasBasic(req) || params(req).get('client_secret')) return;
    params(req).set('client_id', ctx.demo.oauthClientId);
    params(req).set('client_secret', ctx.demo.oauthClientSecret);
  };
}

const pathOnly = (u: URL) => `${u.origin}${u.pathname}`;

function stateMap<V>(ctx: MutantContext, name: string): Map<string, V> {
  const map = (ctx.state.get(name) as Map<string, V> | undefined) ?? new Map<string, V>();
  ctx.state.set(name, map);
  return map;
}

/** Remembers which refresh token each successful refresh was made with and what it gave. */
function recordRotation(req: ProxiedRequest, res: ProxiedAnswer, ctx: MutantContext): void {
  if (grant(req) !== 'refresh_token' || res.status !== 200 || !isRecord(res.json)) return;
  const used = params(req).get('refresh_token');
  if (used && typeof res.json.refresh_token === 'string') stateMap<string>(ctx, 'successor').set(used, res.json.refresh_token);
}

const invalidGrant = () => answer(400, { error: 'invalid_grant', error_description: 'The refresh token is not valid.' }, { 'cache-control': 'no-store' });

export const oauthMutants: Mutant[] = [
  {
    id: 'expires-in-as-string',
    target: 'oauth.flow.authorization-code',
    bug: 'expires_in is serialised as a string ("3600"), straight from the config',
    response(req, res) {
      if (isToken(req) && isRecord(res.json) && typeof res.json.expires_in === 'number') res.json.expires_in = String(res.json.expires_in);
    },
  },
  {
    id: 'form-encoded-token-request-refused',
    target: 'oauth.flow.form-encoded',
    bug: 'the token endpoint only parses JSON bodies: a form-encoded request is a 400',
    request: (req) => (isToken(req) && req.form ? answer(400, { error: 'invalid_request', error_description: 'Send a JSON body.' }) : undefined),
  },
  {
    id: 'code-not-marked-used',
    target: 'oauth.code.single-use',
    bug: 'an exchanged code is not marked used: exchanging it again returns the same tokens',
    request(req, ctx) {
      const code = grant(req) === 'authorization_code' ? params(req).get('code') : undefined;
      return code ? stateMap<ProxiedAnswer>(ctx, 'exchanged').get(code) : undefined;
    },
    response(req, res, ctx) {
      const code = grant(req) === 'authorization_code' ? params(req).get('code') : undefined;
      if (code && res.status === 200) stateMap<ProxiedAnswer>(ctx, 'exchanged').set(code, { ...res });
    },
  },
  {
    id: 'token-redirect-uri-not-compared',
    target: 'oauth.code.redirect-uri-must-match',
    bug: 'the code exchange does not compare redirect_uri with the one the code was issued for',
    request(req, ctx) {
      if (grant(req) === 'authorization_code' && params(req).get('redirect_uri')) params(req).set('redirect_uri', ctx.demo.oauthRedirectUri);
    },
  },
  {
    id: 'token-redirect-uri-normalised',
    target: 'oauth.code.redirect-uri-near-miss',
    bug: 'the code exchange compares redirect URIs after dropping the query and a trailing slash',
    request: (req, ctx) => (isAuthorize(req) ? undefined : normaliseRedirect((g, r) => pathOnly(g).replace(/\/$/, '') === pathOnly(r).replace(/\/$/, ''))(req, ctx)),
  },
  {
    id: 'invalid-grant-reported-as-invalid-request',
    target: 'oauth.code.unknown',
    bug: 'an unknown code or refresh token is reported as invalid_request, not invalid_grant',
    response(req, res) {
      if (isToken(req) && isRecord(res.json) && res.json.error === 'invalid_grant') res.json.error = 'invalid_request';
    },
  },
  {
    id: 'refresh-token-loose-match',
    target: 'oauth.refresh.near-miss',
    bug: 'refresh tokens are looked up case-insensitively by a prefix index, so a near-miss finds the real one',
    request(req, ctx) {
      const given = refreshTokenOf(req);
      const issued = stateMap<true>(ctx, 'issued');
      if (!given || issued.has(given)) return;
      const near = [...issued.keys()].find((real) => real.toLowerCase() === given.toLowerCase() || (Math.abs(real.length - given.length) <= 1 && real.slice(0, -1) === given.slice(0, real.length - 1)));
      if (near) params(req).set('refresh_token', near);
    },
    response(req, res, ctx) {
      if (isToken(req) && isRecord(res.json) && typeof res.json.refresh_token === 'string') stateMap<true>(ctx, 'issued').set(res.json.refresh_token, true);
    },
  },
  {
    id: 'wrong-secret-reported-as-unauthorized-client',
    target: 'oauth.token.wrong-secret',
    bug: 'a wrong client secret is reported as unauthorized_client (the code for a client not allowed the grant)',
    response(req, res) {
      if (isToken(req) && !hasBasic(req) && isRecord(res.json) && res.json.error === 'invalid_client') res.json.error = 'unauthorized_client';
    },
  },
  {
    id: 'basic-failure-without-challenge',
    target: 'oauth.token.basic-auth-challenge',
    bug: 'a failed HTTP Basic client authentication is a 401 without WWW-Authenticate',
    response(req, res) {
      if (isToken(req) && res.status === 401) delete res.headers['www-authenticate'];
    },
  },
  {
    id: 'token-without-client-auth-served',
    target: 'oauth.token.no-client-auth',
    bug: 'client authentication is optional at the token endpoint: a request without a client secret is served as the only registered client',
    request: servedWithoutClientAuth(TOKEN),
  },
  {
    id: 'client-secret-case-insensitive',
    target: 'oauth.token.secret-near-miss',
    bug: 'client secrets are compared case-insensitively and by their first 40 characters',
    request(req, ctx) {
      const secret = isToken(req) ? params(req).get('client_secret') : undefined;
      const real = ctx.demo.oauthClientSecret;
      if (secret && secret !== real && (secret.toLowerCase() === real.toLowerCase() || secret.slice(0, 40) === real.slice(0, 40))) params(req).set('client_secret', real);
    },
  },
  {
    id: 'pkce-ignored',
    target: 'oauth.pkce.wrong-verifier-uses-code',
    bug: 'PKCE is not implemented: code_challenge is dropped at authorize and code_verifier is never checked',
    request(req) {
      const p = params(req);
      if (isAuthorize(req)) {
        p.delete('code_challenge');
        p.delete('code_challenge_method');
      }
      if (isToken(req)) p.delete('code_verifier');
    },
  },
  {
    id: 'pkce-verifier-truncated',
    target: 'oauth.pkce.right-verifier',
    bug: 'the code_verifier is stored in a 42-character column, so the right verifier never matches',
    request(req) {
      const verifier = isToken(req) ? params(req).get('code_verifier') : undefined;
      if (verifier) params(req).set('code_verifier', verifier.slice(0, 42));
    },
  },
  {
    id: 'password-grant-reported-as-invalid-grant',
    target: 'oauth.token.unsupported-grant',
    bug: 'an unknown grant_type falls through to the code branch and is reported as invalid_grant',
    request: (req) => (grant(req) === 'password' ? answer(400, { error: 'invalid_grant', error_description: 'Invalid grant.' }) : undefined),
  },
  {
    id: 'refresh-does-not-rotate',
    target: 'oauth.refresh.rotates',
    bug: 'a refresh returns the refresh token it was given instead of a new one',
    response(req, res) {
      const used = refreshTokenOf(req);
      if (used && res.status === 200 && isRecord(res.json)) res.json.refresh_token = used;
    },
  },
  {
    id: 'no-grace-window',
    target: 'oauth.refresh.grace',
    bug: 'a rotated refresh token is refused at once: a retried refresh after a lost response fails',
    request(req, ctx) {
      const used = refreshTokenOf(req);
      return used && stateMap<string>(ctx, 'successor').has(used) ? invalidGrant() : undefined;
    },
    response: recordRotation,
  },
  {
    id: 'grace-retry-rotates-again',
    target: 'oauth.refresh.grace-same-pair',
    bug: 'a retry within the grace window rotates once more instead of returning the same successor pair',
    async request(req, ctx) {
      const used = refreshTokenOf(req);
      const successor = used ? stateMap<string>(ctx, 'successor').get(used) : undefined;
      if (successor) params(req).set('refresh_token', successor);
    },
    response: recordRotation,
  },
  {
    id: 'reuse-refused-family-kept',
    target: 'oauth.refresh.reuse-revokes-family',
    bug: 'an old refresh token is refused, but its family is not revoked: the newest tokens keep working',
    request(req, ctx) {
      const used = refreshTokenOf(req);
      const successors = stateMap<string>(ctx, 'successor');
      const next = used ? successors.get(used) : undefined;
      return next && successors.has(next) ? invalidGrant() : undefined;
    },
    response: recordRotation,
  },
  {
    id: 'refresh-revocation-not-implemented',
    target: 'oauth.revoke.refresh-token',
    bug: 'revoke answers 200 for every token but revokes nothing (a stub)',
    request: (req) => (route(req) === REVOKE && params(req).get('client_secret') && params(req).get('token_type_hint') === 'refresh_token' ? answer(200, {}) : undefined),
  },
  {
    id: 'revoke-unknown-token-is-an-error',
    target: 'oauth.revoke.unknown-token',
    bug: 'revoking a token the server does not know answers 400 invalid_request',
    response(req, res) {
      const token = route(req) === REVOKE ? params(req).get('token') : undefined;
      if (token && res.status === 200 && !token.startsWith('pis_rt_') && token.split('.').length !== 3) Object.assign(res, answer(400, { error: 'invalid_request', error_description: 'Unknown token.' }));
    },
  },
  {
    id: 'revoke-without-client-auth',
    target: 'oauth.revoke.no-client-auth',
    bug: 'revoke does not authenticate the client: anyone holding a token can revoke it',
    request: servedWithoutClientAuth(REVOKE),
  },
  {
    id: 'revoke-ignores-secret',
    target: 'oauth.revoke.wrong-secret',
    bug: 'revoke checks that client_id exists but not its secret',
    request(req, ctx) {
      if (route(req) === REVOKE && params(req).get('client_id') === ctx.demo.oauthClientId && params(req).get('client_secret')) params(req).set('client_secret', ctx.demo.oauthClientSecret);
    },
  },
  {
    id: 'bad-redirect-uri-redirected-to',
    target: 'oauth.authorize.unregistered-redirect',
    bug: 'every authorize error is redirected to the redirect_uri given, registered or not',
    response(req, res) {
      const target = route(req) === 'GET /api/oauth/authorize' ? req.url.searchParams.get('redirect_uri') : null;
      if (!target || res.status < 400) return;
      try {
        const location = new URL(target);
        location.searchParams.set('error', 'invalid_request');
        Object.assign(res, { status: 302, headers: { location: location.href }, body: Buffer.alloc(0), json: undefined });
      } catch {
        // Not a URL: the page stays.
      }
    },
  },
  {
    id: 'redirect-uri-prefix-match',
    target: 'oauth.authorize.redirect-prefix',
    bug: 'redirect URIs are matched with startsWith',
    request: normaliseRedirect((_g, r, raw) => raw.startsWith(r.href)),
  },
  {
    id: 'redirect-uri-path-case-insensitive',
    target: 'oauth.authorize.redirect-path-case',
    bug: 'redirect URIs are compared case-insensitively',
    request: normaliseRedirect((g, r) => g.href.toLowerCase() === r.href.toLowerCase()),
  },
  {
    id: 'redirect-uri-query-ignored',
    target: 'oauth.authorize.redirect-added-query',
    bug: 'redirect URIs are compared without their query string',
    request: normaliseRedirect((g, r) => pathOnly(g) === pathOnly(r)),
  },
  {
    id: 'redirect-uri-trailing-slash-ignored',
    target: 'oauth.authorize.redirect-trailing-slash',
    bug: 'redirect URIs are compared after stripping a trailing slash',
    request: normaliseRedirect((g, r) => g.href.replace(/\/$/, '') === r.href.replace(/\/$/, '')),
  },
  {
    id: 'redirect-uri-scheme-ignored',
    target: 'oauth.authorize.redirect-scheme',
    bug: 'redirect URIs are compared without their scheme (host and path only)',
    request: normaliseRedirect((g, r) => `${g.host}${g.pathname}${g.search}` === `${r.host}${r.pathname}${r.search}`),
  },
  {
    id: 'client-id-case-insensitive',
    target: 'oauth.authorize.unknown-client',
    bug: 'client ids are looked up case-insensitively',
    request(req, ctx) {
      const p = params(req);
      const id = isAuthorize(req) ? p.get('client_id') : undefined;
      if (id && id !== ctx.demo.oauthClientId && id.toLowerCase() === ctx.demo.oauthClientId.toLowerCase()) p.set('client_id', ctx.demo.oauthClientId);
    },
  },
  {
    id: 'password-not-checked',
    target: 'oauth.authorize.wrong-password',
    bug: "the login form only checks that the email exists (a staging shortcut left on)",
    request(req, ctx) {
      if (route(req) === 'POST /api/oauth/authorize/login' && req.form?.has('password')) req.form.set('password', ctx.demo.userPassword);
    },
  },
  {
    id: 'denial-drops-state',
    target: 'oauth.authorize.deny',
    bug: 'the access_denied redirect is built without state',
    response(req, res) {
      const location = res.headers.location;
      if (!isAuthorize(req) || typeof location !== 'string' || !location.includes('error=access_denied')) return;
      const url = new URL(location);
      url.searchParams.delete('state');
      res.headers.location = url.href;
    },
  },
  {
    id: 'prompt-login-ignored',
    target: 'oauth.authorize.prompt-login',
    bug: 'prompt is not read: a signed-in browser goes straight to consent even with prompt=login',
    request(req) {
      if (isAuthorize(req)) params(req).delete('prompt');
    },
  },
];
