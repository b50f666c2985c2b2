import { Browser, consent, exchange, type TestServer, type TokenBody } from 'reference-server/testing';
import { CREDENTIALS } from './workflows.js';

/** What both real-n8n runs set up the same way: the credentials n8n imports. */

/** A partner OAuth2 token pair as n8n's "Connect my account" gets it: sign-in and consent pages, then the code exchange. */
export async function partnerTokens(server: TestServer, state: string): Promise<TokenBody> {
  const callback = await consent(server, new Browser(server.url), { scope: 'basic profile all', state });
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  const answer = await exchange(server, code);
  if (!answer.ok) throw new Error(`token exchange answered ${answer.status}`);
  return (await answer.json()) as TokenBody;
}

/** The three credentials of the package, for `n8n import:credentials`. */
export function credentialsFor(server: TestServer, tokens: TokenBody) {
  const baseUrl = server.url;
  return [
    { ...CREDENTIALS.automation, data: { baseUrl, apiKey: server.demo.automationKey } },
    { ...CREDENTIALS.assessment, data: { baseUrl, apiKey: server.demo.developerKey } },
    {
      ...CREDENTIALS.partner,
      data: { baseUrl, clientId: server.demo.oauthClient.clientId, clientSecret: server.demo.oauthClient.clientSecret, oauthTokenData: { ...tokens } },
    },
  ];
}
