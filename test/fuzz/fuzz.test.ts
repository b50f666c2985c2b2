import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { SHORT_LIMITS } from './arbitraries.js';
import { ENDPOINTS } from './endpoints.js';
import { judge, runFuzz } from './fuzz.js';
import { journalBytes, waitForQuiet } from './journal.js';
import { send } from './raw-http.js';
import { basicValues, bearerValues, cookieValues, malformedClientBody, MALFORMED_VALUES } from './malformed-credentials.js';
import { FUZZ_SERVER_ARGS, startCertificationRuns, type CertificationRuns } from './server-setup.js';
import fc from 'fast-check';
import { validSubmission } from '../conformance/checks/assessment.js';

const RUNS = 20;
let server: ServerProcess;
let dataDir: string;
let runs: CertificationRuns;
const alive = () => server.child.exitCode === null && server.child.signalCode === null;

// As `npm run fuzz` does: certification runs of every group in progress while the requests come.
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fuzz-'));
  server = await startServerProcess(dataDir, { allowLoopbackOutbound: false, extraArgs: FUZZ_SERVER_ARGS });
  runs = await startCertificationRuns(dataDir, server.credentials!.organizationId);
}, 90_000);
afterAll(async () => {
  await runs?.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it(`survives a short seeded fuzz pass over every endpoint (${RUNS} requests each)`, { timeout: 120_000 }, async () => {
  const report = await runFuzz(
    { baseUrl: server.url, credentials: server.credentials!, dataDir, alive, runClientIds: [runs.oauthClientId], background: { recordIds: runs.subscriptionIds } },
    { runsPerEndpoint: RUNS, seed: 424_242, limits: SHORT_LIMITS },
  );
  expect(report.endpoints.filter((e) => e.failure).map((e) => `${e.endpoint}: ${e.failure}`)).toEqual([]);
  expect(report.endpoints).toHaveLength(ENDPOINTS.length);
  expect(report.requests).toBeGreaterThanOrEqual(RUNS * ENDPOINTS.length);
  // Every endpoint's code was reached by some authorised case (no guard or rate limit ate them all).
  expect(report.endpoints.filter((e) => e.reached === 0).map((e) => e.endpoint)).toEqual([]);
  const health = await fetch(`${server.url}/api`);
  expect(health.status).toBe(200);
});

/** One endpoint of each credential a surface reads, and each OAuth body: where a malformed credential is decoded. */
const CREDENTIAL_READERS = ['assessment submit', 'automation me', 'graphql', 'oauth token', 'oauth token (json)', 'oauth revoke', 'oauth authorize', 'oauth login form'];

it('answers every malformed credential in every place it is read, with runs of every group in progress, and stays up', { timeout: 120_000 }, async () => {
  const c = server.credentials!;
  const clientIds = [c.oauthClientId, runs.oauthClientId];
  const headers: [string, string][] = [
    ...MALFORMED_VALUES.map((value): [string, string] => ['x-api-key', value]),
    ...bearerValues().map((value): [string, string] => ['authorization', value]),
    ...basicValues(clientIds).map((value): [string, string] => ['authorization', value]),
  ];
  const cookies = cookieValues().map((value): [string, string] => ['cookie', value]);
  const problems: string[] = [];
  // A process that dies in a listener after answering is seen dead by the next request: name the one before.
  let previous = '(none)';
  for (const endpoint of ENDPOINTS.filter((e) => CREDENTIAL_READERS.includes(e.name))) {
    const seed = endpoint.seed?.(c);
    const contentType = endpoint.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    const validBody = seed === undefined ? undefined : endpoint.body === 'form' ? new URLSearchParams(Object.entries(seed).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(seed);
    // Every header place, with the endpoint's valid body; and, where the body names a client, every malformed client id and secret in it.
    const clientBodies = seed && 'client_id' in seed && endpoint.body !== 'none' ? fc.sample(malformedClientBody(seed, endpoint.body, clientIds), { numRuns: 40, seed: 7 }) : [];
    const requests = [
      // Cookies only where pages read them: the header places are read (and watched) on every surface.
      ...[...headers, ...(endpoint.style === 'page' ? cookies : [])].map((header) => ({ headers: [header, ...(validBody !== undefined ? [['content-type', contentType] as [string, string]] : [])], body: validBody })),
      ...clientBodies.map((body) => ({ headers: [['content-type', contentType] as [string, string]], body })),
    ];
    for (const { headers: sent, body } of requests) {
      const request = { method: endpoint.method, path: endpoint.path, headers: sent, ...(body !== undefined ? { body } : {}) };
      let problem: string | undefined;
      try {
        problem = judge(endpoint.style, await send(server.url, request), request);
      } catch (error) {
        problem = alive() ? undefined : `the server died (${String(error)}) after ${previous}`;
      }
      const described = `${endpoint.name} ${JSON.stringify(sent).slice(0, 120)} ${String(body).slice(0, 80)}`;
      if (problem) problems.push(`${described}: ${problem}`);
      if (!alive()) break;
      previous = described;
    }
  }
  expect(problems).toEqual([]);
  expect(alive()).toBe(true);
  expect((await fetch(`${server.url}/api`)).status).toBe(200);
  // The runs were in progress all along (the webhook-only one ends once its probes are graded).
  expect((await runs.statuses()).filter((r) => r.covers !== 'webhook').map((r) => r.status)).toEqual(['running', 'running', 'running']);
});

it('answers every cursor form on both webhook attempts lists with 200 for a real cursor of the list, else the 400 naming cursor', { timeout: 120_000 }, async () => {
  const lists = ENDPOINTS.filter((e) => / webhook attempts$/.test(e.name));
  expect(lists.map((e) => e.path)).toEqual(['/api/automation/webhooks/{id}/attempts', '/api/v1/webhooks/{id}/attempts']);
  for (const list of lists) {
    const prepared = await list.prepare!(server.url, server.credentials!);
    try {
      const key = list.credential === 'developerKey' ? server.credentials!.developerKey : server.credentials!.automationKey;
      const queries = [...(prepared.queryValues?.cursor ?? []).map((cursor) => new URLSearchParams({ cursor }).toString()), ...(prepared.queryForms ?? [])];
      const statuses: number[] = [];
      for (const query of queries) {
        const response = await send(server.url, { method: 'GET', path: `${prepared.path}?${query}`, headers: [['x-api-key', key]] });
        statuses.push(response.status);
        expect(judge('rest', response), `${list.name} ?${query.slice(0, 120)}`).toBeUndefined();
        expect(prepared.check!({ query: new URLSearchParams(query), body: undefined }, response), `${list.name} ?${query.slice(0, 120)}`).toBeUndefined();
      }
      // Two real cursors (first and second page) and the two bracketed forms, which the simple
      // query parser reads as other parameters (ignored, so the first page), answer a page; every
      // other form is refused.
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
      expect(statuses.filter((s) => s === 400)).toHaveLength(queries.length - 4);

      // The judgement has teeth: a made-up cursor answered with a page, a real one refused, and a
      // refusal naming another field are all failures.
      const page = { status: 200, body: JSON.stringify({ data: [], next_cursor: null }) };
      const refusal = (field: string) => ({ status: 400, body: JSON.stringify({ error: 'Bad Request', message: 'x', fields: [{ field, message: 'x' }] }) });
      const realCursor = prepared.queryValues!.cursor![0]!;
      expect(prepared.check!({ query: new URLSearchParams({ cursor: 'att_made_up' }), body: undefined }, page)).toMatch(/not 400/);
      expect(prepared.check!({ query: new URLSearchParams({ cursor: realCursor }), body: undefined }, refusal('cursor'))).toMatch(/real cursor/);
      expect(prepared.check!({ query: new URLSearchParams({ cursor: 'att_made_up' }), body: undefined }, refusal('limit'))).toMatch(/without naming the field cursor/);
    } finally {
      await prepared.cleanup();
    }
  }
  await waitForQuiet(dataDir, { recordIds: runs.subscriptionIds });
});

it('judges a 5xx, a stack trace and a wrong error body as failures', () => {
  const json = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(judge('rest', json(500, { error: 'Internal Server Error', message: 'x' }))).toMatch(/answered 500/);
  expect(judge('rest', json(400, { error: 'Bad Request', message: 'x\n    at f (/app/src/a.ts:1:2)' }))).toMatch(/stack trace/);
  expect(judge('rest', json(400, { error: 'Bad', message: 'x' }))).toMatch(/REST error body/);
  expect(judge('rest', json(400, { error: 'Bad Request', message: 'x' }))).toBeUndefined();
  expect(judge('oauth', json(400, { error: 'nope' }))).toMatch(/RFC 6749/);
  expect(judge('oauth', json(400, { error: 'invalid_grant', error_description: 'x' }))).toBeUndefined();
  expect(judge('graphql', json(400, { errors: [{ message: 'x' }] }))).toBeUndefined();
  expect(judge('graphql', json(400, { data: null }))).toMatch(/errors\[\]/);
  expect(judge('page', { status: 400, headers: { 'content-type': 'application/json' }, body: '{}' })).toMatch(/not HTML/);
  // node:http's 431 (empty, connection closed) is the parser's only for a head past its limit (issue 43).
  const parser431 = { status: 431, headers: { connection: 'close' }, body: '' };
  expect(judge('rest', parser431, { method: 'GET', path: '/api/v1/webhooks/x/attempts?cursor=x', headers: [['x-api-key', 'k'.repeat(100)]] })).toMatch(/431 to a request whose head is \d+ bytes/);
  expect(judge('rest', parser431, { method: 'GET', path: `/api/v1/webhooks/x/attempts?cursor=${'x'.repeat(10_000)}`, headers: [['x-api-key', 'k'.repeat(8_000)]] })).toBeUndefined();
});

it('sees an accepted write in the journal it compares (so a refused write that wrote would be caught)', async () => {
  const before = await journalBytes(dataDir);
  const response = await fetch(`${server.url}/api/v1/assessment/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.credentials!.developerKey },
    body: JSON.stringify(validSubmission('journal-probe@fuzz.example')),
  });
  expect(response.status).toBe(200);
  expect(await journalBytes(dataDir)).toBeGreaterThan(before);
});
