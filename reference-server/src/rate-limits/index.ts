// What the rest of the server uses of rate-limits/: other folders import it from here, never from its files.
import type { RateLimitBackend } from './backend.js';

export { type LimiterOptions, type RateLimitBackend } from './backend.js';
export { memoryRateLimits } from './memory-backend.js';
export { postgresRateLimits } from './postgres-backend.js';

/** Ended windows are dropped this often: the longest window is the sign-in throttle's 15 minutes. */
export const RATE_LIMIT_SWEEP_MS = 5 * 60_000;

/** The periodic job that drops ended windows (a jobs/ PeriodicJob, handed to the runner by the composition root). */
export function rateLimitSweep(backend: RateLimitBackend): { name: string; everyMs: number; run(): Promise<void> } {
  return { name: 'rate-limit sweep', everyMs: RATE_LIMIT_SWEEP_MS, run: () => backend.sweep() };
}
