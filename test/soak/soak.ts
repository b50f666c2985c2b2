import { graphql } from '../conformance/checks/graphql.js';
import type { Credentials } from '../conformance/credentials.js';
import { authorizationCode, tokenRequest } from '../conformance/oauth-flow.js';
import { standaloneContext } from '../conformance/standalone.js';
import { randomInt, seededRandom } from '../support/random.js';
import { fetchHonouringRateLimit } from '../support/rate-limited-fetch.js';
import { createResult, newWriteLog, replaceResult, UnexpectedAnswer, verifyWrites, type WriteTarget } from '../support/workload.js';

export interface SoakOptions {
  baseUrl: string;
  credentials: Credentials;
  seconds: number;
  clients: number;
  seed?: number;
  /** The server's resident set size, in bytes (from /proc for a child process). */
  rss: () => Promise<number>;
}

export interface SoakReport {
  seed: number;
  seconds: number;
  clients: number;
  requests: number;
  requestsPerSecond: number;
  /** Requests per operation. */
  operations: Record<string, number>;
  latencyMs: { p50: number; p99: number; max: number };
  unexpected: string[];
  /** 429 answers (a documented per-key rate limit), after which the client waited as told. */
  rateLimited: number;
  acknowledgedWrites: number;
  verifiedRecords: number;
  missingWrites: string[];
  rss: { start: number; end: number };
}

type Op = (client: Client) => Promise<void>;

/** An operation on the Automation API, whose per-key rate limit pauses only these operations. */
const AUTOMATION = Symbol('automation');
type TaggedOp = Op & { [AUTOMATION]?: true };
const automationOp = (op: Op): TaggedOp => Object.assign(op, { [AUTOMATION]: true as const });

interface Client {
  id: number;
  n: number;
  random: () => number;
  /** The OAuth token pair of this client's sign-in; refreshed in sequence, as a connector would. */
  tokens?: { access: string; refresh: string };
}

const MAX_UNEXPECTED = 20;

class RateLimited extends Error {
  constructor(readonly seconds: number) {
    super(`rate limited for ${seconds} s`);
  }
}

