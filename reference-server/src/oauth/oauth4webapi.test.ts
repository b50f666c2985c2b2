import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, formFields, graphql, startTestServer, type TestServer } from 'reference-server/testing';
import { demoClientAuthorization } from '../../testing/oauth4webapi.js';

/**
 * The flow run by an OAuth client library no one here wrote: panva's oauth4webapi, a strict
 * RFC client (discovery, PKCE, RFC 9207 `iss` check, token response validation, revocation).
 * Only the user's part — the login and consent pages — is driven by hand.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

describe('oauth4webapi against the reference server', () => {
  it('discovers, authorizes with PKCE, exchanges, calls GraphQL, refreshes and revokes', async () => {
    const insecure = { [oauth.allowInsecureRequests]: true };
    const issuer = new URL(server.url);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    const { client, auth, redirectUri, verifier, state, url } = await demoClientAuthorization(server, as);

    // The user: sign in and allow.
    const browser = new Browser(server.url);
    const loginPage = await (await browser.get(url.pathname + url.search)).text();
    const login = await browser.post('/api/oauth/authorize/login', {
      ...formFields(loginPage, '/api/oauth/authorize/login'),
      email: server.demo.user.email,
      password: server.demo.user.password,
    });
    const consentPage = await (await browser.get(login.headers.get('location') as string)).text();
    const approved = await browser.post('/api/oauth/authorize/consent', { ...formFields(consentPage, '/api/oauth/authorize/consent'), decision: 'allow' });
    const callback = new URL(approved.headers.get('location') as string);

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, verifier, insecure),
    );
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('basic profile');
    expect(tokens.expires_in).toBe(3600);

    const me = await graphql(server, tokens.access_token, 'query getUserDataQuery { me { email } }');
    expect(await me.json()).toEqual({ data: { me: { email: server.demo.user.email } } });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost(server.demo.oauthClient.clientSecret), tokens.refresh_token as string, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshed.refresh_token as string, insecure));
    expect((await graphql(server, refreshed.access_token, '{ __typename }')).status).toBe(401);
  });

  it('surfaces the RFC 6749 error of an unknown code as a ResponseBodyError', async () => {
    const as = await oauth.processDiscoveryResponse(
      new URL(server.url),
      await oauth.discoveryRequest(new URL(server.url), { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true }),
    );
    const client: oauth.Client = { client_id: server.demo.oauthClient.clientId };
    const callback = new URL(server.demo.oauthClient.redirectUri);
    callback.search = new URLSearchParams({ code: 'pis_code_never_issued', iss: server.url }).toString();
    const params = oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(server.demo.oauthClient.clientSecret),
      params,
      server.demo.oauthClient.redirectUri,
      oauth.nopkce,
      { [oauth.allowInsecureRequests]: true },
    );
    const error = await oauth.processAuthorizationCodeResponse(as, client, response).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.ResponseBodyError);
    expect((error as oauth.ResponseBodyError).error).toBe('invalid_grant');
  });
});
