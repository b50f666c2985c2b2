import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser, formFields, startTestServer, type TestServer } from 'reference-server/testing';
import { testDatabase, type TestDatabase } from '../../testing/postgres.js';
import { defaultConfig } from '../config.js';
import { MASTER_KEY_ENV } from '../crypto/index.js';
import { RateLimitWindows } from '../http/index.js';
import { startServer, type RunningServer } from '../server.js';
import { PostgresStore } from '../store/index.js';
import { postgresRateLimits } from './index.js';

/**
 * Issue 37 item 3: "one key's rate limit is one limit across both [servers]", and the sign-in
 * throttle counts failures sent to either. Two real servers, each composed as `start
 * --database-url` composes it (its own pool, its own limiters), on one PostgreSQL database: the
 * first seeds it, the second joins. (Servers assembled by hand from the surfaces once hid that the
 * composition chose the in-memory counters.)
 */
const LIMIT = 3;
let records: TestServer;
let joined: RunningServer;
let joinedFolder: string;
let database: TestDatabase;
/** The test's own connection to the database (the statements' and the sweep's tests). */
let direct: PostgresStore;
let urls: [string, string];

beforeAll(async () => {
  // Servers on a database share the master key from the environment (the PostgreSQL project sets one).
  if (!process.env[MASTER_KEY_ENV]) vi.stubEnv(MASTER_KEY_ENV, randomBytes(32).toString('base64'));
  database = await testDatabase();
  records = await startTestServer({ databaseUrl: database.url, automationRateLimitPerMinute: LIMIT });
  joinedFolder = await mkdtemp(join(tmpdir(), 'reference-server-'));
  joined = await startServer(defaultConfig({ dataDir: joinedFolder, databaseUrl: database.url, port: 0, logLevel: 'silent', seed: false, automationRateLimitPerMinute: LIMIT }));
  urls = [records.url, joined.url];
  direct = await PostgresStore.open(database.url);
});

afterAll(async () => {
  await direct?.close();
  await joined?.close();
  await records?.dispose();
  await database?.drop();
  await rm(joinedFolder, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe('the per-key rate limit on PostgreSQL', () => {
  it('is one limit across servers: the (N+1)th request of a key, whichever server takes it, gets the documented 429', async () => {
    const me = (url: string) => fetch(`${url}/api/automation/me`, { headers: { 'x-api-key': records.demo.automationKey } });
    const [first, second] = urls;
    const answers = [await me(first), await me(second), await me(first)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get('ratelimit')?.match(/r=(\d+)/)?.[1])).toEqual(['2', '1', '0']);

    const refused = await me(second);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"automation-key"; q=${LIMIT}; w=60; pk=`));
    expect(refused.headers.get('ratelimit')).toMatch(/^"automation-key"; r=0; t=\d+$/);
    expect(await refused.json()).toEqual({
      error: 'Too Many Requests',
      message: `Rate limit of ${LIMIT} requests per minute for this key exceeded; retry after ${retryAfter} s.`,
      retry_after: retryAfter,
    });
    // And the first server agrees: the key has spent its minute everywhere.
    expect((await me(first)).status).toBe(429);
  });

  it('costs one statement per counted request', async () => {
    const client = direct.rateLimitClient();
    const statements: string[] = [];
    const counted = new RateLimitWindows(postgresRateLimits({ query: (statement) => (statements.push(statement.text), client.query(statement)) }));
    const store = counted.store('one-statement', 60_000, LIMIT);
    const hits = [await store.increment('key'), await store.increment('key')].map((info) => info.totalHits);
    expect(hits).toEqual([1, 2]);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/INSERT INTO "rate_limits"[\s\S]*ON CONFLICT/);
  });
});

describe('the rate-limit sweep on PostgreSQL', () => {
  it('deletes the rows of ended windows and keeps the live ones', async () => {
    const client = direct.rateLimitClient();
    const now = Date.now();
    await client.query({ text: 'INSERT INTO rate_limits VALUES ($1, 1, $2), ($3, 1, $4)', values: ['sweep:ended', now - 1_000, 'sweep:live', now + 60_000] });
    await postgresRateLimits(client).sweep();
    const left = await client.query({ text: "SELECT key FROM rate_limits WHERE key LIKE 'sweep:%'" });
    expect(left.rows).toEqual([{ key: 'sweep:live' }]);
  });
});

describe('the sign-in throttle on PostgreSQL', () => {
  const SIGN_IN = '/api/oauth/sign-in';

  async function signIn(url: string, password: string): Promise<{ signedIn: boolean; message: string }> {
    const browser = new Browser(url);
    const page = await browser.get(`${SIGN_IN}?return_to=/workspace`);
    const answer = await browser.post(SIGN_IN, { ...formFields(await page.text(), SIGN_IN), email: records.demo.user.email, password });
    const location = answer.headers.get('location') ?? '';
    if (location.startsWith('/workspace')) return { signedIn: true, message: '' };
    return { signedIn: false, message: await (await browser.get(location)).text() };
  }

  it('counts the failures sent to either server: five from one address, spread over both, slow that address on both', async () => {
    const [first, second] = urls;
    for (const url of [first, second, first, second, first]) expect((await signIn(url, 'not the password')).signedIn).toBe(false);
    for (const url of [first, second]) {
      const slowed = await signIn(url, records.demo.user.password);
      expect(slowed.signedIn).toBe(false);
      expect(slowed.message).toContain('Too many failed sign-ins from this network. Wait 30 seconds');
    }
  });
});
