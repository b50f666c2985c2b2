import type { AppContext } from '../context.js';
import type { Page } from '../store/index.js';
import type { AttemptView } from './contract.js';
import { ATTEMPTS, type AttemptRecord } from './records.js';

/** A page of one subscription's delivery attempts, newest first (the caller checks the subscription is theirs). */
export function listAttempts(
  ctx: Pick<AppContext, 'store'>,
  subscriptionId: string,
  query: { limit: number; after?: string; eventId?: string; eventType?: string; outcome?: AttemptRecord['outcome'] },
): Page<AttemptRecord> {
  const { eventId, eventType, outcome } = query;
  const filtered = eventId !== undefined || eventType !== undefined || outcome !== undefined;
  return ctx.store.page<AttemptRecord>(ATTEMPTS, subscriptionId, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
    ...(filtered
      ? {
          filter: (a: AttemptRecord) => (eventId === undefined || a.event_id === eventId) && (eventType === undefined || a.event_type === eventType) && (outcome === undefined || a.outcome === outcome),
          maxScan: MAX_SCAN,
        }
      : {}),
  });
}

/** A filtered page reads at most this many attempts that do not match (the log is bounded by its retention anyway). */
export const MAX_SCAN = 1000;

/** One attempt of the subscription, with its exchange, or undefined. */
export function getAttempt(ctx: Pick<AppContext, 'store'>, subscriptionId: string, id: string): AttemptRecord | undefined {
  return ctx.store.get<AttemptRecord>(ATTEMPTS, subscriptionId, id);
}

/** What the API lists of an attempt: the documented fields, without the exchange the workspace shows. */
export function attemptView({ exchange: _exchange, resendOf: _resendOf, ...view }: AttemptRecord): AttemptView {
  return view;
}
