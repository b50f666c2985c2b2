import type { CheckId } from './checks.js';
import type { RunRecord } from './records.js';
/** `api.honours-retry-after`: the 429's Retry-After, in seconds. */
export declare const RETRY_AFTER_S = 2;
/** `api.retries-transient`: the 503's Retry-After, in seconds. */
export declare const TRANSIENT_RETRY_AFTER_S = 1;
/** `api.bounded-retries`: requests allowed during the persistent 503 (no Retry-After is given). */
export declare const BOUNDED_ATTEMPTS = 10;
/** A request this much early still counts as waiting: timers and clocks are not exact. */
export declare const EARLY_TOLERANCE_MS = 50;
/** `api.paginates`: the page size the run's list requests get, so any list of two or more has more than one page. */
export declare const RUN_PAGE_SIZE = 1;
/** What the run learns of a request of its credentials before any surface sees it. */
export interface RequestFacts {
    at: number;
    method: string;
    /** Path without the query. */
    path: string;
    cursor?: string;
    /** `POST /api/automation/submissions` */
    create: boolean;
    /** A cursor-paged list of the Automation API. */
    list: boolean;
}
export type ApiAction = {
    kind: 'pass';
} | {
    kind: 'fault';
    status: 429 | 503;
    retryAfterS?: number;
    check: CheckId;
}
/** Let the create run, then drop the connection instead of answering. */
 | {
    kind: 'drop-answer';
}
/** The create after a dropped answer: grade its record_id once the surface read it. */
 | {
    kind: 'follow-create';
}
/** A list page: served with RUN_PAGE_SIZE items; its next_cursor is watched. */
 | {
    kind: 'page';
};
/**
 * The run's API client scenario, one request at a time (called under the run's update, so two
 * requests never take the same step). The traps, in order: a 429 with Retry-After, then a 503
 * (is the request sent again?), then a persistent 503 for the fault window (does the client back
 * off?). Creates are never faulted while the create trap is open: the first create is carried
 * out and its answer dropped, and the next create must carry the same record_id. Lists are
 * served in small pages to see whether the client follows next_cursor.
 */
export declare function planRequest(run: RunRecord, facts: RequestFacts): ApiAction;
/** Ends the fault window once it is over; true when it just ended. */
export declare function settleBounded(run: RunRecord, now: number): boolean;
/** A list page was answered: remember its cursor, or, on the last page after following one, pass. */
export declare function observePage(run: RunRecord, facts: RequestFacts, status: number, nextCursor: string | null | undefined): void;
/** The trapped create was carried out (a 2xx) and its answer dropped: the next create is graded. */
export declare function observeDroppedCreate(run: RunRecord, facts: RequestFacts, status: number, recordId: string | undefined): void;
/** The create after the dropped one: same record_id, or a second submission. */
export declare function observeCreateRetry(run: RunRecord, facts: RequestFacts, recordId: string | undefined, status: number): void;
