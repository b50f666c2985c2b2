import type { AppContext } from '../context.js';
import { type Page } from '../store/store.js';
import type { SubmissionInput } from './create-input.js';
import { type SubmissionRecord, type SubmissionStatus } from './records.js';
import { type SubmissionSearch } from './search.js';
export { InvalidCursorError } from '../store/partition.js';
export type CreateOutcome = 
/** created: a new submission was queued. existing: the record_id was already used with the same input. */
{
    kind: 'created' | 'existing';
    submission: SubmissionRecord;
}
/** The profile is not one of the organisation's. */
 | {
    kind: 'unknown_profile';
}
/** The record_id was already used with a different profile_id or fields. */
 | {
    kind: 'conflict';
    submission: SubmissionRecord;
    differs: ('profile_id' | 'fields')[];
};
type Ctx = Pick<AppContext, 'store' | 'clock' | 'ids' | 'events'>;
export declare function getSubmission(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): SubmissionRecord | undefined;
export declare function findByRecordId(ctx: Pick<AppContext, 'store'>, orgId: string, recordId: string): SubmissionRecord | undefined;
/** By submission id (`sub_…`), job id (`job_…`, via the id embedded in it) or the caller's record_id. */
export declare function findSubmission(ctx: Pick<AppContext, 'store'>, orgId: string, ref: {
    submissionId?: string;
    recordId?: string;
    jobId?: string;
}): SubmissionRecord | undefined;
/**
 * Queues a submission: the submission, its record_id index entry, its processing job and the
 * `submission.queued` event in one write. A repeated record_id never creates a second
 * submission: with the same profile_id and fields it returns the existing one (`existing`),
 * otherwise `conflict`. The read and the write happen in one tick, so two concurrent creates
 * with one record_id cannot both create.
 */
export declare function createSubmission(ctx: Ctx, orgId: string, input: SubmissionInput): Promise<CreateOutcome>;
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
/** How many non-matching submissions a filtered page looks at before it returns (with a cursor). */
export declare const MAX_SCAN = 2000;
/**
 * A page of the organisation's submissions, newest first. Unfiltered, a page costs what its
 * items cost whatever the total. With filters, at most MAX_SCAN non-matching submissions are
 * passed over per page: a page may then hold fewer than `limit` items and still have `next`.
 * A record_id filter is an index lookup. Throws InvalidCursorError for an unknown `after`.
 */
export declare function listSubmissions(ctx: Pick<AppContext, 'store'>, orgId: string, query: ListQuery, searcher?: SubmissionSearch): Page<SubmissionRecord>;
export declare function countSubmissions(ctx: Pick<AppContext, 'store'>, orgId: string): number;
