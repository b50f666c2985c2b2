import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { SHORT_LIMITS } from './arbitraries.js';
import { ENDPOINTS } from './endpoints.js';
import { journalBytes, judge, runFuzz } from './fuzz.js';
import { FUZZ_SERVER_ARGS } from './server-setup.js';
import { validSubmission } from '../conformance/checks/assessment.js';

const RUNS = 20;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fuzz-'));
  server = await startServerProcess(dataDir, { allowLoopbackOutbound: false, extraArgs: FUZZ_SERVER_ARGS });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it(`survives a short seeded fuzz pass over every endpoint (${RUNS} requests each)`, { timeout: 120_000 }, async () => {
  const report = await runFuzz(
    { baseUrl: server.url, credentials: server.credentials!, dataDir, alive: () => server.child.exitCode === null && server.child.signalCode === null },
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
