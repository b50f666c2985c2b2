import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../../testing/postgres.js';
import { ManualClock, systemClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { EventBus } from '../event-bus.js';
import { randomIds } from '../ids.js';
import { JobRunner, WakingStore, type InClaimJob } from '../jobs/index.js';
import { PostgresStore, put } from '../store/index.js';
import { attachResource } from './attachments.js';
import { DEMO_PROFILES } from './demo-profiles.js';
import { SUBMISSION_PROCESSING, SUBMISSION_RESCORING, SubmissionProcessor } from './processor.js';
import { JOBS, PROFILES, SUBMISSIONS, type SubmissionRecord } from './submission-records.js';
import { createSubmission } from './submission-service.js';

/**
 * A processing run is done inside its job's claim, holding the job's row; an attachment holds the
 * submission and re-queues the job, writing that row. On a real PostgreSQL, the two at once.
 */
let database: TestDatabase;
const stores: PostgresStore[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await database.drop();
});

/** A store whose sessions wait a minute before they look for a deadlock: one of theirs is not broken by them. */
async function open(url: string, deadlockTimeout?: string): Promise<PostgresStore> {
  const address = new URL(url);
  if (deadlockTimeout) address.searchParams.set('options', `-c deadlock_timeout=${deadlockTimeout}`);
  const store = await PostgresStore.open(address.toString());
  stores.push(store);
  return store;
}

it('lets an attachment re-queue a submission whose run has claimed its job, without a deadlock: the run gives way and runs again', async () => {
  const queues = [SUBMISSION_PROCESSING, SUBMISSION_RESCORING];
  // The attaching server breaks a deadlock after the default second, the running one only after a
  // minute: were there one, the attachment would be the transaction PostgreSQL rolls back.
  const running = await open(database.url, '60s');
  const attaching = { db: await open(database.url), clock: systemClock, ids: randomIds, events: new EventBus() };
  const profile = DEMO_PROFILES[0] as (typeof DEMO_PROFILES)[number];
  await attaching.db.write([put(PROFILES, 'org_a', { id: profile.id, orgId: 'org_a', ...profile.input, created_at: new Date().toISOString() })]);
  const created = await createSubmission(attaching, 'org_a', { record_id: 'rec-1', profile_id: profile.id, fields: { name: 'Ada', email: 'ada@example.com' } });
  if (created.kind !== 'created') throw new Error(created.kind);
  const id = created.submission.id;

  const clock = new ManualClock();
  const runner = new JobRunner({ db: running, clock, log, queues });
  const ctx = { db: new WakingStore(running, queues, runner.jobsDeleted), clock, ids: randomIds, events: new EventBus(), log } as unknown as AppContext;
  // The run is held once it has claimed the job, until the attachment holds the submission.
  let claimed = () => undefined as void;
  const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Its first reads after the claim, as on a run again after a conflict (beside the claim, the
  // submission would be locked in the claim's round trip): the claim alone holds the job's row.
  new SubmissionProcessor(ctx).handleQueues({
    handleInClaim: (queue, handler) => {
      const job = handler as InClaimJob<unknown>;
      runner.handleInClaim(queue, async (ref, tx, signal) => {
        claimed();
        await released;
        return job.run(ref, tx, await job.firstReads(ref, tx), signal);
      });
    },
  });
  attaching.events.listen({ types: ['resource.attached'], opsFor: () => (release(), []) });
  runner.start();
  await hasClaimed;

  const attached = await attachResource(attaching, 'org_a', id, { kind: 'url', url: 'https://example.com/deck.pdf' });
  expect(attached.ok).toBe(true);
  // The run that gave way is looked at again (its job was locked, then changed): at the latest after a backoff.
  await runner.idle();
  clock.advance(60_000);
  await runner.idle();
  await runner.stop();
  const submission = await running.get<SubmissionRecord>(SUBMISSIONS, 'org_a', id);
  expect(submission?.inputRevision).toBe(2);
  expect(submission?.status).not.toBe('queued');
  expect(await running.get(JOBS, 'org_a', id)).toBeUndefined();
});
