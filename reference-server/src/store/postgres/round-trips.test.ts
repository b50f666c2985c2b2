import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startTestServer, type TestServer } from '../../../testing/index.js';
import { ManualClock } from '../../clock.js';
import { testDatabase, type TestDatabase } from '../../../testing/postgres.js';
import { recordSentQueries, type SentQueries } from '../../../testing/sent-queries.js';
import { workedExample } from '../../psychometrics/fixtures.js';

/**
 * Round trips to PostgreSQL per write request, jobs included: on the stores table of `npm run
 * bench` a round trip (a socket write and a wake-up on each side) cost both processes more than
 * most statements, so the write paths are held to what they cost once BEGIN, writes and
 * notifications went with the statements after them and the job runner stopped reading a job
 * before its claim and after deleting it (24 and 32 before, docs/performance.md), then the
 * services asked for their independent reads together (12 and 19 before), then the jobs of store
 * work only were claimed and done in one transaction and scoring read the profile with the
 * people's results (11 and 13 before, docs/decisions/jobs-done-inside-their-claim.md), and a keyed
 * request's guard and the steps after it asked the reads that follow its credential together, in
 * one round trip outside any transaction (10 and 11 before, docs/decisions/postgres-keyed-request-reads.md),
 * then submit read the CRM settings in its transaction's first message (8 before), and a job done
 * inside its claim asked the reads its ref names beside the claim (7 and 9 before,
 * docs/decisions/jobs-done-inside-their-claim.md), and a create bumped its counter without reading
 * it (8 before, docs/decisions/store-increment.md).
 * Counted at the driver: every query a connection of the server sends.
 */
const BUDGET = { submit: 6, create: 7 };

let database: TestDatabase;
let server: TestServer;
const previousKey = process.env['REFERENCE_SERVER_MASTER_KEY'];
let sent: SentQueries | undefined;

beforeAll(async () => {
  process.env['REFERENCE_SERVER_MASTER_KEY'] ??= Buffer.alloc(32, 7).toString('base64');
  database = await testDatabase();
  // The per-key limit's statement is rate-limiter-flexible's own, one per request on any path. A
  // clock that stands still keeps the job sweep and the periodic jobs out of the count.
  server = await startTestServer({ databaseUrl: database.url, automationRateLimitPerMinute: 0 }, { clock: new ManualClock(Date.now()) });
  sent = recordSentQueries();
});

afterAll(async () => {
  sent?.restore();
  await server?.dispose();
  await database?.drop();
  if (previousKey === undefined) delete process.env['REFERENCE_SERVER_MASTER_KEY'];
});

/** Round trips of one request and the jobs it starts, after one like it warmed the server up. */
async function roundTrips(request: (n: number) => Promise<Response>): Promise<number> {
  expect((await request(1)).ok).toBe(true);
  await settle(server);
  sent?.reset();
  expect((await request(2)).ok).toBe(true);
  await settle(server);
  return sent?.all.length ?? 0;
}

describe('PostgreSQL round trips per write request', () => {
  it(`submits an assessment in at most ${BUDGET.submit}, its re-scoring job included`, async () => {
    const submit = (n: number) =>
      fetch(`${server.url}/api/v1/assessment/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': server.demo.developerKey },
        body: JSON.stringify({ email: `round-trips-${n}@example.com`, full_name: 'Round Trips', ...workedExample() }),
      });
    expect(await roundTrips(submit)).toBeLessThanOrEqual(BUDGET.submit);
  });

  it(`creates an automation submission in at most ${BUDGET.create}, its processing job included`, async () => {
    const create = (n: number) =>
      fetch(`${server.url}/api/automation/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': server.demo.automationKey },
        body: JSON.stringify({ record_id: `round-trips-${n}`, profile_id: 'prf_seed_deal', fields: { company: 'Round Trips Ltd', email: 'founder@round.example', stage: 'seed' } }),
      });
    expect(await roundTrips(create)).toBeLessThanOrEqual(BUDGET.create);
  });
});
