import { isDeepStrictEqual } from 'node:util';
import { InvalidCursorError } from '../store/partition.js';
import { put } from '../store/store.js';
import { eventOps, eventsCommitted } from '../webhooks/index.js';
import { applyMapping, getFieldMapping } from './field-mapping.js';
import { getProfile } from './profiles.js';
import { JOBS, RECORD_IDS, SUBMISSIONS } from './records.js';
import { matchesSearch } from './search.js';
import { submissionSummary } from './views.js';
export { InvalidCursorError } from '../store/partition.js';
export function getSubmission(ctx, orgId, id) {
    return ctx.store.get(SUBMISSIONS, orgId, id);
}
export function findByRecordId(ctx, orgId, recordId) {
    const entry = ctx.store.get(RECORD_IDS, orgId, recordId);
    return entry ? getSubmission(ctx, orgId, entry.submissionId) : undefined;
}
/** By submission id (`sub_…`), job id (`job_…`, via the id embedded in it) or the caller's record_id. */
export function findSubmission(ctx, orgId, ref) {
    if (ref.submissionId)
        return getSubmission(ctx, orgId, ref.submissionId);
    if (ref.jobId) {
        const sub = ref.jobId.startsWith('job_') ? getSubmission(ctx, orgId, `sub_${ref.jobId.slice(4)}`) : undefined;
        return sub?.jobId === ref.jobId ? sub : undefined;
    }
    if (ref.recordId)
        return findByRecordId(ctx, orgId, ref.recordId);
    return undefined;
}
/**
 * Queues a submission: the submission, its record_id index entry, its processing job and the
 * `submission.queued` event in one write. A repeated record_id never creates a second
 * submission: with the same profile_id and fields it returns the existing one (`existing`),
 * otherwise `conflict`. The read and the write happen in one tick, so two concurrent creates
 * with one record_id cannot both create.
 */
export async function createSubmission(ctx, orgId, input) {
    const fields = applyMapping(getFieldMapping(ctx, orgId), 'submission', input.fields);
    const existing = findByRecordId(ctx, orgId, input.record_id);
    if (existing) {
        const differs = [
            ...(existing.profileId !== input.profile_id ? ['profile_id'] : []),
            ...(!isDeepStrictEqual(existing.fields, fields) ? ['fields'] : []),
        ];
        return differs.length ? { kind: 'conflict', submission: existing, differs } : { kind: 'existing', submission: existing };
    }
    const profile = getProfile(ctx, orgId, input.profile_id);
    if (!profile || profile.archived_at)
        return { kind: 'unknown_profile' };
    // One random part for both ids, so a job id leads back to its submission without an index.
    const token = ctx.ids.next('sub').slice(4);
    const now = new Date(ctx.clock.now()).toISOString();
    const submission = {
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
    };
    const ops = [
        put(SUBMISSIONS, orgId, submission),
        put(RECORD_IDS, orgId, { id: input.record_id, submissionId: submission.id }),
        put(JOBS, orgId, { id: submission.id, jobId: submission.jobId, revision: 1, enqueuedAt: now }),
        ...eventOps(ctx, orgId, 'submission.queued', submissionSummary(submission)),
    ];
    await ctx.store.write(ops);
    eventsCommitted(ctx, ops);
    return { kind: 'created', submission };
}
/** How many non-matching submissions a filtered page looks at before it returns (with a cursor). */
export const MAX_SCAN = 2000;
/**
 * A page of the organisation's submissions, newest first. Unfiltered, a page costs what its
 * items cost whatever the total. With filters, at most MAX_SCAN non-matching submissions are
 * passed over per page: a page may then hold fewer than `limit` items and still have `next`.
 * A record_id filter is an index lookup. Throws InvalidCursorError for an unknown `after`.
 */
export function listSubmissions(ctx, orgId, query, searcher) {
    const since = query.updatedSince !== undefined ? Date.parse(query.updatedSince) : undefined;
    const matches = (s) => (query.status === undefined || s.status === query.status) &&
        (query.profileId === undefined || s.profileId === query.profileId) &&
        (since === undefined || Date.parse(s.updatedAt) >= since);
    if (query.recordId !== undefined) {
        if (query.after !== undefined && !getSubmission(ctx, orgId, query.after))
            throw new InvalidCursorError(query.after);
        const found = findByRecordId(ctx, orgId, query.recordId);
        const named = (s) => query.search === undefined || matchesSearch(s, query.search);
        return { items: found && query.after === undefined && matches(found) && named(found) ? [found] : [] };
    }
    const searched = query.search !== undefined
        ? searcher?.search(orgId, { text: query.search, limit: query.limit, ...(query.after !== undefined ? { after: query.after } : {}), filter: matches })
        : undefined;
    if (searched)
        return searched;
    const filtered = query.status !== undefined || query.profileId !== undefined || since !== undefined;
    return ctx.store.page(SUBMISSIONS, orgId, {
        limit: query.limit,
        ...(query.after !== undefined ? { after: query.after } : {}),
        ...(filtered ? { filter: matches, maxScan: MAX_SCAN } : {}),
    });
}
export function countSubmissions(ctx, orgId) {
    return ctx.store.count(SUBMISSIONS, orgId);
}
//# sourceMappingURL=service.js.map