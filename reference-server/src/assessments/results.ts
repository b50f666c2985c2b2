import { z } from 'zod';
import type { AppContext } from '../context.js';
import { put, type Page, type StoredRecord, type WriteOp } from '../store/index.js';
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

type Reader = Pick<AppContext, 'store'>;

/** Emails compare case-insensitively (the spec), after trimming. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function getResult(ctx: Reader, orgId: string, resultId: string): AssessmentResult | undefined {
  return ctx.store.get<AssessmentResult>(RESULTS, orgId, resultId);
}

export function findResultByEmail(ctx: Reader, orgId: string, email: string): AssessmentResult | undefined {
  const entry = ctx.store.get<EmailIndexEntry>(RESULT_EMAIL_INDEX, orgId, emailKey(email));
  return entry ? getResult(ctx, orgId, entry.resultId) : undefined;
}

/** Results a filtered page looks at before it answers with what it found (and a cursor to go on). */
const MAX_SCAN = 5000;

/** A page of the organisation's results, most recently created first, optionally only those `filter` keeps. */
export function listResults(ctx: Reader, orgId: string, query: { limit: number; after?: string; filter?: (result: AssessmentResult) => boolean }): Page<AssessmentResult> {
  return ctx.store.page<AssessmentResult>(RESULTS, orgId, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
    ...(query.filter ? { filter: query.filter, maxScan: MAX_SCAN } : {}),
  });
}

export function countResults(ctx: Reader, orgId: string): number {
  return ctx.store.count(RESULTS, orgId);
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
 * Creates or replaces the organisation's result for the draft's email. The read, the decision
 * and the store write happen in one tick, so concurrent submits for one email serialise: each
 * sees the one before it, and exactly one result remains. `also` adds operations (outbox
 * events, sync jobs) to the same all-or-nothing write.
 */
export async function saveResult(
  ctx: Pick<AppContext, 'store' | 'clock' | 'ids'>,
  orgId: string,
  draft: ResultDraft,
  also: (saved: SavedResult) => WriteOp[] | Promise<WriteOp[]> = () => [],
): Promise<SavedResult> {
  const key = emailKey(draft.email);
  const previous = findResultByEmail(ctx, orgId, key);
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
  const ops: WriteOp[] = [put(RESULTS, orgId, result)];
  if (!previous) ops.push(put<EmailIndexEntry>(RESULT_EMAIL_INDEX, orgId, { id: key, resultId: result.id }));
  ops.push(...(await also(saved)));
  await ctx.store.write(ops);
  return saved;
}

/**
 * Records the CRM sync state of one revision of a result. A no-op (false) when the result has
 * since been replaced: the newer revision carries its own sync.
 */
export async function recordCrmSync(
  ctx: Pick<AppContext, 'store'>,
  orgId: string,
  resultId: string,
  revision: number,
  state: CrmSyncState,
  also: WriteOp[] = [],
): Promise<boolean> {
  const current = getResult(ctx, orgId, resultId);
  if (!current || current.revision !== revision) {
    if (also.length > 0) await ctx.store.write(also);
    return false;
  }
  await ctx.store.write([put(RESULTS, orgId, { ...current, crmSync: state }), ...also]);
  return true;
}
