import { isDeepStrictEqual } from 'node:util';
import type { AppContext } from '../context.js';
import { create, increment, InvalidCursorError, put, StoreConflictError, type AsyncReader, type AsyncWriteOp, type Page, type Transaction } from '../store/index.js';
import { eventPublisher } from '../webhooks/index.js';
import type { SubmissionInput } from './create-input.js';
import { applyMapping, getFieldMapping } from './field-mapping.js';
import type { ProfileRecord } from './profiles.js';
import { counterFor, CREATED, JOBS, PROFILES, RECORD_IDS, SUBMISSIONS, type JobRecord, type RecordIdEntry, type SubmissionRecord, type SubmissionStatus } from './submission-records.js';
import { matchesSearch, type SubmissionSearch } from './search.js';
import { submissionSummary } from './submission-views.js';

export { InvalidCursorError } from '../store/index.js';


export type CreateOutcome =
  /** created: a new submission was queued. existing: the record_id was already used with the same input. */
  | { kind: 'created' | 'existing'; submission: SubmissionRecord }
  /** The profile is not one of the organisation's. */
  | { kind: 'unknown_profile' }
  /** The record_id was already used with a different profile_id or fields. */
  | { kind: 'conflict'; submission: SubmissionRecord; differs: ('profile_id' | 'fields')[] };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'ids' | 'events'>;
type Reader = Pick<AppContext, 'db'>;

export function getSubmission(ctx: Reader, orgId: string, id: string): Promise<SubmissionRecord | undefined> {
  return ctx.db.get<SubmissionRecord>(SUBMISSIONS, orgId, id);
}

/** The submission holding `recordId`, read through `db` (the store, or a transaction). */
async function ownerOf(db: AsyncReader, orgId: string, recordId: string): Promise<SubmissionRecord | undefined> {
  const entry = await db.get<RecordIdEntry>(RECORD_IDS, orgId, recordId);
  return entry ? db.get<SubmissionRecord>(SUBMISSIONS, orgId, entry.submissionId) : undefined;
}

export function findByRecordId(ctx: Reader, orgId: string, recordId: string): Promise<SubmissionRecord | undefined> {
  return ownerOf(ctx.db, orgId, recordId);
}

/** By submission id (`sub_…`), job id (`job_…`, via the id embedded in it) or the caller's record_id. */
export async function findSubmission(ctx: Reader, orgId: string, ref: { submissionId?: string; recordId?: string; jobId?: string }): Promise<SubmissionRecord | undefined> {
  if (ref.submissionId) return getSubmission(ctx, orgId, ref.submissionId);
  if (ref.jobId) {
    const sub = ref.jobId.startsWith('job_') ? await getSubmission(ctx, orgId, `sub_${ref.jobId.slice(4)}`) : undefined;
    return sub?.jobId === ref.jobId ? sub : undefined;
  }
  if (ref.recordId) return findByRecordId(ctx, orgId, ref.recordId);
  return undefined;
}

/** Runs of a create: the second reads what the first one's winner wrote, so it cannot lose again on the same id. */
const CREATE_RUNS = 3;

/**
 * Queues a submission: the submission, its record_id index entry, its processing job and the
 * `submission.queued` event in one transaction. A repeated record_id never creates a second
 * submission: with the same profile_id and fields it returns the existing one (`existing`),
 * otherwise `conflict`. The record_id entry is written with `create`, so of two concurrent creates
 * with one record_id one commits and the other fails with StoreConflictError; run again, it reads
 * the winner's submission and answers as a repeat would.
 */
export async function createSubmission(ctx: Ctx, orgId: string, input: SubmissionInput): Promise<CreateOutcome> {
  for (let run = 1; ; run += 1) {
    try {
      return await ctx.db.transaction((tx) => createIn(tx, ctx, orgId, input));
    } catch (error) {
      if (!(error instanceof StoreConflictError) || run >= CREATE_RUNS) throw error;
    }
  }
}

