// An OAuth client on `openid-client` (6.x) that passes every oauth.* check: authorization code
// with PKCE (S256) and state, the code exchanged from the server, the access token refreshed once
// it expires, each rotated refresh token stored and used in turn, and revocation on disconnect.
// The sign-in is headless (headless-sign-in.mjs), so it runs in a partner's CI.
// Run by `certify run --command "node oauth-openid-client.mjs"`: the OAUTH_* variables,
// SIGN_IN_EMAIL and SIGN_IN_PASSWORD come from the run.
import * as client from 'openid-client';
import { signInHeadless } from './headless-sign-in.mjs';

const env = process.env;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Discovery reads /.well-known/oauth-authorization-server (an OAuth server, not OpenID Connect).
// allowInsecureRequests only because the run's server is http://127.0.0.1; never in production.
const config = await client.discovery(new URL(env.BASE_URL), env.OAUTH_CLIENT_ID, env.OAUTH_CLIENT_SECRET, undefined, {
  algorithm: 'oauth2',
  execute: [client.allowInsecureRequests],
});

const verifier = client.randomPKCECodeVerifier();
const state = client.randomState();
const authorizationUrl = client.buildAuthorizationUrl(config, {
  redirect_uri: env.OAUTH_REDIRECT_URI,
  code_challenge: await client.calculatePKCECodeChallenge(verifier),
  code_challenge_method: 'S256',
  state,
});
const callback = await signInHeadless(authorizationUrl.href, { email: env.SIGN_IN_EMAIL, password: env.SIGN_IN_PASSWORD });
// Checks state and the iss parameter (RFC 9207), then exchanges the code with the PKCE verifier.
let tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });

// The connection in use: once the access token has expired, refresh, and keep the new refresh
// token (it rotates: the one just used stops working after the server's grace window).
for (let use = 0; use < 2; use += 1) {
  await sleep(tokens.expiresIn() * 1000 + 500);
  tokens = await client.refreshTokenGrant(config, tokens.refresh_token);
}

// The user disconnects: revoke the grant.
await client.tokenRevocation(config, tokens.refresh_token, { token_type_hint: 'refresh_token' });
console.log('openid-client: connected, refreshed twice, revoked');
