import type { Credentials } from '../conformance/credentials.js';
import { validSubmission } from '../conformance/checks/assessment.js';

/**
 * How a surface answers a request it refuses (the documented 4xx bodies):
 * - `rest`: `{error: <HTTP reason phrase>, message}` (Assessment and Automation APIs, 404s);
 * - `oauth`: RFC 6749 `{error: <code>, error_description?}`;
 * - `graphql`: `{errors: [{message}]}`, or the REST body for a 401 from the Bearer guard;
 * - `page`: the sign-in pages: an HTML error page, or a redirect.
 */
export type ErrorStyle = 'rest' | 'oauth' | 'graphql' | 'page';

export type CredentialSlot = 'developerKey' | 'automationKey' | 'partnerBearer' | 'oauthClient' | 'none';

export interface FuzzEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  style: ErrorStyle;
  credential: CredentialSlot;
  /** Changes the store when accepted: a refused one must leave the store as it was. */
  write: boolean;
  body: 'json' | 'form' | 'none';
  /** A valid body (or query) to mutate: near-valid inputs reach the deepest validation. */
  seed?: (credentials: Credentials) => Record<string, unknown>;
  /** Fuzz the query string (GET lists and lookups). */
  query?: Record<string, string>;
  /**
   * Undoes an accepted request that configured an outbound delivery (a CRM target, a webhook),
   * so no background delivery writes to the store while later refused writes are being measured.
   */
  undo?: (baseUrl: string, credentials: Credentials, response: { status: number; body: string }) => Promise<void>;
  /**
   * Makes what the endpoint needs before it is fuzzed (a subscription whose attempts are listed):
   * the path to use, values worth trying per query key, and what removes it afterwards.
   */
  prepare?: (baseUrl: string, credentials: Credentials) => Promise<Prepared>;
  /** One more judgement of an answer, beyond its surface's error body (the field a 400 names). */
  check?: (request: { query: URLSearchParams; body: unknown }, response: { status: number; body: string }) => string | undefined;
}

export interface Prepared {
  path: string;
  queryValues?: Record<string, string[]>;
  cleanup(): Promise<void>;
}

const SUBMISSION = validSubmission('fuzz@fuzz.example');

const cursorOf = (list: string, after: unknown) => Buffer.from(JSON.stringify({ l: list, a: after }), 'utf8').toString('base64url');

/**
 * A subscription to list the attempts of, and every form a cursor takes: well formed for this list
 * but pointing at an attempt that never was (or was pruned), another list's, another
 * subscription's, not JSON, JSON of the wrong shape, empty, huge.
 */
async function attemptsList(baseUrl: string, c: Credentials): Promise<Prepared> {
  const created = await fetch(`${baseUrl}/api/automation/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': c.automationKey },
    body: JSON.stringify({ url: 'https://hooks.fuzz.example/attempts', events: ['submission.failed'], description: 'fuzz attempts' }),
  });
  const { id } = (await created.json()) as { id: string };
  const list = `attempts.${id}`;
  return {
    path: `/api/automation/webhooks/${id}/attempts`,
    queryValues: {
      cursor: [
        cursorOf(list, 'att_never_was'),
        cursorOf(list, ''),
        cursorOf(list, 42),
        cursorOf(list, null),
        cursorOf('attempts.wh_other', 'att_x'),
        cursorOf('submissions', 'sub_x'),
        Buffer.from('not json').toString('base64url'),
        Buffer.from('[1,2]').toString('base64url'),
        Buffer.from('"att_x"').toString('base64url'),
        '',
        '=',
        '%00',
        'x'.repeat(10_000),
        cursorOf(list, 'a'.repeat(5_000)),
      ],
      limit: ['1', '100', '101', '0', 'ten'],
    },
    cleanup: async () => void (await fetch(`${baseUrl}/api/automation/webhooks/${id}`, { method: 'DELETE', headers: { 'x-api-key': c.automationKey } })).arrayBuffer(),
  };
}

/** A refused cursor alone (no other parameter, no body) must be named: `cursor`, not a 500 or another field. */
function cursorNamed({ query, body }: { query: URLSearchParams; body: unknown }, response: { status: number; body: string }): string | undefined {
  const others = [...query.keys()].filter((k) => k !== 'cursor');
  if (response.status !== 400 || body !== undefined || query.getAll('cursor').length !== 1 || others.length > 0) return undefined;
  const fields = (JSON.parse(response.body) as { fields?: Array<{ field?: string }> }).fields ?? [];
  return fields.some((f) => f.field === 'cursor') ? undefined : `a refused cursor answered 400 without naming the field cursor: ${response.body.slice(0, 200)}`;
}

/** Deletes the subscription an accepted create made (its id is in the response). */
async function deleteCreated(collection: string, key: string, body: string): Promise<void> {
  const parsed = JSON.parse(body) as { id?: string; webhook?: { id?: string }; subscription?: { id?: string } };
  const id = parsed.id ?? parsed.webhook?.id ?? parsed.subscription?.id;
  if (id) await (await fetch(`${collection}/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { 'x-api-key': key } })).arrayBuffer();
}

