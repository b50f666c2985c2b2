import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { operate } from 'reference-server';
import { signInToWorkspace, WebhookReceiver } from 'reference-server/testing';
import { startPostgresCluster, type PostgresCluster } from '../../reference-server/testing/postgres-cluster.js';
import type { Credentials } from '../conformance/credentials.js';
import { randomInt, seededRandom } from '../support/random.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createResult, createSubmission, firstAutomationProfile, newWriteLog, replaceResult, rotateRefreshToken, signInForRefresh, verifyWrites, type WriteLog, type WriteTarget } from '../support/workload.js';

export interface ScaleOptions {
  servers: number;
  organisations: number;
  seconds: number;
  /** Servers killed with SIGKILL halfway through the load (the others carry on). */
  kill: number;
  /** Requests in flight at once, over all servers. */
  concurrency: number;
  seed: number;
  /** One server on a data folder instead of PostgreSQL: to check the load itself, not the cluster. */
  fileStore?: boolean;
  log: (line: string) => void;
}

export interface ScaleReport {
  requests: number;
  acknowledgedWrites: number;
  /** Acknowledged writes not read back afterwards, and acknowledged submissions whose event never came. */
  lost: number;
  /** Distinct webhook events that reached the receiver. */
  events: number;
  /** Events delivered more than once whose first copy was not in flight at the kill. */
  duplicates: number;
  /** Events delivered more than once whose first copy arrived in the delivery timeout before the kill (the killed server may have sent it and died before recording the answer). */
  inFlightAtKill: number;
  p99Ms: number;
  problems: string[];
}

/** The webhook delivery timeout (webhooks/delivery.ts): a copy sent this long before the kill may be sent again. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** How long, after the load, acknowledged submissions may take to reach the receiver as events. */
const DRAIN_MS = 60_000;
const EVENTS = ['submission.completed', 'submission.awaiting_assessment', 'submission.failed'];

interface Org {
  id: string;
  credentials: Credentials;
  log: WriteLog;
}

/** A database of its own on the embedded cluster. */
async function createDatabase(cluster: PostgresCluster): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  await client.query('CREATE DATABASE scale').finally(() => client.end());
  const url = new URL(cluster.adminUrl);
  url.pathname = '/scale';
  return url.toString();
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Arrivals by webhook id, stamped when the receiver got them. */
function recordArrivals(receiver: WebhookReceiver): Map<string, number[]> {
  const arrivals = new Map<string, number[]>();
  receiver.respond = (delivery) => {
    const id = String(delivery.headers['webhook-id'] ?? '');
    arrivals.set(id, [...(arrivals.get(id) ?? []), Date.now()]);
    return { status: 200 };
  };
  return arrivals;
}

/**
 * `npm run scale`: an embedded PostgreSQL, N servers as child processes on their own ports (one
 * database, one master key), bounded load spread over them round robin (results in every
 * organisation, automation submissions whose events go to a local receiver, OAuth refresh
 * rotations, workspace reads), `kill` servers killed with SIGKILL halfway; then every
 * acknowledged write is read back from a survivor and every acknowledged submission's event
 * awaited at the receiver.
 */
