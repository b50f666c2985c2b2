import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { settle, startTestServer } from 'reference-server/testing';
import { ManualClock } from '../../reference-server/src/clock.js';
import { SUBMISSIONS } from '../../reference-server/src/submissions/submission-records.js';
import { EVENTS, OUTBOX, type EventRecord, type OutboxEntry } from '../../reference-server/src/webhooks/webhook-records.js';

/**
 * Retention under a compressed clock: a server on a ManualClock takes a steady stream of
 * submissions every simulated hour; each completed one is an event delivered to a receiver that
 * answers 200, and to one that answers 503 (so its deliveries stay pending for the retry
 * schedule's ~27 h). The clock moves an hour at a time, the retention sweep runs as the job
 * runner's periodic job, and every simulated day the data folder, RSS and record counts are
 * printed, with a check that every event a pending delivery needs is still there.
 *
 *   npx tsx test/soak/retention-soak.ts --days 10 --per-hour 12 --retain 1d
 */
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { days: { type: 'string', default: '10' }, 'per-hour': { type: 'string', default: '12' }, retain: { type: 'string', default: '86400' } },
});
const days = Number(values.days);
const perHour = Number(values['per-hour']);
const retainSeconds = Number(values.retain);

/** Bytes on disk under the folder (du: readdir's recursive walk misses entries renamed under it mid-compaction). */
function folderBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}

async function receiver(status: number): Promise<{ url: string; count: () => number; close: () => void }> {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, count: () => count, close: () => server.close() };
}

const clock = new ManualClock(Date.now());
const server = await startTestServer(
  { automationRateLimitPerMinute: 0, retention: { eventsSeconds: retainSeconds, attemptsSeconds: retainSeconds, submissionsSeconds: retainSeconds, intervalSeconds: 3600 } },
  { clock },
);
const up = await receiver(200);
const down = await receiver(503);
const api = (path: string, body: unknown) =>
  fetch(`${server.url}/api/automation${path}`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
for (const url of [up.url, down.url]) {
  const response = await api('/webhooks', { url, events: ['submission.completed'] });
  if (response.status !== 201) throw new Error(`subscribe: ${response.status} ${await response.text()}`);
}

const started = performance.now();
let sent = 0;
let missing = 0;
process.stdout.write(`simulated  sent  kept  events  pending  attempts-kept  folder MB  RSS MB  heap MB  (retain ${retainSeconds} s)\n`);
for (let hour = 1; hour <= days * 24; hour += 1) {
  for (let i = 0; i < perHour; i += 1) {
    const response = await api('/submissions', { record_id: `soak-${(sent += 1)}`, profile_id: 'prf_seed_deal', fields: { company: `Co ${sent}`, stage: 'seed', pitch: 'x'.repeat(400) } });
    if (response.status !== 202) throw new Error(`submission: ${response.status}`);
  }
  await settle(server);
  clock.advance(3600_000);
  await settle(server);
  const { db } = server.ctx;
  const pending = (await Promise.all((await db.scopes(OUTBOX)).map(async (scope) => (await db.all<OutboxEntry>(OUTBOX, scope)).map((entry) => ({ scope, entry }))))).flat();
  for (const { scope, entry } of pending) if (!(await db.get<EventRecord>(EVENTS, scope, entry.eventId))) missing += 1;
  if (hour % 24 === 0) {
    (globalThis as { gc?: () => void }).gc?.();
    const total = async (collection: string) => (await Promise.all((await db.scopes(collection)).map((scope) => db.count(collection, scope)))).reduce((n, count) => n + count, 0);
    const kept = await total(SUBMISSIONS);
    const events = await total(EVENTS);
    const attempts = await total('webhook_attempts');
    const memory = process.memoryUsage();
    process.stdout.write(
      `${`day ${hour / 24}`.padStart(9)}  ${String(sent).padStart(4)}  ${String(kept).padStart(4)}  ${String(events).padStart(6)}  ${String(pending.length).padStart(7)}  ${String(attempts).padStart(13)}  ${(folderBytes(server.dataDir) / 2 ** 20).toFixed(2).padStart(9)}  ${(memory.rss / 2 ** 20).toFixed(0).padStart(6)}  ${(memory.heapUsed / 2 ** 20).toFixed(0).padStart(7)}\n`,
    );
  }
}
process.stdout.write(
  `\n${days} simulated days in ${((performance.now() - started) / 1000).toFixed(0)} s; deliveries: ${up.count()} answered 200, ${down.count()} answered 503; ` +
    `events a pending delivery needed but missing: ${missing}\n`,
);
up.close();
down.close();
await server.dispose();
process.exitCode = missing === 0 ? 0 : 1;
