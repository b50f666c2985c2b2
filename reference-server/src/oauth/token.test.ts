import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { operate } from '../cli.js';
import { Browser, consent, demoClientAuth, exchange, graphql, refresh, startTestServer, type TestServer, type TokenBody, tokenRequest } from 'reference-server/testing';
import { s256 } from './codes.js';

/** The token and revocation endpoints' negative paths (RFC 6749 §4.1.3, §5.2, §6; RFC 7636; RFC 7009). */
const clock = new ManualClock(Date.UTC(2026, 7, 1));
let server: TestServer;
let browser: Browser;
let other: { clientId: string; clientSecret: string };

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  browser = new Browser(server.url);
  other = (await operate(server.sandbox, 'client.create', {
    name: 'Other App',
    redirectUris: [server.demo.oauthClient.redirectUri],
  })) as typeof other;
});
afterAll(() => server.dispose());

const newCode = async (input: Parameters<typeof consent>[2] = {}) =>
  (await consent(server, browser, input)).searchParams.get('code') as string;
const tokensOf = async (response: Response) => (await response.json()) as TokenBody;

async function expectError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe('string');
}

const form = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });

const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

describe('client authentication', () => {
  it('accepts a form body with the client in the body (what n8n sends)', async () => {
    const code = await newCode();
    const response = await form({ grant_type: 'authorization_code', code, redirect_uri: server.demo.oauthClient.redirectUri, ...demoClientAuth(server) });
    expect(response.status).toBe(200);
  });

  it('accepts HTTP Basic (RFC 6749 §2.3.1)', async () => {
    const code = await newCode();
    const { clientId, clientSecret } = server.demo.oauthClient;
    const response = await form({ grant_type: 'authorization_code', code, redirect_uri: server.demo.oauthClient.redirectUri }, basic(clientId, clientSecret));
    expect(response.status).toBe(200);
  });

  it('answers a wrong secret via Basic with 401 and WWW-Authenticate', async () => {
    const response = await form({ grant_type: 'refresh_token', refresh_token: 'pis_rt_x' }, basic(server.demo.oauthClient.clientId, 'pis_cs_wrong'));
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    await expectError(response, 401, 'invalid_client');
  });

  it('answers a wrong secret in the body with 401 invalid_client', async () => {
    const response = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: 'pis_rt_x', client_id: server.demo.oauthClient.clientId, client_secret: 'nope' });
    await expectError(response, 401, 'invalid_client');
  });

  it('answers a missing client with 401 invalid_client', async () => {
    await expectError(await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: 'pis_rt_x' }), 401, 'invalid_client');
  });

  it('refuses two authentication methods at once', async () => {
    const { clientId, clientSecret } = server.demo.oauthClient;
    const response = await form({ grant_type: 'refresh_token', refresh_token: 'pis_rt_x', client_secret: clientSecret }, basic(clientId, clientSecret));
    await expectError(response, 400, 'invalid_request');
  });
});

describe('malformed requests', () => {
  it('refuses a repeated parameter', async () => {
    const body = `grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=${server.demo.oauthClient.clientId}&client_secret=${server.demo.oauthClient.clientSecret}`;
    const response = await fetch(`${server.url}/api/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    await expectError(response, 400, 'invalid_request');
  });

  it('refuses an unknown grant type', async () => {
    await expectError(await tokenRequest(server, { grant_type: 'password', ...demoClientAuth(server) }), 400, 'unsupported_grant_type');
  });

  it('refuses a missing grant type and a missing code', async () => {
    await expectError(await tokenRequest(server, { ...demoClientAuth(server) }), 400, 'invalid_request');
    await expectError(await tokenRequest(server, { grant_type: 'authorization_code', ...demoClientAuth(server) }), 400, 'invalid_request');
  });

  it('answers malformed JSON and a non-POST in the RFC 6749 error shape', async () => {
    const bad = await fetch(`${server.url}/api/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    await expectError(bad, 400, 'invalid_request');
    const get = await fetch(`${server.url}/api/oauth/token`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers a body it cannot decode (unknown encoding, broken gzip, foreign charset) in the RFC 6749 error shape', async () => {
    const params = 'grant_type=refresh_token&refresh_token=x';
    await expectError(await form({}, { 'content-encoding': 'x-unknown' }), 415, 'invalid_request');
    const brokenGzip = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      body: params,
    });
    await expectError(brokenGzip, 400, 'invalid_request');
    await expectError(await form({}, { 'content-type': 'application/x-www-form-urlencoded; charset=shift_jis' }), 415, 'invalid_request');
  });
});

