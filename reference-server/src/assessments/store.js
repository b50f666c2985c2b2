import { z } from 'zod';
import { put } from '../store/store.js';
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
export const RESULT_SOURCES = ['api', 'invite'];
/** Emails compare case-insensitively (the spec), after trimming. */
export function emailKey(email) {
    return email.trim().toLowerCase();
}
export function getResult(ctx, orgId, resultId) {
    return ctx.store.get(RESULTS, orgId, resultId);
}
export function findResultByEmail(ctx, orgId, email) {
    const entry = ctx.store.get(RESULT_EMAIL_INDEX, orgId, emailKey(email));
    return entry ? getResult(ctx, orgId, entry.resultId) : undefined;
}
/** A page of the organisation's results, most recently created first. */
export function listResults(ctx, orgId, query) {
    return ctx.store.page(RESULTS, orgId, {
        limit: query.limit,
        ...(query.after ? { after: query.after } : {}),
    });
}
export function countResults(ctx, orgId) {
    return ctx.store.count(RESULTS, orgId);
}
/** Percentile of each dimension, for matching a person against a profile's targets. */
export function dimensionPercentiles(result) {
    return Object.fromEntries(Object.entries(result.scores.dimensions).map(([dimension, score]) => [dimension, score.percentile]));
}
/**
 * Creates or replaces the organisation's result for the draft's email. The read, the decision
 * and the store write happen in one tick, so concurrent submits for one email serialise: each
 * sees the one before it, and exactly one result remains. `also` adds operations (outbox
 * events, sync jobs) to the same all-or-nothing write.
 */
export async function saveResult(ctx, orgId, draft, also = () => []) {
    const key = emailKey(draft.email);
    const previous = findResultByEmail(ctx, orgId, key);
    const now = new Date(ctx.clock.now()).toISOString();
    const result = {
        ...draft,
        id: previous?.id ?? ctx.ids.next('res'),
        organizationId: orgId,
        emailKey: key,
        revision: (previous?.revision ?? 0) + 1,
        createdAt: previous?.createdAt ?? now,
        submittedAt: now,
    };
    const saved = previous ? { result, previous } : { result };
    const ops = [put(RESULTS, orgId, result)];
    if (!previous)
        ops.push(put(RESULT_EMAIL_INDEX, orgId, { id: key, resultId: result.id }));
    ops.push(...also(saved));
    await ctx.store.write(ops);
    return saved;
}
/**
 * Records the CRM sync state of one revision of a result. A no-op (false) when the result has
 * since been replaced: the newer revision carries its own sync.
 */
export async function recordCrmSync(ctx, orgId, resultId, revision, state, also = []) {
    const current = getResult(ctx, orgId, resultId);
    if (!current || current.revision !== revision) {
        if (also.length > 0)
            await ctx.store.write(also);
        return false;
    }
    await ctx.store.write([put(RESULTS, orgId, { ...current, crmSync: state }), ...also]);
    return true;
}
//# sourceMappingURL=store.js.map