import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalForEach } from '../../testing/journal-fixture.js';
import { ManualClock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import { FileAsyncStore } from '../store/index.js';
import { put, type WriteOp } from '../store/store.js';
import { JOBS, RECORD_IDS, RESOURCES, SUBMISSIONS } from '../submissions/index.js';
import { ATTEMPTS, EVENTS, OUTBOX } from '../webhooks/index.js';
import { INVITE_DRAFTS, INVITES } from '../assessments/index.js';
import { RUNS } from '../certification/index.js';
import { RETENTION_RULES } from '../retention-rules.js';
import { DAY_MS } from './policy.js';
import { retentionPlan } from './scan.js';
import { sweepRetention } from './sweep.js';

const journal = journalForEach('retention-');
const clock = new ManualClock(Date.UTC(2026, 5, 1));
const windows = { eventsMs: 7 * DAY_MS, attemptsMs: 3 * DAY_MS, submissionsMs: 30 * DAY_MS, runsMs: 30 * DAY_MS };


const iso = (daysAgo: number) => new Date(clock.now() - daysAgo * DAY_MS).toISOString();

/** `days` events for org_a, one a day, oldest first, with one delivered attempt each; some still pending. */
async function history(days: number, pendingDaysAgo: number[]): Promise<void> {
  const ops: WriteOp[] = [];
  for (let d = days; d >= 1; d -= 1) {
    const event = { id: `evt_${d}`, type: 'submission.completed', created_at: iso(d), organization_id: 'org_a', data: { pad: 'x'.repeat(2000) } };
    ops.push(put(EVENTS, 'org_a', event));
    ops.push(put(ATTEMPTS, 'whk_1', { id: `att_${d}`, delivery_id: `dlv_${d}`, event_id: event.id, at: iso(d), outcome: pendingDaysAgo.includes(d) ? 'retrying' : 'delivered' }));
    if (pendingDaysAgo.includes(d)) {
      ops.push(put(OUTBOX, 'org_a', { id: `dlv_${d}`, eventId: event.id, subscriptionId: 'whk_1', attempts: 5, nextAttemptAt: clock.now() + 3600_000, createdAt: iso(d) }));
    }
  }
  await journal.store.write(ops);
}

describe('retention', () => {
  it('removes certification runs that ended past their window, never a running one', async () => {
    const run = (id: string, startedDaysAgo: number, finishedDaysAgo: number | null) =>
      put(RUNS, 'org_a', { id, startedAt: iso(startedDaysAgo), finishedAt: finishedDaysAgo === null ? null : iso(finishedDaysAgo) });
    // A run started long ago but still running (a 24 h timeout) is kept; one that ended 29 days ago too.
    await journal.store.write([run('crt_old', 60, 59), run('crt_running', 45, null), run('crt_recent', 40, 29), run('crt_new', 1, 0)]);
    const plan = await retentionPlan(new FileAsyncStore(journal.store), clock.now(), windows, 10_000, RETENTION_RULES);
    expect(plan.ops.filter((op) => op.op === 'delete' && op.collection === RUNS).map((op) => (op as { id: string }).id)).toEqual(['crt_old']);
  });

  it('removes delivered events and attempts past their windows, never an undelivered event or its attempts', async () => {
    await history(30, [20, 2]);
    const plan = await retentionPlan(new FileAsyncStore(journal.store), clock.now(), windows, 10_000, RETENTION_RULES);
    const removed = (collection: string) => plan.ops.filter((op) => op.op === 'delete' && op.collection === collection).map((op) => (op as { id: string }).id);
    // Events 7 days old or older: 7…30 (24), minus the pending one from day 20.
    expect(removed(EVENTS)).toHaveLength(23);
    expect(removed(EVENTS)).not.toContain('evt_20');
    expect(removed(EVENTS)).not.toContain('evt_6');
    // Attempts 3 days old or older: 3…30 (28), minus the pending delivery's.
    expect(removed(ATTEMPTS)).toHaveLength(27);
    expect(removed(ATTEMPTS)).not.toContain('att_20');
    expect(plan.pruned).toEqual({ [EVENTS]: 23, [ATTEMPTS]: 27 });
    expect(plan.more).toBe(false);
  });

  it('stops at its limit and says more is due', async () => {
    await history(30, []);
    const plan = await retentionPlan(new FileAsyncStore(journal.store), clock.now(), windows, 10, RETENTION_RULES);
    expect(plan.ops).toHaveLength(10);
    expect(plan.more).toBe(true);
  });

  it('prunes through durable writes and compacts: the snapshot shrinks and the journal empties; a restart sees the same', async () => {
    await history(60, [45]);
    await journal.store.compact();
    const snapshot = join(journal.dir, 'snapshots', 'org_a', EVENTS, '0.json');
    const before = (await stat(snapshot)).size;
    const result = await sweepRetention({ db: new FileAsyncStore(journal.store), clock, config: { dataDir: journal.dir } as ServerConfig }, windows, RETENTION_RULES, undefined, () => journal.store.compact());
    expect(result.pruned[EVENTS]).toBe(53);
    expect((await stat(snapshot)).size).toBeLessThan(before / 6);
    expect((await stat(join(journal.dir, 'journal.jsonl'))).size).toBe(0);
    await journal.reopen();
    expect(journal.store.count(EVENTS, 'org_a')).toBe(7);
    expect(journal.store.get(EVENTS, 'org_a', 'evt_45')).toBeDefined();
  });

  it('removes finished submissions (with their record id, resources and stored files) past their window, never an unfinished one or one with a job', async () => {
    const submission = (id: string, status: string, createdDaysAgo: number, updatedDaysAgo: number) => ({
      id,
      orgId: 'org_a',
      jobId: `job_${id}`,
      recordId: `rec_${id}`,
      profileId: 'prf_1',
      status,
      fields: {},
      filters: [],
      source: null,
      createdAt: iso(createdDaysAgo),
      updatedAt: iso(updatedDaysAgo),
      processedAt: null,
      inputRevision: 1,
      runs: 1,
      evaluation: null,
      error: null,
      resourceIds: id === 'sub_old' ? ['res_1'] : [],
      transcriptIds: [],
    });
    await journal.store.write([
      put(SUBMISSIONS, 'org_a', submission('sub_old', 'completed', 60, 50)),
      put(RECORD_IDS, 'org_a', { id: 'rec_sub_old', submissionId: 'sub_old' }),
      put(RESOURCES, 'org_a', { id: 'res_1', submissionId: 'sub_old' }),
      put(SUBMISSIONS, 'org_a', submission('sub_failed', 'failed', 55, 40)),
      put(SUBMISSIONS, 'org_a', submission('sub_queued', 'queued', 50, 50)),
      put(SUBMISSIONS, 'org_a', submission('sub_awaiting', 'awaiting_assessment', 45, 45)),
      put(SUBMISSIONS, 'org_a', submission('sub_rerun', 'completed', 44, 44)),
      put(JOBS, 'org_a', { id: 'sub_rerun', jobId: 'job_sub_rerun', revision: 2, enqueuedAt: iso(1) }),
      put(SUBMISSIONS, 'org_a', submission('sub_touched', 'completed', 43, 5)),
      put(SUBMISSIONS, 'org_a', submission('sub_new', 'completed', 10, 10)),
    ]);
    const file = join(journal.dir, 'automation-files', 'org_a', 'res_1');
    await mkdir(join(journal.dir, 'automation-files', 'org_a'), { recursive: true });
    await writeFile(file, 'deck');

    const result = await sweepRetention({ db: new FileAsyncStore(journal.store), clock, config: { dataDir: journal.dir } as ServerConfig }, windows, RETENTION_RULES, undefined, () => journal.store.compact());
    expect(result.pruned).toEqual({ [SUBMISSIONS]: 2, [RECORD_IDS]: 1, [RESOURCES]: 1 });
    expect(journal.store.all(SUBMISSIONS, 'org_a').map((s) => s.id).sort()).toEqual(['sub_awaiting', 'sub_new', 'sub_queued', 'sub_rerun', 'sub_touched']);
    expect(journal.store.get(RECORD_IDS, 'org_a', 'rec_sub_old')).toBeUndefined();
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("removes the saved answers of expired invites, never those of an invite that can still be completed", async () => {
    const invite = (id: string, expiresInDays: number) => ({ id, organizationId: 'org_a', email: `${id}@x.example`, fullName: null, benchmarkTagId: null, createdAt: iso(20), expiresAt: iso(-expiresInDays), createdVia: 'api' });
    await journal.store.write([
      put(INVITES, 'org_a', invite('inv_expired', -1)),
      put(INVITES, 'org_a', invite('inv_open', 3)),
      put(INVITE_DRAFTS, 'org_a', { id: 'inv_expired', answers: { q5: '3' }, updatedAt: iso(2) }),
      put(INVITE_DRAFTS, 'org_a', { id: 'inv_open', answers: { q5: '4' }, updatedAt: iso(2) }),
      put(INVITE_DRAFTS, 'org_a', { id: 'inv_gone', answers: {}, updatedAt: iso(2) }),
    ]);
    const result = await sweepRetention({ db: new FileAsyncStore(journal.store), clock, config: { dataDir: journal.dir } as ServerConfig }, windows, RETENTION_RULES, undefined, () => journal.store.compact());
    expect(result.pruned).toEqual({ [INVITE_DRAFTS]: 2 });
    expect(journal.store.all(INVITE_DRAFTS, 'org_a').map((d) => d.id)).toEqual(['inv_open']);
  });
});
