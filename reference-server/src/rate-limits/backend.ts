import type { RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimiterOptions {
  /**
   * Names the limiter's keys (`<prefix>:<key>`). One limiter per prefix on a backend; on
   * PostgreSQL, the limiters of every server with the same prefix count together.
   */
  prefix: string;
  /** The fixed window: a key's count starts with its first point and is forgotten this long after. */
  windowMs: number;
  /** The points a window allows (rate-limiter-flexible's `points`). */
  points: number;
  /** In memory: the most keys kept, the oldest dropped first, so cycling through keys cannot grow memory. */
  capacity?: number;
}

/**
 * Where the server's rate limits and sign-in throttle keep their counters
 * (docs/decisions/rate-limits-across-servers.md): in this process's memory on the server's clock
 * (the file store: one server), or in the database's `rate_limits` table (PostgreSQL: every
 * server on the database counts in the same rows, so a key has one limit across them).
 * Either way each counter is a rate-limiter-flexible limiter with the same behaviour.
 */
export interface RateLimitBackend {
  readonly kind: 'memory' | 'postgres';
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Drops the windows that have ended (a periodic job: ended windows are never read again). */
  sweep(): Promise<void>;
  /** Forgets what this backend holds in memory (the server stops); the database's rows stay. */
  close(): void;
}

/** Refuses a second limiter with a prefix already taken on this backend: they would count as one, or not. */
export function claimPrefix(taken: Set<string>, prefix: string): void {
  if (taken.has(prefix)) throw new Error(`a rate limiter named ${prefix} exists on this backend`);
  taken.add(prefix);
}