export const ENDPOINTS: FuzzEndpoint[] = [
  { name: 'assessment submit', method: 'POST', path: '/api/v1/assessment/submit', style: 'rest', credential: 'developerKey', write: true, body: 'json', seed: () => ({ ...SUBMISSION, benchmark_tag_id: 'bt_fintech', q2: 'founder', q137: true }) },
  { name: 'assessment questions', method: 'GET', path: '/api/v1/assessment/questions', style: 'rest', credential: 'developerKey', write: false, body: 'none' },
  { name: 'assessment results', method: 'GET', path: '/api/v1/assessment/results', style: 'rest', credential: 'developerKey', write: false, body: 'none', query: { email: 'demo.candidate@example.com', result_id: 'res_x' } },
  { name: 'benchmark tags', method: 'GET', path: '/api/v1/benchmark-tags', style: 'rest', credential: 'developerKey', write: false, body: 'none', query: { page: '1', limit: '20' } },
  { name: 'crm-sync put', method: 'PUT', path: '/api/v1/crm-sync', style: 'rest', credential: 'developerKey', write: true, body: 'json', seed: () => ({ url: 'https://crm.fuzz.example/hook', auth_header: 'Authorization', auth_value: 'Bearer x' }),
    undo: async (baseUrl, c) => void (await fetch(`${baseUrl}/api/v1/crm-sync`, { method: 'DELETE', headers: { 'x-api-key': c.developerKey } })) },
  { name: 'crm-sync delete', method: 'DELETE', path: '/api/v1/crm-sync', style: 'rest', credential: 'developerKey', write: true, body: 'none' },
  { name: 'automation me', method: 'GET', path: '/api/automation/me', style: 'rest', credential: 'automationKey', write: false, body: 'none' },
  {
    name: 'automation submission create', method: 'POST', path: '/api/automation/submissions', style: 'rest', credential: 'automationKey', write: true, body: 'json',
    // No real profile id: an accepted submission would start background processing, whose store
    // writes would blur the journal comparison of the refused writes that follow.
    seed: () => ({ record_id: 'fuzz-rec-1', profile_id: 'prof_not_a_profile', fields: { email: 'fuzz@fuzz.example', name: 'Fuzz', company: 'Fuzz Ltd' }, filters: ['a'], source: 'fuzz' }),
  },
  { name: 'automation submissions list', method: 'GET', path: '/api/automation/submissions', style: 'rest', credential: 'automationKey', write: false, body: 'none', query: { limit: '10', cursor: 'abc', status: 'queued', profile_id: 'prof_x', record_id: 'r1', updated_since: '2026-01-01T00:00:00Z' } },
  {
    name: 'automation webhook attempts', method: 'GET', path: '/api/automation/webhooks/{id}/attempts', style: 'rest', credential: 'automationKey', write: false, body: 'none',
    query: { cursor: 'abc', limit: '10', event_id: 'evt_x' }, prepare: attemptsList, check: cursorNamed,
  },
  { name: 'automation profiles', method: 'GET', path: '/api/automation/profiles', style: 'rest', credential: 'automationKey', write: false, body: 'none' },
  { name: 'automation resource attach', method: 'POST', path: '/api/automation/resources', style: 'rest', credential: 'automationKey', write: true, body: 'json', seed: () => ({ record_id: 'fuzz-rec-1', url: 'https://files.fuzz.example/deck.pdf', name: 'deck.pdf', content_type: 'application/pdf' }) },
  { name: 'automation transcript attach', method: 'POST', path: '/api/automation/transcripts', style: 'rest', credential: 'automationKey', write: true, body: 'json', seed: () => ({ record_id: 'fuzz-rec-1', text: 'Hello', segments: [{ speaker: 'A', text: 'Hi' }] }) },
  {
    name: 'automation webhook create', method: 'POST', path: '/api/automation/webhooks', style: 'rest', credential: 'automationKey', write: true, body: 'json',
    seed: () => ({ url: 'https://hooks.fuzz.example/in', events: ['submission.completed'], description: 'fuzz' }),
    undo: (baseUrl, c, response) => deleteCreated(`${baseUrl}/api/automation/webhooks`, c.automationKey, response.body),
  },
  { name: 'automation webhook delete', method: 'DELETE', path: '/api/automation/webhooks/wh_fuzz', style: 'rest', credential: 'automationKey', write: true, body: 'none' },
  {
    name: 'assessment webhook create', method: 'POST', path: '/api/v1/webhooks', style: 'rest', credential: 'developerKey', write: true, body: 'json',
    seed: () => ({ url: 'https://hooks.fuzz.example/in', events: ['assessment.completed'] }),
    undo: (baseUrl, c, response) => deleteCreated(`${baseUrl}/api/v1/webhooks`, c.developerKey, response.body),
  },
  { name: 'oauth token', method: 'POST', path: '/api/oauth/token', style: 'oauth', credential: 'none', write: true, body: 'form', seed: (c) => ({ grant_type: 'authorization_code', code: 'code_x', redirect_uri: c.oauthRedirectUri, client_id: c.oauthClientId, client_secret: c.oauthClientSecret }) },
  { name: 'oauth token (json)', method: 'POST', path: '/api/oauth/token', style: 'oauth', credential: 'none', write: true, body: 'json', seed: (c) => ({ grant_type: 'refresh_token', refresh_token: 'rt_x', client_id: c.oauthClientId, client_secret: c.oauthClientSecret }) },
  { name: 'oauth revoke', method: 'POST', path: '/api/oauth/revoke', style: 'oauth', credential: 'oauthClient', write: true, body: 'form', seed: () => ({ token: 'tok_x', token_type_hint: 'refresh_token' }) },
  { name: 'oauth authorize', method: 'GET', path: '/api/oauth/authorize', style: 'page', credential: 'none', write: false, body: 'none', query: { response_type: 'code', client_id: 'client_x', redirect_uri: 'http://127.0.0.1:8976/callback', scope: 'basic', state: 's' } },
  { name: 'oauth login form', method: 'POST', path: '/api/oauth/authorize/login', style: 'page', credential: 'none', write: true, body: 'form', seed: (c) => ({ client_id: c.oauthClientId, redirect_uri: c.oauthRedirectUri, response_type: 'code', email: c.userEmail, password: 'not-the-password', _csrf: 'x' }) },
  { name: 'oauth consent form', method: 'POST', path: '/api/oauth/authorize/consent', style: 'page', credential: 'none', write: true, body: 'form', seed: (c) => ({ client_id: c.oauthClientId, redirect_uri: c.oauthRedirectUri, response_type: 'code', decision: 'allow', account: 'usr_x', _csrf: 'x' }) },
  { name: 'graphql', method: 'POST', path: '/api', style: 'graphql', credential: 'partnerBearer', write: false, body: 'json', seed: () => ({ query: 'query getUserDataQuery($e: String!) { me { email } assessmentResult(email: $e) { id } }', variables: { e: 'a@b.example' }, operationName: 'getUserDataQuery' }) },
  { name: 'unknown route', method: 'POST', path: '/api/v2/nothing', style: 'rest', credential: 'none', write: false, body: 'json', seed: () => ({ a: 1 }) },
];