describe('authorization codes', () => {
  it('refuses a replayed code and revokes everything issued from it', async () => {
    const code = await newCode();
    const tokens = await tokensOf(await exchange(server, code));
    await expectError(await exchange(server, code), 400, 'invalid_grant');
    expect((await graphql(server, tokens.access_token, '{ __typename }')).status).toBe(401);
    await expectError(await refresh(server, tokens.refresh_token), 400, 'invalid_grant');
  });

  it('expires a code after five minutes', async () => {
    const code = await newCode();
    clock.advance(5 * 60_000);
    await expectError(await exchange(server, code), 400, 'invalid_grant');
  });

  it('accepts a code just before it expires', async () => {
    const code = await newCode();
    clock.advance(5 * 60_000 - 1000);
    expect((await exchange(server, code)).status).toBe(200);
  });

  it('refuses an unknown or made-up code', async () => {
    await expectError(await exchange(server, 'pis_code_made_up'), 400, 'invalid_grant');
    await expectError(await exchange(server, 'anything'), 400, 'invalid_grant');
  });

  it('refuses a redirect_uri different from the authorization request, and uses the code up', async () => {
    const code = await newCode();
    await expectError(await exchange(server, code, { redirect_uri: 'http://127.0.0.1:5678/rest/oauth2-credential/callback' }), 400, 'invalid_grant');
    await expectError(await exchange(server, code), 400, 'invalid_grant');
  });

  it("refuses another client's code without using it up", async () => {
    const code = await newCode();
    const stolen = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: server.demo.oauthClient.redirectUri,
      client_id: other.clientId,
      client_secret: other.clientSecret,
    });
    await expectError(stolen, 400, 'invalid_grant');
    expect((await exchange(server, code)).status).toBe(200);
  });
});

describe('PKCE (RFC 7636, S256)', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk-and-some-more';

  it('exchanges a code with the right verifier', async () => {
    const code = await newCode({ codeChallenge: s256(verifier) });
    expect((await exchange(server, code, { code_verifier: verifier })).status).toBe(200);
  });

  it('refuses a wrong verifier, and the code is used up even for the right one afterwards', async () => {
    const code = await newCode({ codeChallenge: s256(verifier) });
    await expectError(await exchange(server, code, { code_verifier: `${verifier}x` }), 400, 'invalid_grant');
    await expectError(await exchange(server, code, { code_verifier: verifier }), 400, 'invalid_grant');
  });

  it('refuses a missing verifier when the request had a challenge', async () => {
    const code = await newCode({ codeChallenge: s256(verifier) });
    await expectError(await exchange(server, code), 400, 'invalid_grant');
  });

  it('refuses a verifier when the request had no challenge (downgrade)', async () => {
    const code = await newCode();
    await expectError(await exchange(server, code, { code_verifier: verifier }), 400, 'invalid_grant');
  });
});

