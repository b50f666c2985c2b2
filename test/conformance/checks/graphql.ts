import { ensure, ensureEqual, ensureNoStackTrace, ensureStatus, field, isObject, jsonObject, okJson } from '../assert.js';
import { validSubmission } from './assessment.js';
import { FLOW, freshTokens, signedInTokens } from '../oauth-flow.js';
import type { Check, CheckContext } from '../runner.js';

export const USER_QUERY = 'query getUserDataQuery { me { email } }';

export function graphql(t: CheckContext, token: string, query: string, variables?: Record<string, unknown>) {
  return t.http.post('/api', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    json: { query, ...(variables ? { variables } : {}), ...(/^\s*query (\w+)/.exec(query)?.[1] ? { operationName: /^\s*query (\w+)/.exec(query)?.[1] } : {}) },
  });
}

/** Restricted operations the spec names (admin, billing admin, prompts, other tenants' data), as the reference schema spells them. */
const RESTRICTED = [
  ['admin', 'query adminList { adminOrganizations { id name } }'],
  ['other tenants', 'query otherTenant { organizationById(id: "org_someone_else") { id name } }'],
  ['billing admin', 'query billing { billingAccount { plan } }'],
  ['prompts', 'query prompts { scoringPrompts { id text } }'],
  ['admin mutation', 'mutation suspend { adminSuspendOrganization(id: "org_someone_else") { id } }'],
] as const;

