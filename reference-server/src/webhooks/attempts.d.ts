import type { AppContext } from '../context.js';
import type { Page } from '../store/store.js';
import type { AttemptView } from './contract.js';
import { type AttemptRecord } from './records.js';
/** A page of one subscription's delivery attempts, newest first (the caller checks the subscription is theirs). */
export declare function listAttempts(ctx: Pick<AppContext, 'store'>, subscriptionId: string, query: {
    limit: number;
    after?: string;
    eventId?: string;
}): Page<AttemptRecord>;
/** One attempt of the subscription, with its exchange, or undefined. */
export declare function getAttempt(ctx: Pick<AppContext, 'store'>, subscriptionId: string, id: string): AttemptRecord | undefined;
/** What the API lists of an attempt: the documented fields, without the exchange the workspace shows. */
export declare function attemptView({ exchange: _exchange, ...view }: AttemptRecord): AttemptView;
