import { INVITE_DRAFTS, INVITES, type InviteRecord } from '../assessments/index.js';
import { RUNS, type RunRecord } from '../certification/index.js';
import type { ServerConfig } from '../config.js';
import { del, type AsyncReader, type StoredRecord, type WriteOp } from '../store/index.js';
import { JOBS, RECORD_IDS, RESOURCES, SUBMISSIONS, TRANSCRIPTS, type RecordIdEntry, type SubmissionRecord } from '../submissions/index.js';
import { ATTEMPTS, EVENTS, OUTBOX, type AttemptRecord, type EventRecord, type OutboxEntry } from '../webhooks/index.js';

/** How long each kind of record is kept once it no longer matters to anything in flight. */
export interface RetentionWindows {
  /** Webhook events with no delivery pending (delivered, failed for good, or never subscribed to). */
  eventsMs: number;
  /** Delivery attempts, except those of a delivery still pending. */
  attemptsMs: number;
  /** Automation submissions that are completed or failed (never queued, processing or awaiting), from their last change. */
  submissionsMs: number;
  /** Finished certification runs, from their end (a running run is never removed). */
  runsMs: number;
}

export const DAY_MS = 24 * 3600_000;
export const DEFAULT_RETENTION: RetentionWindows = { eventsMs: 7 * DAY_MS, attemptsMs: 7 * DAY_MS, submissionsMs: 90 * DAY_MS, runsMs: 90 * DAY_MS };
export const DEFAULT_SWEEP_INTERVAL_MS = 3600_000;

/** The windows a server runs with: its configuration over the defaults. */
export function retentionWindows(config: Pick<ServerConfig, 'retention'>): RetentionWindows {
  const r = config.retention ?? {};
  return {
    eventsMs: r.eventsSeconds !== undefined ? r.eventsSeconds * 1000 : DEFAULT_RETENTION.eventsMs,
    attemptsMs: r.attemptsSeconds !== undefined ? r.attemptsSeconds * 1000 : DEFAULT_RETENTION.attemptsMs,
    submissionsMs: r.submissionsSeconds !== undefined ? r.submissionsSeconds * 1000 : DEFAULT_RETENTION.submissionsMs,
    runsMs: r.runsSeconds !== undefined ? r.runsSeconds * 1000 : DEFAULT_RETENTION.runsMs,
  };
}

export const sweepIntervalMs = (config: Pick<ServerConfig, 'retention'>): number =>
  config.retention?.intervalSeconds !== undefined ? Math.max(1, config.retention.intervalSeconds) * 1000 : DEFAULT_SWEEP_INTERVAL_MS;

export interface RetentionPlan {
  ops: WriteOp[];
  /** Records to remove, by collection. */
  pruned: Record<string, number>;
  /** True when the sweep stopped at its limit and more is due. */
  more: boolean;
  /** Stored files of removed resources, to delete once the removal is durable. */
  files: { orgId: string; resourceId: string }[];
}

const PAGE = 500;

/**
 * Walks one scope oldest first (insertion order is time order for these append-only logs) and
 * collects what is past its window, stopping at the first record still inside it, so a sweep
 * costs what it removes plus one page, not the size of the collection.
 */
async function expired<T extends StoredRecord>(
  db: AsyncReader,
  collection: string,
  scope: string,
  cutoff: number,
  at: (record: T) => number,
  keep: (record: T) => boolean,
  room: number,
): Promise<{ ids: string[]; more: boolean }> {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await db.page<T>(collection, scope, { limit: PAGE, newestFirst: false, ...(after ? { after } : {}) });
    for (const record of page.items) {
      if (at(record) > cutoff) return { ids, more: false };
      if (keep(record)) continue;
      if (ids.length === room) return { ids, more: true };
      ids.push(record.id);
    }
    if (!page.next) return { ids, more: false };
    after = page.next;
  }
}

/**
 * What a retention sweep removes now: events past their window with no delivery pending (an
 * undelivered event is never removed, whatever its age) and attempts past theirs, except those
 * of a pending delivery; finished submissions past theirs; finished certification runs past theirs; the saved answers of expired invites. At most `limit` records per sweep, so one sweep never stalls the server.
 */
