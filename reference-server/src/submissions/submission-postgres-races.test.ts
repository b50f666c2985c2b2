import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../../testing/postgres.js';
import { systemClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { randomIds } from '../ids.js';
import { EventBus } from '../event-bus.js';
import { create, PostgresStore, put } from '../store/index.js';
import { CREATED, CREATED_COUNTERS, PROFILES, SUBMISSIONS, type CreatedCount, type SubmissionRecord } from './submission-records.js';
import { SubmissionSearch } from './search.js';
import { createSubmission } from './submission-service.js';
import { attachResource, readResourceFile } from './attachments.js';
import type { ServerConfig } from '../config.js';
import { DEMO_PROFILES } from './demo-profiles.js';

/**
 * Two servers on one PostgreSQL (two stores, two contexts), each asked the same thing at the same
 * moment: what issue 37 item 1 names for submissions, proven on a real database.
 */
type Server = Pick<AppContext, 'db' | 'clock' | 'ids' | 'events'>;

let database: TestDatabase;
let folder: string;
let servers: Server[];

beforeAll(async () => {
  database = await testDatabase();
  folder = await mkdtemp(join(tmpdir(), 'subs-races-'));
  servers = await Promise.all([1, 2].map(async () => ({ db: await PostgresStore.open(database.url), clock: systemClock, ids: randomIds, events: new EventBus() })));
  const profile = DEMO_PROFILES[0] as (typeof DEMO_PROFILES)[number];
  await (servers[0] as Server).db.write([put(PROFILES, 'org_a', { id: profile.id, orgId: 'org_a', ...profile.input, created_at: new Date().toISOString() })]);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.db.close()));
  await rm(folder, { recursive: true, force: true });
  await database.drop();
});

const [A, B] = [0, 1];
const profileId = () => (DEMO_PROFILES[0] as (typeof DEMO_PROFILES)[number]).id;
const input = (recordId: string, name: string) => ({ record_id: recordId, profile_id: profileId(), fields: { name, email: `${recordId}@example.com` } });
const on = (index: number) => servers[index] as Server;

describe('submissions on two servers sharing PostgreSQL', () => {
  it('creates one submission for two concurrent creates with one record_id; the other answers as a repeat', async () => {
    const outcomes = await Promise.all([createSubmission(on(A), 'org_a', input('rec-same', 'Ada')), createSubmission(on(B), 'org_a', input('rec-same', 'Ada'))]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['created', 'existing']);
    const ids = outcomes.map((o) => ('submission' in o ? o.submission.id : undefined));
    expect(ids[0]).toBe(ids[1]);
    const stored = (await on(A).db.all<SubmissionRecord>(SUBMISSIONS, 'org_a')).filter((s) => s.recordId === 'rec-same');
    expect(stored).toHaveLength(1);
  });

  it('answers the loser of two concurrent creates with one record_id and other fields with the conflict', async () => {
    const outcomes = await Promise.all([createSubmission(on(A), 'org_a', input('rec-differs', 'Ada')), createSubmission(on(B), 'org_a', input('rec-differs', 'Grace'))]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['conflict', 'created']);
    const stored = (await on(B).db.all<SubmissionRecord>(SUBMISSIONS, 'org_a')).filter((s) => s.recordId === 'rec-differs');
    expect(stored).toHaveLength(1);
  });

  it('serves from one server the bytes of a file uploaded to the other (they are in the store, not a folder)', async () => {
    const created = await createSubmission(on(A), 'org_a', input('rec-file', 'Files'));
    if (created.kind !== 'created') throw new Error(created.kind);
    const bytes = Buffer.from('%PDF-1.7 a deck');
    const attached = await attachResource(on(A), 'org_a', created.submission.id, { kind: 'file', bytes, fileName: 'deck.pdf' });
    if (!attached.ok) throw new Error(attached.reason);
    // The other server has a data folder of its own that never saw the upload.
    const elsewhere = { db: on(B).db, config: { dataDir: join(folder, 'elsewhere') } as ServerConfig };
    expect(await readResourceFile(elsewhere, 'org_a', attached.record)).toEqual(bytes);
  });

  it('finds on one server, by search, every submission created on either while both create at once', async () => {
    const search = new SubmissionSearch(on(A));
    const found = async () => {
      const ids: string[] = [];
      for (let after: string | undefined, page; (page = await search.search('org_a', { text: 'searched', limit: 100, ...(after ? { after } : {}) })); ) {
        ids.push(...page.items.map((s) => s.id));
        if (!page.next) break;
        after = page.next;
      }
      return ids;
    };
    expect(await found()).toEqual([]);
    const made: string[] = [];
    // Searches run between the creates, so the index learns while the two servers keep committing.
    for (let round = 0; round < 10; round += 1) {
      const outcomes = await Promise.all([
        ...[0, 1, 2].map((i) => createSubmission(on(A), 'org_a', input(`race-${round}-a${i}`, `Searched ${round}`))),
        ...[0, 1, 2].map((i) => createSubmission(on(B), 'org_a', input(`race-${round}-b${i}`, `Searched ${round}`))),
        found(),
      ]);
      for (const outcome of outcomes.slice(0, 6)) if (typeof outcome === 'object' && 'submission' in outcome) made.push(outcome.submission.id);
    }
    expect((await found()).sort()).toEqual(made.sort());
    // What the search trusts: the created counters, each bumped under its lock, never a lost update.
    const counters = await on(B).db.all<CreatedCount>(CREATED, 'org_a');
    expect(counters.reduce((sum, counter) => sum + counter.count, 0)).toBe(await on(B).db.count(SUBMISSIONS, 'org_a'));
  });

  it('finds a submission whose create commits after a newer one was found (creates on two counters commit in any order)', async () => {
    const search = new SubmissionSearch(on(A));
    const found = async () => ((await search.search('org_a', { text: 'tardy', limit: 100 }))?.items ?? []).map((s) => s.id).sort();
    expect(await found()).toEqual([]);
    // Made as a create makes it, on a counter no create of the other server draws, so neither waits on the other.
    const made = await createSubmission(on(B), 'org_a', input('rec-model', 'Model'));
    if (made.kind !== 'created') throw new Error(made.kind);
    const counter = `created-${CREATED_COUNTERS}`;
    const late: SubmissionRecord = { ...made.submission, id: 'sub_tardy_late', jobId: 'job_tardy_late', recordId: 'rec-late', fields: { name: 'Tardy Late' }, counter };
    let inserted = () => undefined as void;
    let commit = () => undefined as void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    const slow = on(B).db.transaction(async (tx) => {
      await tx.get(CREATED, 'org_a', counter, { forUpdate: true });
      await tx.write([create<CreatedCount>(CREATED, 'org_a', { id: counter, count: 1 }), put(SUBMISSIONS, 'org_a', late)]);
      // A read sends the writes: the late submission has its place in the store's order, not yet visible.
      await tx.get(SUBMISSIONS, 'org_a', late.id);
      inserted();
      await mayCommit;
    });
    await insertedNow;
    let onTime: Awaited<ReturnType<typeof createSubmission>>;
    try {
      onTime = await createSubmission(on(A), 'org_a', input('rec-on-time', 'Tardy On Time'));
      if (onTime.kind !== 'created') throw new Error(onTime.kind);
      expect(await found()).toEqual([onTime.submission.id]);
    } finally {
      commit();
      await slow;
    }
    // Newest first, the on-time one comes before the late one and is known: the walk goes past it.
    expect(await found()).toEqual([late.id, onTime.submission.id].sort());
  });
});
