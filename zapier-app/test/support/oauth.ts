import { createHash, randomBytes } from 'node:crypto';
import { signInAndConsent, type TestServer } from 'reference-server/testing';
import { createAppTester } from 'zapier-platform-core';
import App from '../../src/index.js';
import { REDIRECT_URI } from './env.js';

export interface AuthData {
  access_token: string;
  refresh_token: string;
  [field: string]: string;
}

const oauth2 = () => {
  const config = App.authentication?.oauth2Config;
  if (!config) throw new Error('the app has no oauth2Config');
  return config;
};

export interface Authorization {
  authorizeUrl: URL;
  callback: URL;
  code: string;
  state: string;
  verifier: string;
}

/**
 * The browser half of connecting an account, as Zapier runs it: the app builds the authorize URL,
 * Zapier adds a PKCE challenge (`enablePkce`), the user signs in and consents in the platform's
 * pages (driven over HTTP here), and the redirect comes back with the code and the same state.
 */
export async function authorizeWithPkce(server: TestServer, fields: Record<string, string> = {}): Promise<Authorization> {
  const appTester = createAppTester(App);
  const state = randomBytes(12).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  const url = (await appTester(oauth2().authorizeUrl as never, { inputData: { ...fields, redirect_uri: REDIRECT_URI, state } })) as string;
  const authorizeUrl = new URL(url);
  authorizeUrl.searchParams.set('code_challenge', challenge);
  authorizeUrl.searchParams.set('code_challenge_method', 'S256');

  const callback = await signInAndConsent(server, authorizeUrl);
  if (callback.searchParams.get('state') !== state) throw new Error('state did not come back unchanged');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in the callback: ${callback.href}`);
  return { authorizeUrl, callback, code, state, verifier };
}

/**
 * A whole connection: sign-in and consent, then the app's getAccessToken with the code and the
 * PKCE verifier. Returns the authData Zapier would store: the connection's input fields (the
 * keys) next to what getAccessToken returned.
 */
export async function connectAccount(
  server: TestServer,
  fields: Record<string, string> = {},
): Promise<Authorization & { authData: AuthData }> {
  const authorization = await authorizeWithPkce(server, fields);
  const tokens = (await createAppTester(App)(oauth2().getAccessToken as never, {
    inputData: { ...fields, code: authorization.code, redirect_uri: REDIRECT_URI, state: authorization.state, code_verifier: authorization.verifier },
  })) as AuthData;
  return { ...authorization, authData: { ...fields, ...tokens } };
}
