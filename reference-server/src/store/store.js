/**
 * The persistence contract every surface writes through.
 *
 * Records live in collections, and each collection is split by scope: an organisation id for
 * tenant data, or GLOBAL for what belongs to no organisation (credentials, OAuth clients, users).
 * Splitting by scope keeps one tenant's reads and snapshot files apart from another's.
 *
 * `write` applies its operations to the in-memory view synchronously — so a service that reads,
 * decides and calls `write` within one tick is atomic with respect to other requests — and its
 * promise resolves only once the batch is durable on disk. A batch is all-or-nothing across
 * collections: an outbox event written with the change that caused it survives or vanishes with it.
 */
export const GLOBAL = '_global';
export const put = (collection, scope, record) => ({
    op: 'put',
    collection,
    scope,
    record,
});
export const del = (collection, scope, id) => ({
    op: 'delete',
    collection,
    scope,
    id,
});
/**
 * A write refused because the disk cannot take it now (full, failing, or the store closing):
 * nothing of the batch was acknowledged, and the surfaces answer 503 with `Retry-After`. Reads go on.
 */
export class StoreUnavailableError extends Error {
    reason;
    retryAfterSeconds;
    constructor(reason, retryAfterSeconds = 5, options) {
        super(`the store takes no writes now: ${reason}`, options);
        this.reason = reason;
        this.retryAfterSeconds = retryAfterSeconds;
        this.name = 'StoreUnavailableError';
    }
}
/** What a failed file operation means, in words an operator acts on. */
export function describeDiskError(error) {
    const code = error?.code;
    if (code === 'ENOSPC' || code === 'EDQUOT')
        return `the data folder's disk is full (${code})`;
    if (code === 'EIO')
        return 'the data folder\'s disk failed a write (EIO)';
    if (code === 'EROFS')
        return 'the data folder\'s disk is read-only (EROFS)';
    return `a write to the data folder failed (${code ?? error?.message ?? String(error)})`;
}
//# sourceMappingURL=store.js.map