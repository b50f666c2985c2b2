import { z } from 'zod';
import type { AppContext } from '../context.js';
import { type Page, type StoredRecord, type WriteOp } from '../store/store.js';
import type { Dimension } from '../psychometrics/model.js';
import type { ScoreReport } from '../psychometrics/report.js';
/**
 * The results repository: one stored, scored assessment per organisation + email.
 *
 * Shared by the Assessment API (which writes), the automation engine (which matches submissions
 * to a person's result by email) and GraphQL (which reads). Results live in the organisation's
 * scope; a second collection maps the case-folded email to the result id, so a lookup by email
 * costs the same with 100 or 50,000 results.
 */
export declare const RESULTS = "assessment_results";
export declare const RESULT_EMAIL_INDEX = "assessment_result_emails";
export declare const crmSyncStateSchema: z.ZodObject<{
    status: z.ZodEnum<{
        retrying: "retrying";
        failed: "failed";
        pending: "pending";
        not_configured: "not_configured";
        synced: "synced";
        superseded: "superseded";
    }>;
    attempts: z.ZodInt;
    lastAttemptAt: z.ZodOptional<z.ZodISODateTime>;
    nextAttemptAt: z.ZodOptional<z.ZodISODateTime>;
    syncedAt: z.ZodOptional<z.ZodISODateTime>;
    lastError: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
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
export declare const RESULT_SOURCES: readonly ["api", "invite"];
export type ResultSource = (typeof RESULT_SOURCES)[number];
export type ResultDraft = Omit<AssessmentResult, 'id' | 'organizationId' | 'emailKey' | 'revision' | 'createdAt' | 'submittedAt'>;
type Reader = Pick<AppContext, 'store'>;
/** Emails compare case-insensitively (the spec), after trimming. */
export declare function emailKey(email: string): string;
export declare function getResult(ctx: Reader, orgId: string, resultId: string): AssessmentResult | undefined;
export declare function findResultByEmail(ctx: Reader, orgId: string, email: string): AssessmentResult | undefined;
/** A page of the organisation's results, most recently created first. */
export declare function listResults(ctx: Reader, orgId: string, query: {
    limit: number;
    after?: string;
}): Page<AssessmentResult>;
export declare function countResults(ctx: Reader, orgId: string): number;
/** Percentile of each dimension, for matching a person against a profile's targets. */
export declare function dimensionPercentiles(result: AssessmentResult): Record<Dimension, number>;
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
export declare function saveResult(ctx: Pick<AppContext, 'store' | 'clock' | 'ids'>, orgId: string, draft: ResultDraft, also?: (saved: SavedResult) => WriteOp[]): Promise<SavedResult>;
/**
 * Records the CRM sync state of one revision of a result. A no-op (false) when the result has
 * since been replaced: the newer revision carries its own sync.
 */
export declare function recordCrmSync(ctx: Pick<AppContext, 'store'>, orgId: string, resultId: string, revision: number, state: CrmSyncState, also?: WriteOp[]): Promise<boolean>;
export {};