describe('refresh', () => {
  it('narrows scope on request and never widens it', async () => {
    const tokens = await tokensOf(await exchange(server, await newCode({ scope: 'basic profile' })));
    await expectError(await refresh(server, tokens.refresh_token, { scope: 'basic all' }), 400, 'invalid_scope');
    const narrowed = await tokensOf(await refresh(server, tokens.refresh_token, { scope: 'basic' }));
    expect(narrowed.scope).toBe('basic');
    // The grant keeps what the user consented to: a later refresh may return to it, not beyond.
    const back = await tokensOf(await refresh(server, narrowed.refresh_token));
    expect(back.scope).toBe('basic profile');
  });

  it('refuses an unknown scope name', async () => {
    const tokens = await tokensOf(await exchange(server, await newCode()));
    await expectError(await refresh(server, tokens.refresh_token, { scope: 'admin' }), 400, 'invalid_scope');
  });

  it("refuses another client's refresh token", async () => {
    const tokens = await tokensOf(await exchange(server, await newCode()));
    const response = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: other.clientId, client_secret: other.clientSecret });
    await expectError(response, 400, 'invalid_grant');
    expect((await refresh(server, tokens.refresh_token)).status).toBe(200);
  });

  it('refuses a made-up refresh token', async () => {
    await expectError(await refresh(server, 'pis_rt_made_up'), 400, 'invalid_grant');
  });

  it('returns the same successor to concurrent refreshes of one token', async () => {
    const tokens = await tokensOf(await exchange(server, await newCode()));
    const results = await Promise.all([refresh(server, tokens.refresh_token), refresh(server, tokens.refresh_token), refresh(server, tokens.refresh_token)]);
    const bodies = await Promise.all(results.map(tokensOf));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((b) => b.refresh_token)).size).toBe(1);
    expect((await graphql(server, bodies[0]!.access_token, '{ __typename }')).status).toBe(200);
  });
});

describe('revocation (RFC 7009)', () => {
  const revoke = (token: string, auth = demoClientAuth(server), hint?: string) =>
    fetch(`${server.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, ...auth, ...(hint ? { token_type_hint: hint } : {}) }),
    });

  it('answers 200 for an unknown token and for one already revoked', async () => {
    expect((await revoke('pis_rt_unknown')).status).toBe(200);
    expect((await revoke('whatever')).status).toBe(200);
    const tokens = await tokensOf(await exchange(server, await newCode()));
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
  });

  it('revokes an access token alone, whatever the hint says', async () => {
    const tokens = await tokensOf(await exchange(server, await newCode()));
    expect((await revoke(tokens.access_token, demoClientAuth(server), 'refresh_token')).status).toBe(200);
    expect((await graphql(server, tokens.access_token, '{ __typename }')).status).toBe(401);
    const renewed = await tokensOf(await refresh(server, tokens.refresh_token));
    expect((await graphql(server, renewed.access_token, '{ __typename }')).status).toBe(200);
  });

  it("does not let a client revoke another client's tokens", async () => {
    const tokens = await tokensOf(await exchange(server, await newCode()));
    const auth = { client_id: other.clientId, client_secret: other.clientSecret };
    expect((await revoke(tokens.refresh_token, auth)).status).toBe(200);
    expect((await revoke(tokens.access_token, auth)).status).toBe(200);
    expect((await graphql(server, tokens.access_token, '{ __typename }')).status).toBe(200);
    expect((await refresh(server, tokens.refresh_token)).status).toBe(200);
  });

  it('requires client authentication and a token', async () => {
    const response = await fetch(`${server.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'x' }),
    });
    await expectError(response, 401, 'invalid_client');
    const missing = await fetch(`${server.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(demoClientAuth(server)),
    });
    await expectError(missing, 400, 'invalid_request');
  });
});

describe('at rest', () => {
  it('keeps no code, refresh token or session in the store', async () => {
    const b = new Browser(server.url);
    const code = (await consent(server, b)).searchParams.get('code') as string;
    const tokens = await tokensOf(await exchange(server, code));
    const rotated = await tokensOf(await refresh(server, tokens.refresh_token));
    // Every record as stored (a database's rows, a folder's memory), and every file of the folder
    // (its journal holds every write since start).
    const texts: string[] = [];
    for (const collection of await server.ctx.db.collections()) {
      for (const scope of await server.ctx.db.scopes(collection)) texts.push(`${collection}/${scope} ${JSON.stringify(await server.ctx.db.all(collection, scope))}`);
    }
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) await walk(join(dir, entry.name));
        else texts.push(await readFile(join(dir, entry.name), 'utf8'));
      }
    };
    await walk(server.dataDir);
    const everything = texts.join('\n');
    for (const secret of [code, tokens.refresh_token, rotated.refresh_token, rotated.access_token, b.cookies.get('pis_session') as string]) {
      expect(everything).not.toContain(secret);
    }
    // The records are there, under their hashes.
    expect(everything).toContain(`oauth_refresh_tokens/`);
    expect(everything).toContain(server.ctx.keyring.hash(rotated.refresh_token));
  });
});
