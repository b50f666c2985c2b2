import type { AppContext } from '../context.js';
import type { Page } from '../store/store.js';
import type { AttemptView } from './contract.js';
import { ATTEMPTS, type AttemptRecord } from './records.js';

/** A page of one subscription's delivery attempts, newest first (the caller checks the subscription is theirs). */
export function listAttempts(
  ctx: Pick<AppContext, 'store'>,
  subscriptionId: string,
  query: { limit: number; after?: string; eventId?: string },
): Page<AttemptRecord> {
  return ctx.store.page<AttemptRecord>(ATTEMPTS, subscriptionId, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
    ...(query.eventId ? { filter: (a: AttemptRecord) => a.event_id === query.eventId, maxScan: 1000 } : {}),
  });
}

/** One attempt of the subscription, with its exchange, or undefined. */
export function getAttempt(ctx: Pick<AppContext, 'store'>, subscriptionId: string, id: string): AttemptRecord | undefined {
  return ctx.store.get<AttemptRecord>(ATTEMPTS, subscriptionId, id);
}

/** What the API lists of an attempt: the documented fields, without the exchange the workspace shows. */
export function attemptView({ exchange: _exchange, ...view }: AttemptRecord): AttemptView {
  return view;
}