export async function retentionPlan(db: AsyncReader, now: number, windows: RetentionWindows, limit: number): Promise<RetentionPlan> {
  const plan: RetentionPlan = { ops: [], pruned: {}, more: false, files: [] };
  const pendingEvents = new Set<string>();
  const pendingDeliveries = new Set<string>();
  for (const scope of await db.scopes(OUTBOX)) {
    for (const entry of await db.all<OutboxEntry>(OUTBOX, scope)) {
      pendingEvents.add(entry.eventId);
      pendingDeliveries.add(entry.id);
    }
  }
  const take = (collection: string, scope: string, found: { ids: string[]; more: boolean }) => {
    for (const id of found.ids) plan.ops.push(del(collection, scope, id));
    if (found.ids.length) plan.pruned[collection] = (plan.pruned[collection] ?? 0) + found.ids.length;
    plan.more ||= found.more;
  };
  for (const scope of await db.scopes(EVENTS)) {
    const room = limit - plan.ops.length;
    if (room <= 0) return { ...plan, more: true };
    take(EVENTS, scope, await expired<EventRecord>(db, EVENTS, scope, now - windows.eventsMs, (e) => Date.parse(e.created_at), (e) => pendingEvents.has(e.id), room));
  }
  for (const scope of await db.scopes(ATTEMPTS)) {
    const room = limit - plan.ops.length;
    if (room <= 0) return { ...plan, more: true };
    take(ATTEMPTS, scope, await expired<AttemptRecord>(db, ATTEMPTS, scope, now - windows.attemptsMs, (a) => Date.parse(a.at), (a) => pendingDeliveries.has(a.delivery_id), room));
  }
  const finished = new Set<string>(['completed', 'failed']);
  for (const scope of await db.scopes(SUBMISSIONS)) {
    const room = limit - plan.ops.length;
    if (room <= 0) return { ...plan, more: true };
    // Walked in creation order; a submission is kept while unfinished, changed inside the window, or with a job pending.
    const jobs = new Set((await db.all(JOBS, scope)).map((job) => job.id));
    const found = await expired<SubmissionRecord>(
      db,
      SUBMISSIONS,
      scope,
      now - windows.submissionsMs,
      (s) => Date.parse(s.createdAt),
      (s) => !finished.has(s.status) || Date.parse(s.updatedAt) > now - windows.submissionsMs || jobs.has(s.id),
      room,
    );
    take(SUBMISSIONS, scope, found);
    for (const id of found.ids) {
      const submission = (await db.get<SubmissionRecord>(SUBMISSIONS, scope, id)) as SubmissionRecord;
      if ((await db.get<RecordIdEntry>(RECORD_IDS, scope, submission.recordId))?.submissionId === id) take(RECORD_IDS, scope, { ids: [submission.recordId], more: false });
      take(RESOURCES, scope, { ids: submission.resourceIds, more: false });
      take(TRANSCRIPTS, scope, { ids: submission.transcriptIds, more: false });
      for (const resourceId of submission.resourceIds) plan.files.push({ orgId: scope, resourceId });
    }
  }
  for (const scope of await db.scopes(RUNS)) {
    const room = limit - plan.ops.length;
    if (room <= 0) return { ...plan, more: true };
    // Walked in start order: a run is kept while running or inside its window since it finished.
    const cutoff = now - windows.runsMs;
    take(RUNS, scope, await expired<RunRecord>(db, RUNS, scope, cutoff, (r) => Date.parse(r.startedAt), (r) => r.finishedAt === null || Date.parse(r.finishedAt) > cutoff, room));
  }
  // Saved answers of an invite that can no longer be completed: expired, or gone. (Withdrawing or
  // completing an invite deletes its draft at once; expiry is the one way a draft is left behind.)
  for (const scope of await db.scopes(INVITE_DRAFTS)) {
    const room = limit - plan.ops.length;
    if (room <= 0) return { ...plan, more: true };
    const stale: string[] = [];
    for (const draft of await db.all(INVITE_DRAFTS, scope)) {
      const invite = await db.get<InviteRecord>(INVITES, scope, draft.id);
      if (!invite || Date.parse(invite.expiresAt) <= now) stale.push(draft.id);
    }
    take(INVITE_DRAFTS, scope, { ids: stale.slice(0, room), more: stale.length > room });
  }
  return plan;
}