export const graphqlChecks: Check[] = [
  {
    id: 'graphql.oauth.get-user-data',
    clause: 'Resources · GraphQL user data; Authentication step 6',
    title: 'getUserDataQuery with an OAuth access token returns the signed-in user\'s email',
    needs: FLOW,
    async run(t) {
      const tokens = await signedInTokens(t);
      const body = okJson(await graphql(t, tokens.access_token, USER_QUERY));
      ensure(!body.errors, `errors: ${JSON.stringify(body.errors)}`);
      const me = isObject(body.data) && isObject(body.data.me) ? body.data.me : undefined;
      ensure(me, 'data.me is missing');
      ensureEqual(String(field(me, 'email', 'string')).toLowerCase(), t.cred('userEmail').toLowerCase(), 'data.me.email');
    },
  },
  {
    id: 'graphql.partner.accepted',
    clause: 'Endpoints · GraphQL (partner credential as Bearer)',
    title: 'a partner credential is accepted as a Bearer token and gets a GraphQL result',
    needs: ['partnerCredential'],
    async run(t) {
      const body = okJson(await graphql(t, t.cred('partnerCredential'), USER_QUERY));
      ensure('data' in body || Array.isArray(body.errors), 'neither data nor errors in the result');
    },
  },
  {
    id: 'graphql.field-errors',
    clause: 'Errors · GraphQL 200 (errors[])',
    title: 'a query the schema cannot answer gets HTTP 200 with errors[]',
    needs: ['partnerCredential'],
    async run(t) {
      const reply = await graphql(t, t.cred('partnerCredential'), 'query getUserDataQuery { me { noSuchField } }');
      ensureStatus(reply, 200);
      const errors = jsonObject(reply).errors;
      ensure(Array.isArray(errors) && errors.length > 0, 'no errors[] in the result');
      ensure(errors.every((e) => isObject(e) && typeof e.message === 'string'), 'an error without a message');
      ensureNoStackTrace(reply);
    },
  },
  ...RESTRICTED.map(([what, query]): Check => ({
    id: `graphql.allowlist.${what.replace(/\s+/g, '-')}`,
    clause: 'Endpoints · GraphQL (allowlist: admin, billing-admin, prompt, other tenants)',
    title: `a ${what} operation is refused to a partner`,
    needs: ['partnerCredential'],
    async run(t) {
      const reply = await graphql(t, t.cred('partnerCredential'), query);
      ensure(reply.status === 200 || (reply.status >= 400 && reply.status < 500), `expected 200 with errors or a 4xx, got ${reply.status}`);
      const body = jsonObject(reply);
      ensure(Array.isArray(body.errors) && body.errors.length > 0, 'the operation ran without an error');
      const data = body.data;
      ensure(data === undefined || data === null || (isObject(data) && Object.values(data).every((v) => v === null)), `data came back: ${JSON.stringify(data)}`);
    },
  })),
  {
    id: 'graphql.allowlist.masquerade',
    clause: 'Endpoints · GraphQL (allowlist: admin, billing-admin, prompt, other tenants)',
    title: 'a restricted field is refused even inside a document named getUserDataQuery, or aliased as me',
    needs: ['partnerCredential'],
    async run(t) {
      for (const query of ['query getUserDataQuery { adminOrganizations { id name } }', 'query getUserDataQuery { me: adminOrganizations { id name } }']) {
        const reply = await graphql(t, t.cred('partnerCredential'), query);
        const body = jsonObject(reply);
        const data = body.data;
        const leaked = isObject(data) && Object.values(data).some((v) => v !== null && v !== undefined);
        ensure(!leaked && Array.isArray(body.errors) && body.errors.length > 0, `"${query}" ran: the allowlist must go by the fields a document selects, not by its name (Endpoints · GraphQL allowlist)`);
      }
    },
  },
  {
    id: 'graphql.cors.refused',
    clause: 'Endpoints · GraphQL ("browser calls from arbitrary origins are not supported")',
    title: 'neither a CORS preflight nor a call to /api from another origin (foreign, null, or a look-alike of the deployment) is allowed by Access-Control-Allow-Origin',
    needs: ['partnerCredential'],
    async run(t) {
      const base = new URL(t.baseUrl);
      const origins = ['https://evil.example', 'null', `${base.protocol}//${base.hostname}.evil.example${base.port ? `:${base.port}` : ''}`];
      const clause = 'the spec: browser calls from arbitrary origins are not supported';
      for (const origin of origins) {
        const preflight = await t.http.request('OPTIONS', '/api', {
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
        });
        const call = await t.http.post('/api', { headers: { origin, authorization: `Bearer ${t.cred('partnerCredential')}`, accept: 'application/json' }, json: { query: USER_QUERY } });
        for (const [what, reply] of [['the preflight', preflight], ['the call', call]] as const) {
          const allowed = reply.headers.get('access-control-allow-origin');
          ensure(allowed !== '*' && allowed !== origin, `${what} from Origin ${origin} was answered Access-Control-Allow-Origin: ${allowed} (${clause})`);
          const credentials = reply.headers.get('access-control-allow-credentials');
          ensure(!(credentials === 'true' && allowed), `${what} from Origin ${origin} allows credentials for ${allowed} (${clause})`);
        }
      }
    },
  },
  {
    id: 'graphql.partner.organization',
    clause: 'docs/graphql.md · getOrganizationQuery',
    title: 'getOrganizationQuery with a partner credential returns the organisation',
    needs: ['partnerCredential'],
    async run(t) {
      const body = okJson(await graphql(t, t.cred('partnerCredential'), 'query getOrganizationQuery { organization { id name } }'));
      ensure(!body.errors, `errors: ${JSON.stringify(body.errors)}`);
      const organization = isObject(body.data) && isObject(body.data.organization) ? body.data.organization : undefined;
      ensure(organization, 'data.organization is missing');
      field(organization, 'id', 'string');
      field(organization, 'name', 'string');
    },
  },
  {
    id: 'graphql.partner.assessment-result',
    clause: 'Endpoints · GraphQL (read scores); docs/graphql.md · getAssessmentResultQuery',
    title: 'a result submitted on /api/v1 is readable through GraphQL, with the same revision after a replacement',
    needs: ['partnerCredential', 'developerKey'],
    async run(t) {
      const email = `${t.unique('gql-')}@conformance.example`;
      for (const salt of [0, 1]) {
        const submitted = await t.http.post('/api/v1/assessment/submit', { headers: { 'x-api-key': t.cred('developerKey') }, json: validSubmission(email, salt) });
        ensureStatus(submitted, 200);
      }
      const body = okJson(await graphql(t, t.cred('partnerCredential'), 'query getAssessmentResultQuery($e: String!) { assessmentResult(email: $e) { id email revision } }', { e: email.toUpperCase() }));
      ensure(!body.errors, `errors: ${JSON.stringify(body.errors)}`);
      const result = isObject(body.data) && isObject(body.data.assessmentResult) ? body.data.assessmentResult : undefined;
      ensure(result, 'data.assessmentResult is null for a stored result');
      ensureEqual(String(result.email).toLowerCase(), email, 'email');
      ensureEqual(result.revision, 2, 'revision after one replacement');
    },
  },
  {
    id: 'graphql.oauth.scope-enforced',
    clause: 'docs/graphql.md · Partner operations (scope needed); Resources · OAuth client (scopes)',
    title: 'a token granted only `basic` runs getUserDataQuery but is refused getAssessmentResultQuery',
    needs: FLOW,
    async run(t) {
      const tokens = await freshTokens(t, { scope: 'basic' });
      ensureEqual(tokens.scope, 'basic', 'granted scope');
      const me = jsonObject(await graphql(t, tokens.access_token, USER_QUERY));
      ensure(!me.errors, `getUserDataQuery with basic: ${JSON.stringify(me.errors)}`);
      const reply = await graphql(t, tokens.access_token, 'query getAssessmentResultQuery { assessmentResult(email: "a@b.example") { id } }');
      ensureStatus(reply, 200);
      const errors = jsonObject(reply).errors;
      ensure(Array.isArray(errors) && errors.some((e) => isObject(e) && isObject(e.extensions) && e.extensions.code === 'INSUFFICIENT_SCOPE'), `expected INSUFFICIENT_SCOPE, got ${JSON.stringify(errors)}`);
    },
  },
  {
    id: 'graphql.401-challenge',
    clause: 'docs/graphql.md · 401; RFC 6750 §3',
    title: 'a refused Bearer token gets 401 with WWW-Authenticate: Bearer … error="invalid_token"',
    async run(t) {
      const reply = await graphql(t, t.unique('forged-'), USER_QUERY);
      ensureStatus(reply, 401);
      const challenge = reply.headers.get('www-authenticate') ?? '';
      ensure(/^Bearer\b/i.test(challenge) && /error="invalid_token"/.test(challenge), `WWW-Authenticate is "${challenge}"`);
    },
  },
  {
    id: 'graphql.limits.body',
    clause: 'docs/graphql.md · Limits (request body 64 KB)',
    title: 'a body over the limit is refused with 413 and errors[], not parsed',
    needs: ['partnerCredential'],
    async run(t) {
      const reply = await graphql(t, t.cred('partnerCredential'), `${USER_QUERY} # ${'x'.repeat(70_000)}`);
      ensureStatus(reply, 413);
      const errors = jsonObject(reply).errors;
      ensure(Array.isArray(errors) && errors.length > 0, 'no errors[] in the 413 body');
    },
  },
  {
    id: 'graphql.oauth.revoked-token',
    clause: 'Authentication step 7 (revoke on logout); Errors · GraphQL 401',
    title: 'after revocation the access token is refused with 401',
    needs: FLOW,
    async run(t) {
      const tokens = await freshTokens(t);
      ensureStatus(await graphql(t, tokens.access_token, USER_QUERY), 200);
      const revoked = await t.http.post('/api/oauth/revoke', {
        json: { token: tokens.access_token, token_type_hint: 'access_token', client_id: t.cred('oauthClientId'), client_secret: t.cred('oauthClientSecret') },
      });
      ensureStatus(revoked, 200);
      ensureStatus(await graphql(t, tokens.access_token, USER_QUERY), 401);
    },
  },
];
