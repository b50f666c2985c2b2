import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  /** Whole query strings sent as they are (a parameter repeated, or with brackets): forms `queryValues` cannot make. */
  queryForms?: string[];
  /** Replaces the endpoint's `check`: a judgement that needs what was prepared (the cursors known to be real). */
  check?: FuzzEndpoint['check'];
  cleanup(): Promise<void>;
}

/** Answers of a guard in front of the code: credentials refused, or the rate limit. */
export const GUARD_STATUSES = new Set([401, 403, 429]);

const SUBMISSION = validSubmission('fuzz@fuzz.example');

/** The cursor with its 8th character changed (inside the list name's JSON, so it no longer parses as it did). */
const garble = (cursor: string) => `${cursor.slice(0, 7)}${cursor[7] === 'A' ? 'B' : 'A'}${cursor.slice(8)}`;

const cursorOf = (list: string, after: unknown) => Buffer.from(JSON.stringify({ l: list, a: after }), 'utf8').toString('base64url');

/** A webhook receiver on 127.0.0.1 that takes every delivery (204): the attempts it causes are final, none is retried later. */
async function startReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/attempts`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface AttemptsSurface {
  /** Where the surface's webhook routes are mounted. */
  base: string;
  key: (c: Credentials) => string;
  event: string;
  /** Makes `count` events of type `event` happen in the organisation. */
  cause(baseUrl: string, c: Credentials, count: number): Promise<void>;
}

const ok = async (response: Response, what: string): Promise<Response> => {
  if (!response.ok) throw new Error(`preparing the attempts list: ${what} answered ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response;
};

const ASSESSMENT_ATTEMPTS: AttemptsSurface = {
  base: '/api/v1/webhooks',
  key: (c) => c.developerKey,
  event: 'assessment.completed',
  async cause(baseUrl, c, count) {
    // A person's first submit is an assessment.completed event.
    for (let i = 0; i < count; i += 1) {
      await ok(
        await fetch(`${baseUrl}/api/v1/assessment/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': c.developerKey },
          body: JSON.stringify(validSubmission(`attempts-${Date.now()}-${i}@fuzz.example`, i)),
        }),
        'an assessment submit',
      );
    }
  },
};

const AUTOMATION_ATTEMPTS: AttemptsSurface = {
  base: '/api/automation/webhooks',
  key: (c) => c.automationKey,
  event: 'transcript.attached',
  async cause(baseUrl, c, count) {
    // A transcript attached to the demo seed's submission is a transcript.attached event.
    const listed = await ok(await fetch(`${baseUrl}/api/automation/submissions?limit=1`, { headers: { 'x-api-key': c.automationKey } }), 'the submissions list');
    const submission = ((await listed.json()) as { data: { id: string }[] }).data[0];
    if (!submission) throw new Error('preparing the attempts list: the organisation has no submission to attach a transcript to');
    for (let i = 0; i < count; i += 1) {
      await ok(
        await fetch(`${baseUrl}/api/automation/transcripts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': c.automationKey },
          body: JSON.stringify({ submission_id: submission.id, text: `Fuzz transcript ${i}` }),
        }),
        'a transcript attach',
      );
    }
  },
};

/** Attempts each prepared subscription gets: three make two pages of one and a last page. */
const ATTEMPTS_MADE = 3;
const ATTEMPTS_WAIT_MS = 30_000;

/**
 * Two subscriptions of one surface, each with real delivery attempts, to list the attempts of one
 * (the target) with every form a cursor takes:
 * - real: the next_cursor of the target's first and second pages (must answer 200);
 * - another list's real cursor: the sibling subscription's attempts, the subscriptions list;
 * - this list's name around an attempt it does not hold: the sibling's real attempt, one that never
 *   was (what a pruned attempt's cursor is once retention removed it), empty, not a string;
 * - not a cursor: base64 of text that is not JSON, of JSON of the wrong shape, garbled, empty, huge;
 * - not one string: repeated (an array on the simple query parser), with brackets, without `=`.
 * The judgement: a request whose only parameter is `cursor` answers 200 when it is one real cursor,
 * else 400 with the documented body naming the field `cursor`.
 */
