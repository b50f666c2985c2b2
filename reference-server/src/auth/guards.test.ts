import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from 'reference-server/testing';

/**
 * Credential separation: each surface accepts its own credential and refuses every other one
 * with its own 401 body.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

type Surface = 'assessment' | 'automation' | 'graphql';
type CredentialName = 'developerKey' | 'automationKey' | 'partnerCredential' | 'clientSecret';

function call(surface: Surface, credential: string | undefined): Promise<Response> {
  const apiKey = credential ? { 'x-api-key': credential } : undefined;
  switch (surface) {
    case 'assessment':
      return fetch(`${server.url}/api/v1/assessment/questions`, { headers: { ...apiKey } });
    case 'automation':
      return fetch(`${server.url}/api/automation/me`, { headers: { ...apiKey } });
    case 'graphql':
      return fetch(`${server.url}/api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
        body: JSON.stringify({ query: 'query getUserDataQuery { __typename }' }),
      });
  }
}

const OWN: Record<Surface, CredentialName> = {
  assessment: 'developerKey',
  automation: 'automationKey',
  graphql: 'partnerCredential',
};

function secret(name: CredentialName): string {
  return name === 'clientSecret' ? server.demo.oauthClient.clientSecret : server.demo[name];
}

describe.each(Object.keys(OWN) as Surface[])('the %s guard', (surface) => {
  it('lets its own credential through', async () => {
    const response = await call(surface, secret(OWN[surface]));
    expect(response.status).not.toBe(401);
  });

  const others = (['developerKey', 'automationKey', 'partnerCredential', 'clientSecret'] as CredentialName[]).filter(
    (name) => name !== OWN[surface],
  );
  it.each(others)('refuses the %s with its own 401 body', async (name) => {
    const response = await call(surface, secret(name));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
  });

  it('refuses a request without a credential', async () => {
    const response = await call(surface, undefined);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('Unauthorized');
  });

  it('refuses a forged credential with the right prefix', async () => {
    const own = secret(OWN[surface]);
    const forged = own.slice(0, -4) + (own.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call(surface, forged)).status).toBe(401);
  });
});

describe('the GraphQL challenge (RFC 6750 §3.1)', () => {
  it('is bare without a token and names invalid_token for a bad one', async () => {
    const missing = await call('graphql', undefined);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="partner-api"');
    const bad = await call('graphql', 'not-a-token');
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('revocation', () => {
  it('refuses a revoked automation key at once', async () => {
    const { operate } = await import('../cli.js');
    const issued = (await operate(server.sandbox, 'key.create', { orgId: server.demo.organizationId, kind: 'automation' })) as {
      secret: string;
      credential: { keyId: string };
    };
    expect((await call('automation', issued.secret)).status).toBe(200);
    await operate(server.sandbox, 'key.revoke', { keyId: issued.credential.keyId });
    expect((await call('automation', issued.secret)).status).toBe(401);
  });
});