/**
 * Several concurrent clients run a mixed workload over every surface for a bounded time; each
 * operation states the statuses it expects, anything else is an unexpected error. Afterwards
 * every acknowledged write is read back.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const c = options.credentials;
  const target: WriteTarget = { baseUrl: options.baseUrl, credentials: c };
  const writes = newWriteLog();
  const operations: Record<string, number> = {};
  const latencies: number[] = [];
  const unexpected: string[] = [];
  const createdEmails: string[] = [];
  let acknowledged = 0;
  let rateLimited = 0;

  const call = async (name: string, expected: number[], url: string, init: RequestInit = {}): Promise<unknown> => {
    const started = performance.now();
    const response = await fetch(`${options.baseUrl}${url}`, init);
    const text = await response.text();
    latencies.push(performance.now() - started);
    operations[name] = (operations[name] ?? 0) + 1;
    if (response.status === 429) throw new RateLimited(Number(response.headers.get('retry-after') ?? 1));
    if (!expected.includes(response.status)) throw new UnexpectedAnswer(`${init.method ?? 'GET'} ${url}`, response.status, text.slice(0, 300));
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const dev = { 'x-api-key': c.developerKey };
  const auto = { 'x-api-key': c.automationKey };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' });
  const gql = (query: string, variables?: Record<string, unknown>) => JSON.stringify({ query, ...(variables ? { variables } : {}) });
  const timedWrite = async (name: string, write: () => Promise<void>) => {
    const started = performance.now();
    await write();
    latencies.push(performance.now() - started);
    operations[name] = (operations[name] ?? 0) + 1;
    acknowledged += 1;
  };

  const signIn = async (client: Client) => {
    const t = standaloneContext(options.baseUrl, c);
    const started = performance.now();
    const code = await authorizationCode(t);
    const reply = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: c.oauthRedirectUri });
    latencies.push(performance.now() - started);
    operations['oauth sign-in + code exchange'] = (operations['oauth sign-in + code exchange'] ?? 0) + 1;
    const body = reply.json as { access_token?: string; refresh_token?: string };
    if (reply.status !== 200 || !body.access_token || !body.refresh_token) throw new UnexpectedAnswer('POST /api/oauth/token (authorization_code)', reply.status, reply.text);
    client.tokens = { access: body.access_token, refresh: body.refresh_token };
  };

  const ops: [number, TaggedOp][] = [
    [3, () => call('GET questions', [200], '/api/v1/assessment/questions', { headers: dev }).then(() => {})],
    [2, (k) => call('GET benchmark-tags', [200], `/api/v1/benchmark-tags?page=${randomInt(k.random, 1, 3)}&limit=${randomInt(k.random, 1, 10)}`, { headers: dev }).then(() => {})],
    [4, (k) => timedWrite('POST submit (new)', async () => {
      const email = `soak-${seed}-${k.id}-${k.n}@soak.example`;
      await createResult(target, writes, email);
      createdEmails.push(email);
    })],
    [3, (k) => timedWrite('POST submit (replace)', () => replaceResult(target, writes, `soak-${seed}-own-${k.id}@soak.example`, `client ${k.id} #${k.n}`))],
    [3, async (k) => {
      const email = createdEmails[randomInt(k.random, 0, Math.max(0, createdEmails.length - 1))];
      if (email) await call('GET results', [200], `/api/v1/assessment/results?email=${encodeURIComponent(email)}`, { headers: dev });
    }],
    [2, automationOp(() => call('GET automation/me', [200], '/api/automation/me', { headers: auto }).then(() => {}))],
    [2, () => call('POST graphql (partner)', [200], '/api', { method: 'POST', headers: bearer(c.partnerCredential), body: gql('query getOrganizationQuery { organization { id name } }') }).then(() => {})],
    [2, async (k) => {
      const email = createdEmails[randomInt(k.random, 0, Math.max(0, createdEmails.length - 1))] ?? 'nobody@soak.example';
      await call('POST graphql assessmentResult', [200], '/api', {
        method: 'POST',
        headers: bearer(c.partnerCredential),
        body: gql('query getAssessmentResultQuery($e: String!) { assessmentResult(email: $e) { id revision } }', { e: email }),
      });
    }],
    [2, async (k) => {
      if (!k.tokens) await signIn(k);
      await call('POST graphql (OAuth me)', [200], '/api', { method: 'POST', headers: bearer(k.tokens!.access), body: gql('query getUserDataQuery { me { email } }') });
    }],
    [1, async (k) => {
      if (!k.tokens) await signIn(k);
      const body = (await call('POST token (refresh)', [200], '/api/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: k.tokens!.refresh, client_id: c.oauthClientId, client_secret: c.oauthClientSecret }),
      })) as { access_token: string; refresh_token: string };
      k.tokens = { access: body.access_token, refresh: body.refresh_token };
    }],
    // Refusals are part of real traffic: each must stay a clean 401.
    [1, () => call('refused: automation key on /api/v1', [401], '/api/v1/assessment/questions', { headers: auto }).then(() => {})],
    [1, () => call('refused: developer key as Bearer', [401], '/api', { method: 'POST', headers: bearer(c.developerKey), body: gql('{ __typename }') }).then(() => {})],
  ];
  // The submissions part of the Automation API joins the mix once the server has it.
  const profiles = await fetch(`${options.baseUrl}/api/automation/profiles`, { headers: auto });
  const profileList: unknown = profiles.ok ? await profiles.json() : (await profiles.arrayBuffer(), undefined);
  const profileItems = Array.isArray(profileList) ? profileList : profileList && typeof profileList === 'object' ? Object.values(profileList).find(Array.isArray) : undefined;
  const profileId = (profileItems?.[0] as { id?: unknown } | undefined)?.id;
  const submitted: string[] = [];
  if (typeof profileId === 'string') {
    ops.push(
      [2, automationOp(() => call('GET automation/profiles', [200], '/api/automation/profiles', { headers: auto }).then(() => {}))],
      [3, automationOp(async (k) => {
        const recordId = `soak-${seed}-${k.id}-${k.n}`;
        await call('POST automation/submissions', [200, 201, 202], '/api/automation/submissions', {
          method: 'POST',
          headers: { ...auto, 'content-type': 'application/json' },
          body: JSON.stringify({ record_id: recordId, profile_id: profileId, fields: { email: `${recordId}@soak.example`, name: 'Soak Founder', company: 'Soak Co' } }),
        });
        acknowledged += 1;
        submitted.push(recordId);
      })],
      [2, automationOp(() => call('GET automation/submissions', [200], '/api/automation/submissions?limit=20', { headers: auto }).then(() => {}))],
    );
  }
  const totalWeight = ops.reduce((sum, [w]) => sum + w, 0);
  let automationPausedUntil = 0;
  const pick = (random: () => number): Op => {
    for (;;) {
      let roll = random() * totalWeight;
      let chosen = ops[0]![1];
      for (const [weight, op] of ops) {
        if ((roll -= weight) < 0) {
          chosen = op;
          break;
        }
      }
      // While the automation key is rate limited, its operations wait; the other surfaces go on.
      if (!(chosen[AUTOMATION] && performance.now() < automationPausedUntil)) return chosen;
    }
  };

  const rssStart = await options.rss();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const root = seededRandom(seed);
  const clients: Client[] = Array.from({ length: options.clients }, (_, id) => ({ id, n: 0, random: seededRandom(Math.floor(root() * 2 ** 31)) }));
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        client.n += 1;
        try {
          await pick(client.random)(client);
        } catch (error) {
          const retryAfter = error instanceof RateLimited ? error.seconds : error instanceof UnexpectedAnswer && error.status === 429 ? 1 : undefined;
          if (retryAfter !== undefined) {
            // A rate limit is a documented answer, not an error: the automation operations wait as
            // told (only that API has a per-key limit), everything else goes on.
            rateLimited += 1;
            automationPausedUntil = Math.max(automationPausedUntil, performance.now() + retryAfter * 1000);
            continue;
          }
          if (unexpected.length < MAX_UNEXPECTED) unexpected.push(error instanceof Error ? error.message : String(error));
          else unexpected.push('…');
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const rssEnd = await options.rss();
  const verification = await verifyWrites(target, writes);
  for (const recordId of submitted) {
    verification.checked += 1;
    const response = await fetchHonouringRateLimit(`${options.baseUrl}/api/automation/submissions?record_id=${encodeURIComponent(recordId)}`, { headers: auto });
    const text = await response.text();
    if (response.status !== 200 || !text.includes(`"${recordId}"`)) verification.problems.push(`submission ${recordId}: ${response.status}`);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const quantile = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return {
    seed,
    seconds: elapsed,
    clients: options.clients,
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    operations,
    latencyMs: { p50: quantile(0.5), p99: quantile(0.99), max: quantile(1) },
    unexpected: unexpected.filter((u, i) => u !== '…' || i === MAX_UNEXPECTED),
    rateLimited,
    acknowledgedWrites: acknowledged,
    verifiedRecords: verification.checked,
    missingWrites: verification.problems,
    rss: { start: rssStart, end: rssEnd },
  };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export function formatSoakReport(r: SoakReport): string {
  const lines = [
    `soak: ${r.clients} clients for ${r.seconds.toFixed(1)} s (seed ${r.seed})`,
    `  ${r.requests} requests, ${r.requestsPerSecond.toFixed(0)} req/s; latency p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`,
    ...Object.entries(r.operations)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, count]) => `    ${String(count).padStart(7)}  ${name}`),
    `  acknowledged writes: ${r.acknowledgedWrites}; records read back: ${r.verifiedRecords}; missing or wrong: ${r.missingWrites.length}`,
    `  server RSS: ${mib(r.rss.start)} at start, ${mib(r.rss.end)} at end`,
    `  rate limited (429; automation calls paused as Retry-After said): ${r.rateLimited}`,
    `  unexpected errors: ${r.unexpected.length}`,
    ...r.unexpected.map((u) => `    ${u}`),
    ...r.missingWrites.slice(0, 20).map((m) => `    missing: ${m}`),
  ];
  return lines.join('\n');
}
