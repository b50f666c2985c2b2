import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitBackend } from '../rate-limits/index.js';

/**
 * express-rate-limit's store over a rate-limiter-flexible limiter: express-rate-limit keeps
 * deciding and writing the headers and the 429 (draft-8 `RateLimit`, `Retry-After`), the limiter
 * keeps the count, in memory or in the database. One `penalty` per request: on PostgreSQL one
 * statement, which counts and reads back the window in one go.
 */
class LimiterStore implements Store {
  readonly localKeys: boolean;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    shared: boolean,
  ) {
    this.localKeys = !shared;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const counted = await this.limiter.penalty(key);
    // express-rate-limit reads the reset time against the wall clock: it is given the time left.
    return { totalHits: counted.consumedPoints, resetTime: new Date(Date.now() + Math.max(counted.msBeforeNext, 0)) };
  }

  async decrement(key: string): Promise<void> {
    await this.limiter.reward(key);
  }

  async resetKey(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/**
 * The rate limits' stores, made by the composition root on the server's rate-limit backend: one
 * store per limiter (express-rate-limit refuses a shared one), each a limiter of its own name.
 */
export class RateLimitWindows {
  constructor(private readonly backend: RateLimitBackend) {}

  /**
   * A new limiter's store. `identifier` names its counters: on PostgreSQL the limiters of every
   * server with the same identifier count together.
   */
  store(identifier: string, windowMs: number, limit: number): Store {
    return new LimiterStore(this.backend.limiter({ prefix: identifier, windowMs, points: limit }), this.backend.kind === 'postgres');
  }

  close(): void {
    this.backend.close();
  }
}
