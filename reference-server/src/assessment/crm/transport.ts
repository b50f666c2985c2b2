import type { AppContext } from '../../context.js';
import type { CrmRequest, CrmTransport } from './queue.js';

/**
 * PLACEHOLDER until the shared outbound client (src/outbound, SSRF guard) lands: plain fetch,
 * no redirects followed, 10 s timeout. Replaced by the shared client's safe POST.
 */
const TIMEOUT_MS = 10_000;

export const crmTransport: CrmTransport = async (_ctx: AppContext, request: CrmRequest) => {
  const response = await fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  const retryAfter = Number(response.headers.get('retry-after'));
  return { status: response.status, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}) };
};

export async function checkCrmTarget(_ctx: AppContext, _url: string): Promise<string | undefined> {
  return undefined;
}
