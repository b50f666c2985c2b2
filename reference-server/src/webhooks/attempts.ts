import type { AppContext } from '../context.js';
import { redactBodyText, redactHeaders, redactInlineSecrets, redactUrlSecrets } from '../http/index.js';
import type { Page } from '../store/index.js';
import type { AttemptView } from './contract.js';
import { ATTEMPTS, type AttemptExchange, type AttemptRecord } from './webhook-records.js';

/** How much of the receiver's answer the API lists (`response_body`). */
export const LISTED_ANSWER_CHARS = 512;

/**
 * An attempt as the delivery log keeps and shows it, by the server's redaction policy, in both
 * directions: the URL, headers and body sent, and the receiver's answer (its `Set-Cookie`,
 * `Authorization`, an `access_token` in its body…). Applied when an attempt is written, and again
 * when one is read, for attempts a version before the policy wrote (redaction is idempotent).
 */
export function redactAttempt(attempt: AttemptRecord): AttemptRecord {
  const exchange = attempt.exchange && redactExchange(attempt.exchange);
  // The listed answer is the start of the kept one, cut after redaction: a secret cut short is not recognised.
  const answer = exchange?.response ? exchange.response.body.slice(0, LISTED_ANSWER_CHARS) || null : attempt.response_body && redactBodyText(attempt.response_body);
  return {
    ...attempt,
    error: attempt.error === null ? null : redactInlineSecrets(attempt.error),
    response_body: answer,
    ...(exchange ? { exchange } : {}),
  };
}

function redactExchange({ request, response, ...rest }: AttemptExchange): AttemptExchange {
  return {
    ...rest,
    request: { ...request, url: redactUrlSecrets(request.url), headers: redactHeaders(request.headers), body: redactBodyText(request.body, request.headers['content-type']) },
    response: response ? { ...response, headers: redactHeaders(response.headers), body: redactBodyText(response.body, response.headers['content-type']) } : null,
  };
}

/** A page of one subscription's delivery attempts, newest first (the caller checks the subscription is theirs). */
export async function listAttempts(
  ctx: Pick<AppContext, 'db'>,
  subscriptionId: string,
  query: { limit: number; after?: string; eventId?: string; eventType?: string; outcome?: AttemptRecord['outcome'] },
): Promise<Page<AttemptRecord>> {
  const { eventId, eventType, outcome } = query;
  const filtered = eventId !== undefined || eventType !== undefined || outcome !== undefined;
  const page = await ctx.db.page<AttemptRecord>(ATTEMPTS, subscriptionId, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
    ...(filtered
      ? {
          filter: (a: AttemptRecord) => (eventId === undefined || a.event_id === eventId) && (eventType === undefined || a.event_type === eventType) && (outcome === undefined || a.outcome === outcome),
          maxScan: MAX_SCAN,
        }
      : {}),
  });
  return { ...page, items: page.items.map(redactAttempt) };
}

/** A filtered page reads at most this many attempts that do not match (the log is bounded by its retention anyway). */
export const MAX_SCAN = 1000;

/** One attempt of the subscription, with its exchange, or undefined. */
export async function getAttempt(ctx: Pick<AppContext, 'db'>, subscriptionId: string, id: string): Promise<AttemptRecord | undefined> {
  const attempt = await ctx.db.get<AttemptRecord>(ATTEMPTS, subscriptionId, id);
  return attempt && redactAttempt(attempt);
}

/** What the API lists of an attempt: the documented fields, without the exchange the workspace shows. */
export function attemptView({ exchange: _exchange, resendOf: _resendOf, ...view }: AttemptRecord): AttemptView {
  return view;
}
