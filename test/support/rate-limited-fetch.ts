/** Longest a read-back waits in all for a rate limit to pass (the Automation API's window is a minute). */
const MAX_WAIT_MS = 130_000;

/**
 * `fetch` that honours 429: it waits as `Retry-After` says and tries again, for the read-backs
 * after a soak or crash run (which must not call a rate-limited read "missing").
 */
export async function fetchHonouringRateLimit(url: string, init: RequestInit = {}): Promise<Response> {
  const started = Date.now();
  for (;;) {
    const response = await fetch(url, init);
    if (response.status !== 429 || Date.now() - started > MAX_WAIT_MS) return response;
    await response.arrayBuffer();
    const seconds = Number(response.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000));
  }
}
