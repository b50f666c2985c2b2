import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from 'reference-server';
import { signInToWorkspace, type Browser } from 'reference-server/testing';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { freePort } from './mutants/harness.js';

/**
 * A fault in one request never stops the process: with a certification run of every group in
 * progress (its watchers read every OAuth request, its steps every keyed API request), malformed
 * credentials in every place a surface reads one are answered with that surface's documented
 * error, and the server — a child process, so an uncaught exception would end it — is still up.
 * Before 0f821c1, `Authorization: Basic JTp4` (base64 of `%:x`) at the token endpoint alone
 * stopped it.
 */

/** The malformed values: broken percent-encodings, bad base64, control characters, a 10 KB value, an empty one. */
const VALUES: Record<string, string> = {
  'a lone %': '%',
  '%zz': '%zz',
  'half an escape': 'ab%e',
  'an encoded control character': '%00%0a',
  'bad base64': '!!!***',
  'control characters': 'a\u0001b\u007fc',
  'non-ASCII': 'клієнт',
  '10 KB': 'k'.repeat(10 * 1024),
  empty: '',
};

type Kind = 'rest' | 'oauth' | 'page';

interface Raw {
  method: string;
  path: string;
  headers: [string, string][];
  body?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

let folder: string;
let server: ServerProcess;
let admin: Browser;
let oauthClientId: string;
let automationKey: string;
let developerKey: string;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`, 'latin1').toString('base64')}`;
const formHeaders: [string, string][] = [['content-type', 'application/x-www-form-urlencoded']];

/** One request as bytes on a socket: header values a client library would refuse (control characters) go out as they are. */
function sendRaw(raw: Raw): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // No answer at all (the process is gone) is a finding, not a crash of the test.
    socket.on('error', (error) => resolve({ status: 0, headers: {}, body: String(error) }));
    socket.on('end', () => resolve(parseAnswer(Buffer.concat(chunks))));
    const body = Buffer.from(raw.body ?? '', 'utf8');
    const head = [`${raw.method} ${raw.path} HTTP/1.1`, `host: ${url.host}`, 'connection: close', `content-length: ${body.length}`, ...raw.headers.map(([n, v]) => `${n}: ${v}`)].join('\r\n');
    // Not end(): a half-closed socket is a client gone, and a server may drop its answer to one.
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]));
  });
}

