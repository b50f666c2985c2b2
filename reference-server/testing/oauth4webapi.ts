import * as oauth from 'oauth4webapi';
import { authorizePath } from './oauth.js';
import type { TestServer } from './server.js';

/**
 * The demo OAuth client as panva's oauth4webapi takes it, and its authorization request (PKCE and
 * state) at the endpoint the server's discovery document names: where each test of the flow run
 * by that library starts.
 */
export async function demoClientAuthorization(server: TestServer, as: oauth.AuthorizationServer) {
  const client: oauth.Client = { client_id: server.demo.oauthClient.clientId };
  const auth = oauth.ClientSecretBasic(server.demo.oauthClient.clientSecret);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint as string);
  url.search = new URL(authorizePath(server, { scope: 'basic profile', state, codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) }), server.url).search;
  return { client, auth, redirectUri: server.demo.oauthClient.redirectUri, verifier, state, url };
}
