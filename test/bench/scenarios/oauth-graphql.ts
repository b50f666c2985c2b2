import { Browser, consent, exchange, refresh, type TestServer, type TokenBody } from 'reference-server/testing';
import type { BenchScenario } from '../harness.js';

async function connect(server: TestServer): Promise<TokenBody> {
  const location = await consent(server, new Browser(server.url));
  const response = await exchange(server, location.searchParams.get('code') as string);
  if (!response.ok) throw new Error(`token exchange answered ${response.status}`);
  return (await response.json()) as TokenBody;
}

const CHAINS = 8;
const REFRESHES_PER_CHAIN = 60;

export const scenarios: BenchScenario[] = [
  {
    name: 'OAuth token endpoint, refresh grant with rotation (ops/s ÷ bare Express JSON echo, 8 concurrent clients)',
    async run(env) {
      const echo = async () =>
        Promise.all(
          Array.from({ length: CHAINS }, () =>
            env.opRate(
              () => fetch(env.baseline.echoUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"refresh_token"}' }).then((r) => r.text()),
              REFRESHES_PER_CHAIN,
            ),
          ),
        );
      // Each chain refreshes with the token the previous refresh returned: every call rotates,
      // signs an EdDSA JWT and waits for the fsynced store write, as a real client's would.
      const chains = await Promise.all(Array.from({ length: CHAINS }, () => connect(env.server)));
      const refreshRates = await Promise.all(
        chains.map((tokens) => {
          let current = tokens.refresh_token;
          return env.opRate(async () => {
            const response = await refresh(env.server, current);
            if (!response.ok) throw new Error(`refresh answered ${response.status}`);
            current = ((await response.json()) as TokenBody).refresh_token;
          }, REFRESHES_PER_CHAIN);
        }),
      );
      const echoRates = await echo();
      const sum = (rates: number[]) => rates.reduce((a, b) => a + b, 0);
      return [
        {
          name: 'POST /api/oauth/token grant_type=refresh_token',
          ratio: sum(refreshRates) / sum(echoRates),
          detail: `${sum(refreshRates).toFixed(0)} refreshes/s vs ${sum(echoRates).toFixed(0)} echoes/s`,
        },
      ];
    },
  },
  {
    name: 'Partner GraphQL getUserDataQuery with an OAuth access token (req/s ÷ bare Express GET)',
    async run(env) {
      const tokens = await connect(env.server);
      const base = await env.loadRate({ url: env.baseline.pingUrl });
      const query = await env.loadRate({
        url: `${env.server.url}/api`,
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.access_token}` },
        body: JSON.stringify({ query: 'query getUserDataQuery { me { email } }', operationName: 'getUserDataQuery' }),
      });
      return [
        {
          name: 'POST /api getUserDataQuery (cached JWT verify, grant check, allowlist, execute)',
          ratio: query / base,
          detail: `${query.toFixed(0)} req/s, baseline ${base.toFixed(0)} req/s`,
        },
      ];
    },
  },
];
