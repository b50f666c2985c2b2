import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { JournalStore } from '../../reference-server/src/store/journal-store.js';
import { put, type WriteOp } from '../../reference-server/src/store/store.js';

/**
 * What one process holds at a given number of stored records (docs/scaling.md): records are
 * generated through the store API in batches (not over HTTP), then a fresh process opens the
 * folder — from snapshots after a clean stop, and from the journal alone after a crash — and
 * reports the time to open and its memory. Records resemble the largest collections of a
 * long-lived sandbox: webhook events, delivery attempts and submissions, ~700 bytes each.
 *
 *   npx tsx test/scale/measure.ts --records 10000,100000
 */
const SELF = fileURLToPath(import.meta.url);
const ORGS = 20;
const BATCH = 1000;

function record(i: number): { collection: string; scope: string; record: { id: string } & Record<string, unknown> } {
  const scope = `org_${String(i % ORGS).padStart(4, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  switch (i % 3) {
    case 0:
      return {
        collection: 'webhook_events',
        scope,
        record: { id: `evt_${i.toString(36).padStart(10, '0')}`, type: 'submission.completed', created_at: at, organization_id: scope, data: { submission_id: `sub_${i}`, record_id: `rec-${i}`, status: 'completed', score: (i % 97) / 97, summary: 'x'.repeat(320) } },
      };
    case 1:
      return {
        collection: 'webhook_attempts',
        scope: `whk_${i % (ORGS * 2)}`,
        record: { id: `att_${i.toString(36).padStart(10, '0')}`, event_id: `evt_${(i - 1).toString(36)}`, at, outcome: 'delivered', status_code: 200, duration_ms: 12, error: null, next_attempt_at: null, response_excerpt: 'ok'.repeat(150) },
      };
    default:
      return {
        collection: 'automation_submissions',
        scope,
        record: { id: `sub_${i.toString(36).padStart(10, '0')}`, jobId: `job_${i}`, recordId: `rec-${i}`, profileId: 'prf_seed_deal', status: 'completed', inputRevision: 1, fields: { company: `Company ${i}`, stage: 'seed', pitch: 'y'.repeat(300) }, createdAt: at, updatedAt: at },
      };
  }
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function generate(dir: string, count: number, crash: boolean): Promise<void> {
  const store = await JournalStore.open(dir, { compactAfterBytes: crash ? Number.MAX_SAFE_INTEGER : 64 * 1024 * 1024 });
  const started = performance.now();
  for (let i = 0; i < count; i += BATCH) {
    const ops: WriteOp[] = [];
    for (let j = i; j < Math.min(count, i + BATCH); j += 1) {
      const r = record(j);
      ops.push(put(r.collection, r.scope, r.record));
    }
    await store.write(ops);
  }
  const ms = performance.now() - started;
  if (crash) {
    // As after kill -9: no compaction, everything since the start is in the journal.
    process.stdout.write(`${JSON.stringify({ generateMs: ms })}\n`);
    process.exit(0);
  }
  await store.close();
  process.stdout.write(`${JSON.stringify({ generateMs: ms })}\n`);
}

async function load(dir: string): Promise<void> {
  const before = process.memoryUsage();
  const started = performance.now();
  const store = await JournalStore.open(dir);
  const openMs = performance.now() - started;
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({ openMs, records: store.stats().records, rssMb: after.rss / 2 ** 20, heapMb: after.heapUsed / 2 ** 20, baseRssMb: before.rss / 2 ** 20 })}\n`,
  );
  process.exit(0);
}

const child = (args: string[]) =>
  JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', SELF, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 }).trim().split('\n').pop() as string) as Record<string, number>;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { records: { type: 'string', default: '10000,100000' }, role: { type: 'string' }, dir: { type: 'string' }, count: { type: 'string' }, crash: { type: 'boolean', default: false } },
});

if (values.role === 'generate') await generate(values.dir as string, Number(values.count), values.crash);
else if (values.role === 'load') await load(values.dir as string);
else {
  process.stdout.write('records   generate  folder MB  open (snapshots)  RSS MB  heap MB   open (journal only)  RSS MB\n');
  for (const count of (values.records as string).split(',').map(Number)) {
    const clean = await mkdtemp(join(tmpdir(), 'scale-'));
    const crashed = await mkdtemp(join(tmpdir(), 'scale-crash-'));
    try {
      const gen = child(['--role', 'generate', '--dir', clean, '--count', String(count)]);
      const size = (await folderBytes(clean)) / 2 ** 20;
      const fromSnapshots = child(['--role', 'load', '--dir', clean]);
      child(['--role', 'generate', '--dir', crashed, '--count', String(count), '--crash']);
      const fromJournal = child(['--role', 'load', '--dir', crashed]);
      process.stdout.write(
        `${String(count).padStart(7)}  ${`${((gen.generateMs ?? 0) / 1000).toFixed(1)} s`.padStart(8)}  ${size.toFixed(0).padStart(9)}  ${`${((fromSnapshots.openMs ?? 0) / 1000).toFixed(2)} s`.padStart(16)}  ${(fromSnapshots.rssMb ?? 0).toFixed(0).padStart(6)}  ${(fromSnapshots.heapMb ?? 0).toFixed(0).padStart(7)}   ${`${((fromJournal.openMs ?? 0) / 1000).toFixed(2)} s`.padStart(19)}  ${(fromJournal.rssMb ?? 0).toFixed(0).padStart(6)}\n`,
      );
    } finally {
      await rm(clean, { recursive: true, force: true });
      await rm(crashed, { recursive: true, force: true });
    }
  }
}
