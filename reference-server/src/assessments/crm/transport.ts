import type { AppContext } from '../../context.js';
import { checkOutboundUrl, post, type OutboundClient } from '../../outbound/index.js';
import type { CrmRequest, CrmTransport } from './crm-queue.js';

/**
 * CRM sync leaves the server like a webhook does: through the SSRF-guarded outbound client (the
 * resolved address is checked at every attempt, redirects are not followed, one 10 s deadline).
 * A refusal rejects, so the queue records it as a failed attempt and retries on its schedule.
 */
export function crmTransport(outbound: OutboundClient): CrmTransport {
  return async (request: CrmRequest) => {
    const response = await post(outbound, request.url, request.body, request.headers);
    return { status: response.status, internal: response.internal, ...(response.retryAfterMs !== undefined ? { retryAfterMs: response.retryAfterMs } : {}) };
  };
}

/** Why a CRM URL would be refused at configuration (the same guard the webhook subscriptions use). */
export const checkCrmTarget = (ctx: AppContext, url: string): Promise<string | undefined> => checkOutboundUrl(ctx, url);