function parseAnswer(bytes: Buffer): Answer {
  const text = bytes.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  let body = text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let rest = body;
    body = '';
    for (let size = parseInt(rest, 16); size > 0; size = parseInt(rest, 16)) {
      const start = rest.indexOf('\r\n') + 2;
      body += rest.slice(start, start + size);
      rest = rest.slice(start + size + 2);
    }
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** Every place a surface reads a credential, with the value put there. */
function places(value: string, cookie: string, csrf: string): Array<{ place: string; kind: Kind; raw: Raw }> {
  const q = encodeURIComponent(value);
  const tokenBody = { grant_type: 'authorization_code', code: 'pis_ac_x', redirect_uri: 'http://127.0.0.1:9/callback' };
  const oauthPlaces = (endpoint: 'token' | 'revoke'): Array<{ place: string; kind: Kind; raw: Raw }> => {
    const path = `/api/oauth/${endpoint}`;
    const base = endpoint === 'token' ? tokenBody : { token: 'x' };
    const places: Array<{ place: string; raw: Raw }> = [
      { place: `${path} Basic user`, raw: { method: 'POST', path, headers: [...formHeaders, ['authorization', basic(value, 'x')]], body: form(base) } },
      { place: `${path} Basic password of the run's client`, raw: { method: 'POST', path, headers: [...formHeaders, ['authorization', basic(oauthClientId, value)]], body: form(base) } },
      { place: `${path} Basic, not base64`, raw: { method: 'POST', path, headers: [...formHeaders, ['authorization', `Basic ${value}`]], body: form(base) } },
      { place: `${path} body client_id`, raw: { method: 'POST', path, headers: formHeaders, body: form({ ...base, client_id: value, client_secret: 'x' }) } },
      { place: `${path} body client_secret of the run's client`, raw: { method: 'POST', path, headers: formHeaders, body: form({ ...base, client_id: oauthClientId, client_secret: value }) } },
      { place: `${path} raw body`, raw: { method: 'POST', path, headers: formHeaders, body: `client_id=${value}&client_secret=${value}&${form(base)}` } },
      {
        place: `${path} JSON client_id and client_secret`,
        raw: { method: 'POST', path, headers: [['content-type', 'application/json']], body: JSON.stringify({ ...base, client_id: value, client_secret: value }) },
      },
    ];
    return places.map((p) => ({ ...p, kind: 'oauth' }));
  };
  const signedIn = (extra: [string, string][] = []): [string, string][] => [['cookie', cookie], ...extra];
  return [
    { place: 'x-api-key on /api/v1', kind: 'rest', raw: { method: 'GET', path: '/api/v1/assessment/questions', headers: [['x-api-key', value]] } },
    ...(value === '' ? [] : withRunKeys(value)),
    { place: 'x-api-key on /api/automation', kind: 'rest', raw: { method: 'GET', path: '/api/automation/me', headers: [['x-api-key', value]] } },
    { place: 'Bearer on /api GraphQL', kind: 'rest', raw: { method: 'POST', path: '/api', headers: [['authorization', `Bearer ${value}`], ['content-type', 'application/json']], body: '{"query":"{ __typename }"}' } },
    { place: 'Basic on /api GraphQL', kind: 'rest', raw: { method: 'POST', path: '/api', headers: [['authorization', `Basic ${value}`], ['content-type', 'application/json']], body: '{"query":"{ __typename }"}' } },
    ...oauthPlaces('token'),
    ...oauthPlaces('revoke'),
    { place: 'authorize client_id', kind: 'page', raw: { method: 'GET', path: `/api/oauth/authorize?response_type=code&client_id=${q}&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcallback`, headers: [] } },
    { place: "authorize redirect_uri of the run's client", kind: 'page', raw: { method: 'GET', path: `/api/oauth/authorize?response_type=code&client_id=${oauthClientId}&redirect_uri=${q}&state=${q}`, headers: [] } },
    { place: 'consent form client_id', kind: 'page', raw: { method: 'POST', path: '/api/oauth/authorize/consent', headers: formHeaders, body: form({ client_id: value, redirect_uri: value, _csrf: value, decision: 'allow' }) } },
    { place: 'sign-in form fields', kind: 'page', raw: { method: 'POST', path: '/api/oauth/sign-in', headers: formHeaders, body: form({ email: value, password: value, _csrf: value }) } },
    { place: 'workspace session cookie', kind: 'page', raw: { method: 'GET', path: '/workspace/certification', headers: [['cookie', `pis_session=${value}`]] } },
    { place: 'workspace session cookie on a form', kind: 'page', raw: { method: 'POST', path: '/workspace/certification', headers: [...formHeaders, ['cookie', `pis_session=${value}; pis_csrf=${value}`]], body: form({ _csrf: value }) } },
    { place: 'workspace CSRF field', kind: 'page', raw: { method: 'POST', path: '/workspace/certification', headers: signedIn(formHeaders), body: form({ _csrf: value, name: 'x' }) } },
    { place: 'workspace CSRF field of another page', kind: 'page', raw: { method: 'POST', path: '/workspace/certification', headers: signedIn(formHeaders), body: form({ _csrf: `${csrf}${value}`, name: 'x' }) } },
    { place: 'invite link token', kind: 'page', raw: { method: 'GET', path: `/invite/${q}`, headers: [] } },
    { place: 'operator token', kind: 'rest', raw: { method: 'POST', path: '/_operator/certify.status', headers: [['authorization', `Bearer ${value}`], ['content-type', 'application/json']], body: '{}' } },
  ];
}

/** The run's own keys with something malformed after them (an empty suffix would be the key itself). */
function withRunKeys(value: string): Array<{ place: string; kind: Kind; raw: Raw }> {
  return [
    { place: "x-api-key on /api/v1 after the run's key", kind: 'rest', raw: { method: 'GET', path: '/api/v1/assessment/questions', headers: [['x-api-key', `${developerKey}${value}`]] } },
    { place: "x-api-key on /api/automation after the run's key", kind: 'rest', raw: { method: 'POST', path: '/api/automation/submissions', headers: [['x-api-key', `${automationKey}${value}`], ['content-type', 'application/json']], body: '{}' } },
  ];
}

const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'];

/** The documented error answer of each kind of surface; a header Node's own parser refuses is answered 400 before any surface. */
function documented(kind: Kind, answer: Answer, refusedByParser: boolean): string | undefined {
  if (!answer.status) return `no answer: ${answer.body}`;
  if (answer.status >= 500) return `answered ${answer.status}`;
  // Node's own parser answers a header it cannot take (a control character: 400; past 16 KB: 431) before any surface.
  if ((refusedByParser || answer.status === 431) && [400, 431].includes(answer.status) && !answer.headers['content-type']) return undefined;
  const json = () => JSON.parse(answer.body) as Record<string, unknown>;
  switch (kind) {
    case 'rest': {
      const body = json();
      return [400, 401, 403, 404].includes(answer.status) && typeof body['error'] === 'string' && typeof body['message'] === 'string' ? undefined : `not the REST error: ${answer.status} ${answer.body.slice(0, 200)}`;
    }
    case 'oauth': {
      const body = json();
      return [400, 401, 413].includes(answer.status) && OAUTH_ERRORS.includes(body['error'] as string) ? undefined : `not an RFC 6749 error: ${answer.status} ${answer.body.slice(0, 200)}`;
    }
    case 'page':
      return [302, 303].includes(answer.status) || ([400, 403, 404, 413, 429].includes(answer.status) && (answer.headers['content-type'] ?? '').startsWith('text/html')) ? undefined : `not a page's answer: ${answer.status} ${answer.body.slice(0, 200)}`;
  }
}

beforeAll(async () => {
  folder = join(await mkdtemp(join(tmpdir(), 'malformed-credentials-')), 'data');
  server = await startServerProcess(folder);
  const demo = server.credentials!;
  const orgId = demo.organizationId;
  const start = (input: Record<string, unknown>) => operate(folder, 'certify.start', { orgId, ...input }) as Promise<{ credentials: Record<string, any> }>;
  const webhook = await start({ checks: ['webhook'], webhookUrl: `http://127.0.0.1:${await freePort()}/hook` });
  const api = await start({ checks: ['api'] });
  const oauth = await start({ checks: ['oauth'], redirectUris: ['http://127.0.0.1:9/callback'] });
  expect(webhook.credentials['webhook']).toBeDefined();
  automationKey = api.credentials['automation_key'];
  developerKey = api.credentials['developer_key'];
  oauthClientId = oauth.credentials['oauth_client'].client_id;
  admin = await signInToWorkspace({ url: server.url, demo: { user: { email: demo.userEmail, password: demo.userPassword } } });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await rm(join(folder, '..'), { recursive: true, force: true });
});

describe('malformed credentials while a run of every group is in progress', () => {
  it('get each surface’s documented error answer, and the server stays up', async () => {
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = /name="_csrf" value="([^"]*)"/.exec(await (await admin.get('/workspace/certification')).text())?.[1] ?? '';
    const wrong: string[] = [];
    let sent = 0;
    for (const [label, value] of Object.entries(VALUES)) {
      for (const { place, kind, raw } of places(value, cookie, csrf)) {
        const inHeader = raw.headers.some(([, v]) => v.includes(value)) && /[\u0000-\u001f\u007f]/.test(value);
        const answer = await sendRaw(raw);
        sent += 1;
        const problem = documented(kind, answer, inHeader);
        if (problem) wrong.push(`${place} with ${label}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(250);

    // Still the same process, still answering; the runs are still in progress.
    expect(server.child.exitCode).toBeNull();
    const health = await fetch(`${server.url}/api`);
    expect(health.status).toBe(200);
    expect(await health.text()).toMatch(/^ok/);
    const runs = (await operate(folder, 'certify.list', { orgId: server.credentials!.organizationId })) as unknown;
    expect(JSON.stringify(runs)).toContain('running');
  }, 180_000);
});
