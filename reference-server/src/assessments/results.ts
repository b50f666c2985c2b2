import { z } from 'zod';
import type { AppContext } from '../context.js';
import { create, put, StoreConflictError, type AsyncReader, type AsyncWriteOp, type Page, type StoredRecord, type Transaction } from '../store/index.js';
import type { Dimension } from '../psychometrics/index.js';
import type { ScoreReport } from '../psychometrics/index.js';

/**
 * The results repository: one stored, scored assessment per organisation + email.
 *
 * Shared by the Assessment API (which writes), the automation engine (which matches submissions
 * to a person's result by email) and GraphQL (which reads). Results live in the organisation's
 * scope; a second collection maps the case-folded email to the result id, so a lookup by email
 * costs the same with 100 or 50,000 results.
 */
export const RESULTS = 'assessment_results';
export const RESULT_EMAIL_INDEX = 'assessment_result_emails';

export const crmSyncStateSchema = z
  .object({
    status: z.enum(['not_configured', 'pending', 'retrying', 'synced', 'failed', 'superseded']),
    attempts: z.int().min(0),
    lastAttemptAt: z.iso.datetime().optional(),
    nextAttemptAt: z.iso.datetime().optional(),
    syncedAt: z.iso.datetime().optional(),
    lastError: z.string().optional(),
  })
  .strict()
  .describe('Where the asynchronous CRM sync of this revision of the result stands.');
export type CrmSyncState = z.infer<typeof crmSyncStateSchema>;
export type CrmSyncStatus = CrmSyncState['status'];

export interface AssessmentResult extends StoredRecord {
  /** `res_…`; stays the same when a later submit for the same email replaces the result. */
  id: string;
  organizationId: string;
  /** As submitted (trimmed). */
  email: string;
  /** Case-folded email: the identity of the result within its organisation. */
  emailKey: string;
  fullName: string;
  benchmarkTagId: string | null;
  benchmarkApplied: boolean;
  scores: ScoreReport;
  /** The psychometric answers q5..q131 as submitted (raw, before reverse keying). */
  answers: Record<string, number>;
  /** Optional demographic and closing answers (q2, q3, q132..q140) as submitted. */
  context: Record<string, string | number | boolean>;
  /** 1 for the first submit, +1 for every replacement. */
  revision: number;
  createdAt: string;
  /** When this revision was submitted. */
  submittedAt: string;
  crmSync: CrmSyncState;
  /** How this revision arrived: an API submit or a participant's invite link. Absent on results stored before invites existed: `api`. */
  source?: ResultSource;
}

export const RESULT_SOURCES = ['api', 'invite'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

interface EmailIndexEntry extends StoredRecord {
  /** The case-folded email. */
  id: string;
  resultId: string;
}

export type ResultDraft = Omit<AssessmentResult, 'id' | 'organizationId' | 'emailKey' | 'revision' | 'createdAt' | 'submittedAt'>;

/** The store, or a transaction: whoever reads (`{ db: tx }` inside one). */
type Reader = { db: AsyncReader };

/** Emails compare case-insensitively (the spec), after trimming. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function getResult(ctx: Reader, orgId: string, resultId: string): Promise<AssessmentResult | undefined> {
  return ctx.db.get<AssessmentResult>(RESULTS, orgId, resultId);
}

export async function findResultByEmail(ctx: Reader, orgId: string, email: string): Promise<AssessmentResult | undefined> {
  const entry = await ctx.db.get<EmailIndexEntry>(RESULT_EMAIL_INDEX, orgId, emailKey(email));
  return entry ? getResult(ctx, orgId, entry.resultId) : undefined;
}

/** Results a filtered page looks at before it answers with what it found (and a cursor to go on). */
const MAX_SCAN = 5000;

/** A page of the organisation's results, most recently created first, optionally only those `filter` keeps. */
export function listResults(ctx: Reader, orgId: string, query: { limit: number; after?: string; filter?: (result: AssessmentResult) => boolean }): Promise<Page<AssessmentResult>> {
  return ctx.db.page<AssessmentResult>(RESULTS, orgId, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
    ...(query.filter ? { filter: query.filter, maxScan: MAX_SCAN } : {}),
  });
}

export function countResults(ctx: Reader, orgId: string): Promise<number> {
  return ctx.db.count(RESULTS, orgId);
}

/** Percentile of each dimension, for matching a person against a profile's targets. */
export function dimensionPercentiles(result: AssessmentResult): Record<Dimension, number> {
  return Object.fromEntries(
    Object.entries(result.scores.dimensions).map(([dimension, score]) => [dimension, score.percentile]),
  ) as Record<Dimension, number>;
}

export interface SavedResult {
  result: AssessmentResult;
  /** The result this one replaced (same id, previous revision), if any. */
  previous?: AssessmentResult;
}

