import { afterAll, beforeAll, expect } from 'vitest';
import { issueCredential } from '../src/tenancy/credentials.js';
import { createOrganization } from '../src/tenancy/organizations.js';
import { DEFAULT_PARTNER_OPERATIONS } from '../src/graphql/allowlist.js';
import { consent, graphql, startTestServer, type TestServer, tokenRequest, type TokenBody } from './index.js';
import { Browser } from './browser.js';

export type Json = Record<string, unknown>;
export interface GraphqlBody {
  data?: Json | null;
  errors?: { message: string; extensions?: { code?: string; fields?: { field: string; message: string }[] } & Json }[];
}
export interface Created {
  existing: boolean;
  submission: { id: string; jobId: string; recordId: string; profileId: string; status: string; source: string | null; fields: Json; filters: unknown[]; createdAt: string };
}

export const CREATE = `mutation createSubmissionMutation($input: CreateSubmissionInput!) {
  createSubmission(input: $input) { existing submission { id jobId recordId profileId status source fields filters createdAt } }
}`;
export const codes = (body: GraphqlBody) => body.errors?.map((e) => e.extensions?.code);
export const fieldsNamed = (body: GraphqlBody) => body.errors?.[0]?.extensions?.fields?.map((f) => f.field);

/**
 * A test file's server for the partner GraphQL API, with a second organisation's partner
 * credential and automation key, and the calls a partner makes: GraphQL with a token, the
 * Automation API beside it, an OAuth access token from the real sign-in flow, a create.
 */
export function graphqlFixture() {
  const state = {} as { server: TestServer; browser: Browser; otherPartner: string; otherAutomationKey: string };
  let n = 0;
  beforeAll(async () => {
    state.server = await startTestServer();
    state.browser = new Browser(state.server.url);
    const other = await createOrganization(state.server.ctx, 'Other Capital');
    state.otherPartner = (await issueCredential(state.server.ctx, { kind: 'partner_credential', orgId: other.id, allowedOperations: DEFAULT_PARTNER_OPERATIONS })).secret;
    state.otherAutomationKey = (await issueCredential(state.server.ctx, { kind: 'automation_key', orgId: other.id })).secret;
  });
  afterAll(() => state.server.dispose());

  const run = async (token: string, query: string, variables?: Json): Promise<GraphqlBody> => {
    const response = await graphql(state.server, token, query, variables);
    expect(response.status).toBe(200);
    return (await response.json()) as GraphqlBody;
  };
  return {
    get server() {
      return state.server;
    },
    get browser() {
      return state.browser;
    },
    get otherPartner() {
      return state.otherPartner;
    },
    get otherAutomationKey() {
      return state.otherAutomationKey;
    },
    partner: () => state.server.demo.partnerCredential,
    nextRecord: () => `gql-rec-${(n += 1)}`,
    run,
    async rest(path: string, init: { method?: string; json?: unknown; key?: string; base?: string } = {}): Promise<{ status: number; body: Json }> {
      const response = await fetch(`${state.server.url}${init.base ?? '/api/automation'}${path}`, {
        method: init.method ?? 'GET',
        headers: { 'x-api-key': init.key ?? state.server.demo.automationKey, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
    },
    async oauthToken(scope: string): Promise<string> {
      const { server } = state;
      const location = await consent(server, state.browser, { scope });
      const response = await tokenRequest(server, {
        grant_type: 'authorization_code',
        code: location.searchParams.get('code') as string,
        redirect_uri: server.demo.oauthClient.redirectUri,
        client_id: server.demo.oauthClient.clientId,
        client_secret: server.demo.oauthClient.clientSecret,
      });
      return ((await response.json()) as TokenBody).access_token;
    },
    async create(input: Json, token = state.server.demo.partnerCredential): Promise<Created> {
      const body = await run(token, CREATE, { input });
      expect(body.errors).toBeUndefined();
      return (body.data as { createSubmission: Created }).createSubmission;
    },
  };
}
