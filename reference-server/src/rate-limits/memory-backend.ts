import type { Clock } from '../clock.js';
import { claimPrefix, type LimiterOptions, type RateLimitBackend } from './backend.js';
import { ClockMemoryLimiter } from './clock-memory-limiter.js';

/** The counters of one server (the file store): in memory, on the server's clock, gone on restart. */
export function memoryRateLimits(clock: Clock): RateLimitBackend {
  const limiters: ClockMemoryLimiter[] = [];
  const prefixes = new Set<string>();
  return {
    kind: 'memory',
    limiter({ prefix, windowMs, points, capacity }: LimiterOptions) {
      claimPrefix(prefixes, prefix);
      const limiter = new ClockMemoryLimiter(clock, { keyPrefix: prefix, points, duration: windowMs / 1000, ...(capacity ? { capacity } : {}) });
      limiters.push(limiter);
      return limiter;
    },
    async sweep() {
      for (const limiter of limiters) limiter.sweep();
    },
    close() {
      for (const limiter of limiters) limiter.clear();
    },
  };
}