export async function runScale(options: ScaleOptions): Promise<ScaleReport> {
  const say = options.log;
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  let cluster: PostgresCluster | undefined;
  const receiver = await new WebhookReceiver().start();
  const arrivals = recordArrivals(receiver);
  try {
    let databaseUrl: string | undefined;
    if (!options.fileStore) {
      cluster = await startPostgresCluster();
      databaseUrl = await createDatabase(cluster);
      // Every server on the database seals and opens secrets with the same key; the children inherit it.
      process.env['REFERENCE_SERVER_MASTER_KEY'] = randomBytes(32).toString('base64');
      say(`embedded PostgreSQL up; starting ${options.servers} servers on one database`);
    }
    for (let i = 0; i < options.servers; i += 1) {
      const dir = await mkdtemp(join(tmpdir(), `scale-${i}-`));
      folders.push(dir);
      servers.push(await startServerProcess(dir, { extraArgs: databaseUrl ? ['--database-url', databaseUrl] : [] }));
    }
    const demo = servers[0]?.credentials;
    if (!demo) throw new Error('the first server did not seed the demo organisation');
    say(`servers: ${servers.map((s) => s.url).join(' ')}`);

    // Organisations beside the demo one, each with its own developer key, made as an operator does.
    const where = databaseUrl ? { data: folders[0] as string, databaseUrl } : (folders[0] as string);
    const orgs: Org[] = [{ id: demo.organizationId, credentials: demo, log: newWriteLog() }];
    for (let i = 1; i < options.organisations; i += 1) {
      const org = (await operate(where, 'org.create', { name: `Scale organisation ${i}` })) as { id: string };
      const key = (await operate(where, 'key.create', { orgId: org.id, kind: 'developer' })) as { secret: string };
      orgs.push({ id: org.id, credentials: { ...demo, organizationId: org.id, developerKey: key.secret }, log: newWriteLog() });
    }
    say(`${orgs.length} organisations`);

    const demoOrg = orgs[0] as Org;
    const demoTarget: WriteTarget = { baseUrl: (servers[0] as ServerProcess).url, credentials: demo };
    const profileId = await firstAutomationProfile(demoTarget);
    if (!profileId) throw new Error('the demo organisation has no automation profile');
    const subscribed = await fetch(`${demoTarget.baseUrl}/api/automation/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': demo.automationKey },
      body: JSON.stringify({ url: receiver.url, events: EVENTS }),
    });
    if (subscribed.status !== 201) throw new Error(`webhook subscription answered ${subscribed.status}: ${await subscribed.text()}`);
    await signInForRefresh(demoTarget, demoOrg.log);
    const browser = await signInToWorkspace({ url: demoTarget.baseUrl, demo: { user: { email: demo.userEmail, password: demo.userPassword } } });
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    const random = seededRandom(options.seed);
    const alive = [...servers];
    let turn = 0;
    const nextServer = () => alive[turn++ % alive.length] as ServerProcess;
    const latencies: number[] = [];
    const problems: string[] = [];
    let requests = 0;
    let acknowledged = 0;
    let refreshing = false;
    let serial = 0;

    /** One operation against one server; a request to a server killed meanwhile is unacknowledged, not a problem. */
    const step = async (): Promise<void> => {
      const server = nextServer();
      const org = orgs[randomInt(random, 0, orgs.length - 1)] as Org;
      const target: WriteTarget = { baseUrl: server.url, credentials: org.credentials };
      const demoHere: WriteTarget = { baseUrl: server.url, credentials: demo };
      const roll = randomInt(random, 0, 99);
      serial += 1;
      const started = Date.now();
      requests += 1;
      try {
        if (roll < 35) {
          await createResult(target, org.log, `scale-${serial}@load.example`);
          acknowledged += 1;
        } else if (roll < 45) {
          await replaceResult(target, org.log, `again-${randomInt(random, 0, 19)}@load.example`, `Name ${serial}`);
          acknowledged += 1;
        } else if (roll < 65) {
          await createSubmission(demoHere, demoOrg.log, profileId, `rec-${serial}`);
          acknowledged += 1;
        } else if (roll < 75 && !refreshing) {
          // Rotations form one chain: one at a time, as a connector refreshes.
          refreshing = true;
          try {
            await rotateRefreshToken(demoHere, demoOrg.log);
            acknowledged += 1;
          } finally {
            refreshing = false;
          }
        } else if (roll < 90 || org.log.created.size === 0) {
          const page = await fetch(`${server.url}/workspace`, { headers: { cookie }, redirect: 'manual' });
          await page.arrayBuffer();
          if (page.status !== 200) problems.push(`workspace read on ${server.url}: ${page.status} (a session signed in on one server must work on every one)`);
        } else {
          // A result this organisation's key had acknowledged, read on whichever server is next.
          const [email] = org.log.created.keys();
          const read = await fetch(`${server.url}/api/v1/assessment/results?email=${encodeURIComponent(email as string)}`, { headers: { 'x-api-key': org.credentials.developerKey } });
          await read.arrayBuffer();
          if (read.status !== 200 && read.status !== 429) problems.push(`results read of ${email as string} on ${server.url}: ${read.status}`);
        }
        latencies.push(Date.now() - started);
      } catch (error) {
        if (alive.includes(server)) {
          const message = (error as Error).message;
          // The per-key rate limit is a documented answer, not a fault of the cluster.
          if (!/ answered 429/.test(message)) problems.push(`${server.url}: ${message.slice(0, 300)}`);
        }
      }
    };

    const deadline = Date.now() + options.seconds * 1000;
    let killedAt: number | undefined;
    const killer = (async () => {
      if (options.kill === 0) return;
      await new Promise((resolve) => setTimeout(resolve, (options.seconds * 1000) / 2));
      for (const victim of servers.slice(-options.kill)) {
        alive.splice(alive.indexOf(victim), 1);
        killedAt = Date.now();
        await victim.crash();
        say(`killed ${victim.url} (pid ${victim.pid}) with SIGKILL after ${requests} requests`);
      }
    })();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (Date.now() < deadline) await step();
      }),
    );
    await killer;
    say(`load over: ${requests} requests, ${acknowledged} acknowledged writes; reading them back from ${alive.map((s) => s.url).join(' ')}`);

    // Every acknowledged write, read back from a survivor.
    let lost = 0;
    const survivor = alive[0] as ServerProcess;
    for (const org of orgs) {
      const checked = await verifyWrites({ baseUrl: survivor.url, credentials: org.credentials }, org.log);
      lost += checked.problems.length;
      problems.push(...checked.problems.map((p) => `lost: ${p}`));
    }
    // Every acknowledged submission's event, at least once (the survivors make the killed server's deliveries).
    const waitUntil = Date.now() + DRAIN_MS;
    const missingEvents = () => {
      const seen = new Set(receiver.events().map((e) => String((e.data as { record_id?: unknown } | undefined)?.record_id)));
      return [...demoOrg.log.submissions.keys()].filter((recordId) => !seen.has(recordId));
    };
    while (missingEvents().length > 0 && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 500));
    const missing = missingEvents();
    lost += missing.length;
    if (missing.length > 0) problems.push(`no event within ${DRAIN_MS / 1000} s for ${missing.length} acknowledged submissions, e.g. ${missing.slice(0, 5).join(', ')}`);

    let duplicates = 0;
    let inFlightAtKill = 0;
    for (const times of arrivals.values()) {
      if (times.length < 2) continue;
      const first = times[0] as number;
      if (killedAt !== undefined && first <= killedAt && first >= killedAt - DELIVERY_TIMEOUT_MS) inFlightAtKill += 1;
      else duplicates += times.length - 1;
    }
    return { requests, acknowledgedWrites: acknowledged, lost, events: arrivals.size, duplicates, inFlightAtKill, p99Ms: percentile(latencies, 99), problems };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    await receiver.stop();
    await cluster?.stop().catch(() => undefined);
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }
}
