import type { TestServer } from 'reference-server/testing';

export const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

/** What `zapier-platform env:set` gives the app in production: the platform's URL and the OAuth client. */
export function configureEnvironment(server: TestServer): void {
  process.env['BASE_URL'] = server.url;
  process.env['CLIENT_ID'] = server.demo.oauthClient.clientId;
  process.env['CLIENT_SECRET'] = server.demo.oauthClient.clientSecret;
}