async function createIn(tx: Transaction, ctx: Ctx, orgId: string, input: SubmissionInput): Promise<CreateOutcome> {
  // Asked together: one round trip on PostgreSQL.
  const [mapping, entry, profile, publish] = await Promise.all([
    getFieldMapping({ db: tx }, orgId),
    tx.get<RecordIdEntry>(RECORD_IDS, orgId, input.record_id),
    tx.get<ProfileRecord>(PROFILES, orgId, input.profile_id),
    eventPublisher(ctx, tx, orgId),
  ]);
  const existing = entry ? await tx.get<SubmissionRecord>(SUBMISSIONS, orgId, entry.submissionId) : undefined;
  const fields = applyMapping(mapping, 'submission', input.fields);
  if (existing) {
    const differs = [
      ...(existing.profileId !== input.profile_id ? (['profile_id'] as const) : []),
      ...(!isDeepStrictEqual(existing.fields, fields) ? (['fields'] as const) : []),
    ];
    return differs.length ? { kind: 'conflict', submission: existing, differs } : { kind: 'existing', submission: existing };
  }
  if (!profile || profile.archived_at) return { kind: 'unknown_profile' };
  // One random part for both ids, so a job id leads back to its submission without an index.
  const token = ctx.ids.next('sub').slice(4);
  const now = new Date(ctx.clock.now()).toISOString();
  const submission: SubmissionRecord = {
    id: `sub_${token}`,
    orgId,
    jobId: `job_${token}`,
    recordId: input.record_id,
    profileId: input.profile_id,
    status: 'queued',
    fields,
    filters: input.filters ?? [],
    // An empty source (after trimming) is no source.
    source: input.source || null,
    createdAt: now,
    updatedAt: now,
    processedAt: null,
    inputRevision: 1,
    runs: 0,
    evaluation: null,
    error: null,
    resourceIds: [],
    transcriptIds: [],
    history: [{ status: 'queued', at: now }],
    counter: counterFor(token),
  };
  const events = await publish('submission.queued', submissionSummary(submission));
  // The counter bumped without a read, and last: it is locked only while the rest of the commit
  // runs, so creates that drew the same one wait on each other for no round trip (a `forUpdate`
  // read held it from then on), nor while this one's record_id guard waits for another create of
  // the same record_id to end (a repeat fails there without ever locking it).
  const ops: AsyncWriteOp[] = [
    create<RecordIdEntry>(RECORD_IDS, orgId, { id: input.record_id, submissionId: submission.id }),
    put(SUBMISSIONS, orgId, submission),
    put<JobRecord>(JOBS, orgId, { id: submission.id, jobId: submission.jobId, revision: 1, enqueuedAt: now }),
    ...events,
    increment(CREATED, orgId, submission.counter as string, 'count'),
  ];
  await tx.write(ops);
  return { kind: 'created', submission };
}

export interface ListQuery {
  limit: number;
  /** Continue after this submission id (decoded from the API's opaque cursor). */
  after?: string;
  status?: SubmissionStatus;
  profileId?: string;
  recordId?: string;
  /** Only submissions updated at or after this instant (ISO 8601). */
  updatedSince?: string;
  /** What a person typed: each word begins a word of the name, company, email, record ID or ID (search.ts). */
  search?: string;
}

/** A list query from what a request gave: a filter given empty (or not at all) filters nothing. */
export function listQueryOf({ limit, ...filters }: { [K in keyof ListQuery]: ListQuery[K] | null | undefined } & { limit: number }): ListQuery {
  const query: ListQuery = { limit };
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== null && value !== '') Object.assign(query, { [name]: value });
  return query;
}

/** How many non-matching submissions a filtered page looks at before it returns (with a cursor). */
export const MAX_SCAN = 2000;

/**
 * A page of the organisation's submissions, newest first. Unfiltered, a page costs what its
 * items cost whatever the total. With filters, at most MAX_SCAN non-matching submissions are
 * passed over per page: a page may then hold fewer than `limit` items and still have `next`.
 * A record_id filter is an index lookup. Throws InvalidCursorError for an unknown `after`.
 */
export async function listSubmissions(ctx: Reader, orgId: string, query: ListQuery, searcher?: SubmissionSearch): Promise<Page<SubmissionRecord>> {
  const since = query.updatedSince !== undefined ? Date.parse(query.updatedSince) : undefined;
  const matches = (s: SubmissionRecord) =>
    (query.status === undefined || s.status === query.status) &&
    (query.profileId === undefined || s.profileId === query.profileId) &&
    (since === undefined || Date.parse(s.updatedAt) >= since);
  if (query.recordId !== undefined) {
    if (query.after !== undefined && !(await getSubmission(ctx, orgId, query.after))) throw new InvalidCursorError(query.after);
    const found = await findByRecordId(ctx, orgId, query.recordId);
    const named = (s: SubmissionRecord) => query.search === undefined || matchesSearch(s, query.search);
    return { items: found && query.after === undefined && matches(found) && named(found) ? [found] : [] };
  }
  const searched =
    query.search !== undefined
      ? await searcher?.search(orgId, { text: query.search, limit: query.limit, ...(query.after !== undefined ? { after: query.after } : {}), filter: matches })
      : undefined;
  if (searched) return searched;
  const filtered = query.status !== undefined || query.profileId !== undefined || since !== undefined;
  return ctx.db.page<SubmissionRecord>(SUBMISSIONS, orgId, {
    limit: query.limit,
    ...(query.after !== undefined ? { after: query.after } : {}),
    ...(filtered ? { filter: matches, maxScan: MAX_SCAN } : {}),
  });
}

export function countSubmissions(ctx: Reader, orgId: string): Promise<number> {
  return ctx.db.count(SUBMISSIONS, orgId);
}