const attemptsList =
  (surface: AttemptsSurface) =>
  async (baseUrl: string, c: Credentials): Promise<Prepared> => {
    const key = surface.key(c);
    const receiver = await startReceiver();
    const created: string[] = [];
    try {
      for (const description of ['fuzz attempts', 'fuzz attempts (sibling)']) {
        const response = await ok(
          await fetch(`${baseUrl}${surface.base}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            // The server's default outbound allowlist lets a loopback server deliver to 127.0.0.1.
            body: JSON.stringify({ url: receiver.url, events: [surface.event], description }),
          }),
          `a subscription to ${receiver.url}`,
        );
        created.push(((await response.json()) as { id: string }).id);
      }
      const [id, sibling] = created as [string, string];
      await surface.cause(baseUrl, c, ATTEMPTS_MADE);
      const page = async (subscription: string, query: string) =>
        (await (await ok(await fetch(`${baseUrl}${surface.base}/${subscription}/attempts?${query}`, { headers: { 'x-api-key': key } }), 'the attempts list')).json()) as {
          data: { id: string }[];
          next_cursor: string | null;
        };
      // An attempt is written once its receiver has answered, and nothing announces the write:
      // the list itself is read until it holds every attempt, with a deadline.
      const deadline = Date.now() + ATTEMPTS_WAIT_MS;
      for (const subscription of created) {
        while ((await page(subscription, 'limit=100')).data.length < ATTEMPTS_MADE) {
          if (Date.now() > deadline) throw new Error(`preparing the attempts list: ${subscription} had fewer than ${ATTEMPTS_MADE} attempts after ${ATTEMPTS_WAIT_MS / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      const first = await page(id, 'limit=1');
      const second = first.next_cursor ? await page(id, `limit=1&cursor=${first.next_cursor}`) : undefined;
      const siblingPage = await page(sibling, 'limit=1');
      const subscriptions = (await (await ok(await fetch(`${baseUrl}${surface.base}?limit=1`, { headers: { 'x-api-key': key } }), 'the subscriptions list')).json()) as { next_cursor: string | null };
      const real = [first.next_cursor, second?.next_cursor].filter((cursor): cursor is string => typeof cursor === 'string');
      const foreign = [siblingPage.next_cursor, subscriptions.next_cursor].filter((cursor): cursor is string => typeof cursor === 'string');
      if (real.length < 2 || foreign.length < 2) throw new Error(`preparing the attempts list: expected two real cursors of each kind, got ${real.length} and ${foreign.length}`);
      const list = `attempts.${id}`;
      const cursors = [
        ...real,
        ...foreign,
        cursorOf(list, siblingPage.data[0]?.id),
        cursorOf(list, 'att_never_was'),
        cursorOf(list, ''),
        cursorOf(list, 42),
        cursorOf(list, null),
        cursorOf(list, ['att_x']),
        cursorOf(`attempts.${sibling}`, first.data[0]?.id),
        cursorOf('submissions', 'sub_x'),
        Buffer.from('not json').toString('base64url'),
        Buffer.from('[1,2]').toString('base64url'),
        Buffer.from('"att_x"').toString('base64url'),
        Buffer.from(JSON.stringify({ l: list })).toString('base64'),
        // Garbled: a character inside changed, the end cut off. (A character outside the base64url
        // alphabet added is no garbling: Buffer's decoder skips it and reads the real cursor.)
        garble(real[0] ?? ''),
        (real[0] ?? '').slice(0, -3),
        '',
        '=',
        '%00',
        'x'.repeat(10_000),
        cursorOf(list, 'a'.repeat(5_000)),
      ];
      const realCursors = new Set(real);
      return {
        path: `${surface.base}/${id}/attempts`,
        queryValues: { cursor: cursors, limit: ['1', '100', '101', '0', 'ten'] },
        queryForms: [`cursor=${real[0]}&cursor=${real[1]}`, `cursor=${real[0]}&cursor=`, `cursor[]=${real[0]}`, `cursor[l]=${list}`, 'cursor', 'cursor=&cursor='],
        check: ({ query, body }, response) => {
          // Only a cursor alone says what the cursor did: other parameters or a body may be refused first.
          const keys = new Set(query.keys());
          if (body !== undefined || keys.size !== 1 || !keys.has('cursor') || GUARD_STATUSES.has(response.status)) return undefined;
          const values = query.getAll('cursor');
          if (values.length === 1 && realCursors.has(values[0] as string)) {
            return response.status === 200 && Array.isArray((JSON.parse(response.body) as { data?: unknown }).data) ? undefined : `a real cursor of this list answered ${response.status}: ${response.body.slice(0, 200)}`;
          }
          if (response.status !== 400) return `a cursor that is not one real cursor of this list answered ${response.status}, not 400: ${response.body.slice(0, 200)}`;
          const fields = (JSON.parse(response.body) as { fields?: Array<{ field?: string }> }).fields ?? [];
          return fields.some((f) => f.field === 'cursor') ? undefined : `a refused cursor answered 400 without naming the field cursor: ${response.body.slice(0, 200)}`;
        },
        cleanup: async () => {
          for (const subscription of created) await (await fetch(`${baseUrl}${surface.base}/${subscription}`, { method: 'DELETE', headers: { 'x-api-key': key } })).arrayBuffer();
          await receiver.close();
        },
      };
    } catch (error) {
      for (const subscription of created) await fetch(`${baseUrl}${surface.base}/${subscription}`, { method: 'DELETE', headers: { 'x-api-key': key } }).catch(() => undefined);
      await receiver.close();
      throw error;
    }
  };

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
    query: { cursor: 'abc', limit: '10', event_id: 'evt_x' }, prepare: attemptsList(AUTOMATION_ATTEMPTS),
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
  {
    name: 'assessment webhook attempts', method: 'GET', path: '/api/v1/webhooks/{id}/attempts', style: 'rest', credential: 'developerKey', write: false, body: 'none',
    query: { cursor: 'abc', limit: '10', event_id: 'evt_x' }, prepare: attemptsList(ASSESSMENT_ATTEMPTS),
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
