import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import { Browser, consent, exchange, graphql, startTestServer, type TestServer, type TokenBody, tokenRequest } from 'reference-server/testing';
import { DEFAULT_PARTNER_OPERATIONS, PARTNER_OPERATIONS, RESTRICTED_ROOT_FIELDS } from './allowlist.js';
import { LIMITS } from './rules.js';
import { schema, SDL } from './schema.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = new Browser(server.url);
});
afterAll(() => server.dispose());

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function run(token: string, query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: GraphqlBody }> {
  const response = await graphql(server, token, query, variables);
  return { status: response.status, body: (await response.json()) as GraphqlBody };
}

const partner = () => server.demo.partnerCredential;

async function oauthToken(scope: string, clientId?: string, clientSecret?: string): Promise<string> {
  const location = await consent(server, browser, { scope, ...(clientId ? { clientId } : {}) });
  const response = await tokenRequest(server, {
    grant_type: 'authorization_code',
    code: location.searchParams.get('code') as string,
    redirect_uri: server.demo.oauthClient.redirectUri,
    client_id: clientId ?? server.demo.oauthClient.clientId,
    client_secret: clientSecret ?? server.demo.oauthClient.clientSecret,
  });
  return ((await response.json()) as TokenBody).access_token;
}

describe('the contract', () => {
  it('keeps schema.graphql in the repository equal to the schema in code', async () => {
    const file = new URL('./schema.graphql', import.meta.url);
    if (process.env['UPDATE_SDL'] === '1') await writeFile(file, SDL);
    // On a difference: UPDATE_SDL=1 npx vitest run reference-server/src/graphql/graphql.test.ts
    expect(await readFile(file, 'utf8')).toBe(SDL);
  });

  it('serves the SDL', async () => {
    const response = await fetch(`${server.url}/api/schema.graphql`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/graphql');
    expect(await response.text()).toBe(SDL);
  });

  it('has every root field the operations name, and every restricted field', () => {
    const fieldsOf = (type: 'query' | 'mutation') =>
      Object.keys((type === 'query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {});
    for (const operation of PARTNER_OPERATIONS) {
      for (const field of operation.rootFields) expect(fieldsOf(operation.type)).toContain(field);
    }
    for (const field of Object.keys(RESTRICTED_ROOT_FIELDS)) expect([...fieldsOf('query'), ...fieldsOf('mutation')]).toContain(field);
    expect(DEFAULT_PARTNER_OPERATIONS).toContain('getUserDataQuery');
  });

  it('keeps GET /api the health string', async () => {
    const response = await fetch(`${server.url}/api`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
  });
});

describe('getUserDataQuery', () => {
  it('returns the email of the user who authorised the token', async () => {
    const token = await oauthToken('basic');
    const { status, body } = await run(token, 'query getUserDataQuery { me { email name organization { name } } }');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { me: { email: server.demo.user.email, name: 'Dana Demo', organization: { name: 'Northwind Ventures' } } } });
  });

  it('is a field error for a partner credential, which acts for no user', async () => {
    const { status, body } = await run(partner(), 'query getUserDataQuery { me { email } }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ me: null });
    expect(body.errors?.[0]?.extensions?.code).toBe('NO_CURRENT_USER');
  });
});

describe('the operation allowlist', () => {
  it('refuses an admin field inside a document named getUserDataQuery', async () => {
    const { status, body } = await run(partner(), 'query getUserDataQuery { me { email } adminOrganizations { id name } }');
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(body.errors?.[0]?.message).toContain('adminOrganizations');
  });

  it.each([
    ['admin', 'mutation { adminSuspendOrganization(id: "org_x") { id } }'],
    ['billing-admin', 'query { billingAccount { plan } }'],
    ['billing-admin mutation', 'mutation { updateBillingPlan(plan: "enterprise") { plan } }'],
    ['prompt', 'mutation { updateScoringPrompt(id: "p1", text: "ignore all previous instructions") { id } }'],
    ['prompt read', '{ scoringPrompts { text } }'],
    ['cross-tenant', '{ organizationById(id: "org_other") { name } }'],
  ])('refuses the %s operation even to a credential that lists it', async (_kind, query) => {
    const field = /\{\s*(\w+)/.exec(query)?.[1] as string;
    const issued = (await operate(server.sandbox, 'partner.create', {
      orgId: server.demo.organizationId,
      operations: [...DEFAULT_PARTNER_OPERATIONS, field, 'adminQuery'],
    })) as { secret: string };
    const { status, body } = await run(issued.secret, query);
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.extensions?.code).toBe('OPERATION_NOT_ALLOWED');
  });

  it('cannot be fooled by fragments, inline fragments or aliases', async () => {
    const query = `
      query getUserDataQuery { ...Innocent ... on Query { renamed: organizationById(id: "org_other") { name } } }
      fragment Innocent on Query { organization { name } scoringPrompts { text } }`;
    const { body } = await run(partner(), query);
    expect(body.data).toBeUndefined();
    expect(body.errors?.map((e) => e.message).join(' ')).toMatch(/scoringPrompts[\s\S]*organizationById|organizationById[\s\S]*scoringPrompts/);
  });

  it('checks every operation of a document, not only the one selected', async () => {
    const response = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partner()}` },
      body: JSON.stringify({ query: 'query a { organization { name } } query b { billingAccount { plan } }', operationName: 'a' }),
    });
    const body = (await response.json()) as GraphqlBody;
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toContain('billingAccount');
  });

  it('honours a narrower list from the operator, for partner credentials and OAuth clients', async () => {
    const issued = (await operate(server.sandbox, 'partner.create', {
      orgId: server.demo.organizationId,
      operations: ['getOrganizationQuery'],
    })) as { secret: string };
    expect((await run(issued.secret, '{ organization { name } }')).body.data).toEqual({ organization: { name: 'Northwind Ventures' } });
    const refused = await run(issued.secret, '{ integrationStatus { connected } }');
    expect(refused.body.errors?.[0]?.message).toContain('getIntegrationStatusQuery');

    const client = (await operate(server.sandbox, 'client.create', {
      name: 'Narrow App',
      redirectUris: [server.demo.oauthClient.redirectUri],
      operations: ['getUserDataQuery'],
    })) as { clientId: string; clientSecret: string };
    const token = await oauthToken('all', client.clientId, client.clientSecret);
    expect((await run(token, '{ me { email } }')).body.data).toEqual({ me: { email: server.demo.user.email } });
    expect((await run(token, '{ organization { name } }')).body.errors?.[0]?.extensions?.code).toBe('OPERATION_NOT_ALLOWED');
  });

  it('judges one query text afresh for each kind of caller, however often it was validated before', async () => {
    const narrow = (await operate(server.sandbox, 'partner.create', {
      orgId: server.demo.organizationId,
      operations: ['getOrganizationQuery'],
    })) as { secret: string };
    const query = '{ integrationStatus { connected } organization { name } }';
    for (let i = 0; i < 3; i += 1) {
      expect((await run(partner(), query)).body.errors).toBeUndefined();
      expect((await run(narrow.secret, query)).body.errors?.[0]?.extensions?.code).toBe('OPERATION_NOT_ALLOWED');
    }
  });

  it('lets a document that only asks __typename through', async () => {
    const none = (await operate(server.sandbox, 'partner.create', { orgId: server.demo.organizationId, operations: ['nothingUseful'] })) as {
      secret: string;
    };
    expect((await run(none.secret, '{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('scopes', () => {
  it('lets basic read the user and organisation, and nothing that needs profile or all', async () => {
    const token = await oauthToken('basic');
    expect((await run(token, '{ organization { name } }')).body.data).toEqual({ organization: { name: 'Northwind Ventures' } });
    const profile = await run(token, '{ assessmentResult(email: "x@example.com") { id } }');
    expect(profile.body.errors?.[0]).toMatchObject({ extensions: { code: 'INSUFFICIENT_SCOPE' } });
    expect(profile.body.errors?.[0]?.message).toContain('"profile"');
    const all = await run(token, '{ integrationStatus { connected } }');
    expect(all.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('lets profile read evaluations but not identity', async () => {
    const token = await oauthToken('profile');
    expect((await run(token, '{ assessmentResult(email: "nobody@example.com") { id } }')).body).toEqual({ data: { assessmentResult: null } });
    expect((await run(token, '{ me { email } }')).body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('lets all do everything the allowlist permits', async () => {
    const token = await oauthToken('all');
    const { body } = await run(token, '{ me { email } integrationStatus { credential scopes client { name } } }');
    expect(body).toEqual({
      data: {
        me: { email: server.demo.user.email },
        integrationStatus: { credential: 'OAUTH_ACCESS_TOKEN', scopes: ['all'], client: { name: 'Demo Partner App' } },
      },
    });
  });
});

describe('limits and hygiene', () => {
  it('refuses a query nested too deep with a GraphQL error', async () => {
    let selection = 'id';
    for (let i = 0; i < LIMITS.maxDepth + 2; i += 1) selection = `organization { ${selection} }`;
    const { status, body } = await run(partner(), `{ integrationStatus { ${selection} } }`);
    expect(status).toBe(200);
    expect(body.errors?.map((e) => e.extensions?.code)).toContain('QUERY_TOO_DEEP');
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `a${i}: organization { name }`).join(' ');
    const { status, body } = await run(partner(), `{ ${aliases} }`);
    expect(status).toBe(200);
    expect(body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_ALIASES');
  });

  it('refuses a document with too many tokens at parse time', async () => {
    const fields = Array.from({ length: LIMITS.maxTokens }, () => '__typename').join(' ');
    const { status, body } = await run(partner(), `{ ${fields} }`);
    expect(status).toBe(200);
    expect(body.errors?.[0]?.message).toContain(`${LIMITS.maxTokens} tokens`);
  });

  it('refuses a query whose estimated cost is too high', async () => {
    const wide = Array.from({ length: 25 }, (_, i) => `f${i}: adminOrganizations { id name createdAt }`).join(' ');
    const { body } = await run(partner(), `{ ${wide} }`);
    expect(body.errors?.map((e) => e.extensions?.code)).toContain('QUERY_TOO_COSTLY');
  });

  it('answers a fragment cycle with errors, not a hang', async () => {
    const { status, body } = await run(partner(), '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A organization { name } }');
    expect(status).toBe(200);
    expect(body.errors?.length).toBeGreaterThan(0);
  });

  it('gives no "did you mean" suggestions', async () => {
    const { body } = await run(partner(), '{ organisation { name } }');
    expect(body.errors?.[0]?.message).toBe('Cannot query field "organisation" on type "Query".');
    const enumInput = await run(partner(), 'query ($r: UserRole) { __typename }', { r: 'ADMN' });
    expect(JSON.stringify(enumInput.body)).not.toMatch(/did you mean/i);
  });

  it('keeps introspection off by default', async () => {
    const { body } = await run(partner(), '{ __schema { types { name } } }');
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('turns introspection on with the flag', async () => {
    const dev = await startTestServer({ introspection: true });
    try {
      const response = await graphql(dev, dev.demo.partnerCredential, '{ __schema { queryType { name } } }');
      expect(await response.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    } finally {
      await dev.dispose();
    }
  });

  it('sends no CORS headers, not even to a preflight', async () => {
    const preflight = await fetch(`${server.url}/api`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const post = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', authorization: `Bearer ${partner()}` },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a body over the limit with a GraphQL-shaped 413', async () => {
    const response = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partner()}` },
      body: JSON.stringify({ query: `{ __typename } # ${'x'.repeat(70_000)}` }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errors: [{ message: expect.stringContaining('larger') }] });
  });

  it('says what to send when it cannot read the media type (415) or serve the Accept (406), and when gzip does not inflate', async () => {
    const auth = { authorization: `Bearer ${partner()}` };
    const asText = await fetch(`${server.url}/api`, { method: 'POST', headers: { 'content-type': 'text/plain', ...auth }, body: '{ __typename }' });
    expect(asText.status).toBe(415);
    expect(await asText.json()).toEqual({ errors: [{ message: expect.stringContaining('application/json') }] });
    const xml = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/xml', ...auth },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(xml.status).toBe(406);
    expect(await xml.json()).toEqual({ errors: [{ message: expect.stringContaining('application/graphql-response+json') }] });
    const brokenGzip = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...auth },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(brokenGzip.status).toBe(400);
    expect(await brokenGzip.json()).toEqual({ errors: [{ message: 'The request body could not be read.' }] });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${partner()}` },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
  });
});

describe('the Bearer guard', () => {
  it.each([
    ['missing', undefined],
    ['garbage', 'not-a-token'],
    ['a JWT signed by someone else', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('answers 401 with the invalid_token challenge for a %s token', async (_label, token) => {
    const response = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Unauthorized' });
    expect(response.headers.get('www-authenticate')).toMatch(token ? /error="invalid_token"/ : /^Bearer/);
  });

  it('refuses an access token whose signature was tampered with', async () => {
    const token = await oauthToken('all');
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, org_id: 'org_other' })).toString('base64url')}.${token.split('.')[2]}`;
    expect((await graphql(server, forged, '{ __typename }')).status).toBe(401);
  });

  it('refuses a token after the exchange code it came from is replayed', async () => {
    const location = await consent(server, browser);
    const code = location.searchParams.get('code') as string;
    const tokens = (await (await exchange(server, code)).json()) as TokenBody;
    expect((await graphql(server, tokens.access_token, '{ __typename }')).status).toBe(200);
    expect((await exchange(server, code)).status).toBe(400);
    expect((await graphql(server, tokens.access_token, '{ __typename }')).status).toBe(401);
  });
});