/**
 * What a saved result adds to its own transaction (events, a sync job, an invite completed): its
 * reads through `tx`, asked for beside the save's own first read (one round trip on PostgreSQL),
 * then the operations for the saved result.
 */
export type AlsoOps = (tx: Transaction) => Promise<(saved: SavedResult) => AsyncWriteOp[] | Promise<AsyncWriteOp[]>>;

/**
 * A save whose draft depends on what its transaction reads (the CRM settings decide a result's
 * sync state): the draft and the operations that go with it, from reads asked beside the save's
 * own first read, so the settings cost no round trip of their own on PostgreSQL.
 */
export type PrepareSave = (tx: Transaction) => Promise<{ draft: ResultDraft; ops: (saved: SavedResult) => AsyncWriteOp[] | Promise<AsyncWriteOp[]> }>;

/** Runs of a save: the second reads the first one's winner, so it cannot lose again on the same email. */
const SAVE_RUNS = 3;

/**
 * Creates or replaces the organisation's result for the draft's email, in one transaction: the
 * current result is read for update, so concurrent submits for one email take turns (each sees the
 * one before it: revisions 1, 2, …), and a first result's email entry is written with `create`,
 * so of two concurrent first submits one creates and the other, run again, replaces it. Exactly
 * one result remains. `also` adds operations to the same all-or-nothing transaction.
 */
export async function saveResult(
  ctx: Pick<AppContext, 'db' | 'clock' | 'ids'>,
  orgId: string,
  draft: ResultDraft,
  also: AlsoOps = async () => () => [],
): Promise<SavedResult> {
  return savePrepared(ctx, orgId, draft.email, async (tx) => ({ draft, ops: await also(tx) }));
}

/** saveResult, the draft prepared in the transaction (`email` is the draft's: the save's first read needs it). */
export async function savePrepared(ctx: Pick<AppContext, 'db' | 'clock' | 'ids'>, orgId: string, email: string, prepare: PrepareSave): Promise<SavedResult> {
  for (let run = 1; ; run += 1) {
    try {
      return await ctx.db.transaction((tx) => saveIn(tx, ctx, orgId, email, prepare));
    } catch (error) {
      if (!(error instanceof StoreConflictError) || run >= SAVE_RUNS) throw error;
    }
  }
}

async function saveIn(tx: Transaction, ctx: Pick<AppContext, 'clock' | 'ids'>, orgId: string, email: string, prepare: PrepareSave): Promise<SavedResult> {
  const key = emailKey(email);
  const [entry, { draft, ops: alsoFor }] = await Promise.all([tx.get<EmailIndexEntry>(RESULT_EMAIL_INDEX, orgId, key), prepare(tx)]);
  if (emailKey(draft.email) !== key) throw new Error('a prepared draft must keep the email it was saved under');
  const previous = entry ? await tx.get<AssessmentResult>(RESULTS, orgId, entry.resultId, { forUpdate: true }) : undefined;
  const now = new Date(ctx.clock.now()).toISOString();
  const result: AssessmentResult = {
    ...draft,
    id: previous?.id ?? ctx.ids.next('res'),
    organizationId: orgId,
    emailKey: key,
    revision: (previous?.revision ?? 0) + 1,
    createdAt: previous?.createdAt ?? now,
    submittedAt: now,
  };
  const saved: SavedResult = previous ? { result, previous } : { result };
  const ops: AsyncWriteOp[] = [put(RESULTS, orgId, result)];
  if (!previous) {
    const index: EmailIndexEntry = { id: key, resultId: result.id };
    ops.push(entry ? put(RESULT_EMAIL_INDEX, orgId, index) : create(RESULT_EMAIL_INDEX, orgId, index));
  }
  ops.push(...(await alsoFor(saved)));
  await tx.write(ops);
  return saved;
}

/**
 * Records the CRM sync state of one revision of a result, in one transaction with the result read
 * for update. A no-op (false) when the result has since been replaced (the newer revision carries
 * its own sync), or, given `jobRevision`, when the sync job is no longer that revision's (a newer
 * revision replaced it while the attempt was on its way): then nothing is written, `also` neither.
 */
export async function recordCrmSync(
  ctx: Pick<AppContext, 'db'>,
  orgId: string,
  resultId: string,
  revision: number,
  state: CrmSyncState,
  also: AsyncWriteOp[] = [],
  job?: { collection: string; revision: number },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    // The result first, then the job: a save locks them in that order too, so the two never deadlock.
    const result = await tx.get<AssessmentResult>(RESULTS, orgId, resultId, { forUpdate: true });
    if (job) {
      const current = await tx.get<{ id: string; revision: number }>(job.collection, orgId, resultId, { forUpdate: true });
      if (current?.revision !== job.revision) return false;
    }
    if (!result || result.revision !== revision) {
      if (also.length > 0) await tx.write(also);
      return false;
    }
    await tx.write([put(RESULTS, orgId, { ...result, crmSync: state }), ...also]);
    return true;
  });
}
