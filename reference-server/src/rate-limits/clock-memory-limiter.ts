import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../clock.js';

// rate-limiter-flexible's documented way to a store of one's own is to extend this class (its
// README, "Contributions"); 11.4.0 declares it in its types but its index does not export it.
const RateLimiterStoreAbstract = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js') as typeof StoreAbstract;

/** A key's window, as a `rate_limits` row holds it on PostgreSQL. */
interface Window {
  points: number;
  /** When the window ends, on the server's clock; null for never. */
  expire: number | null;
  /** Whether this upsert opened the window. */
  first: boolean;
}

/**
 * rate-limiter-flexible's limiter over a Map on the server's injected clock. Its own
 * RateLimiterMemory reads `Date.now()` and sets a timer per key, so tests could not move its time
 * and every window would hold a timer; this store has no timer: an ended window is replaced when
 * its key is next counted, and `sweep()` (a periodic job) drops the rest. Same semantics as
 * RateLimiterPostgres's upsert: points add up until the window ends, then a new one starts.
 */
export class ClockMemoryLimiter extends RateLimiterStoreAbstract {
  readonly #windows = new Map<string, Window>();
  readonly #clock: Clock;
  readonly #capacity: number;

  constructor(clock: Clock, options: { keyPrefix: string; points: number; duration: number; capacity?: number }) {
    // The abstract class insists on a store client; the Map is this limiter's own.
    super({ keyPrefix: options.keyPrefix, points: options.points, duration: options.duration, storeClient: 'memory' });
    this.#clock = clock;
    this.#capacity = options.capacity ?? Infinity;
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Window> {
    const now = this.#clock.now();
    const current = this.#windows.get(rlKey);
    if (current && !forceExpire && (current.expire === null || current.expire > now)) {
      current.points += points;
      return Promise.resolve({ ...current, first: false });
    }
    const opened: Window = { points, expire: msDuration > 0 ? now + msDuration : null, first: true };
    // Re-inserted, so the Map's order is the order windows were opened in: the oldest go first.
    this.#windows.delete(rlKey);
    this.#windows.set(rlKey, opened);
    if (this.#windows.size > this.#capacity) this.#windows.delete(this.#windows.keys().next().value as string);
    return Promise.resolve({ ...opened });
  }

  _get(rlKey: string): Promise<Window | null> {
    const window = this.#windows.get(rlKey);
    return Promise.resolve(window && !this.#ended(window, this.#clock.now()) ? { ...window, first: false } : null);
  }

  _delete(rlKey: string): Promise<boolean> {
    return Promise.resolve(this.#windows.delete(rlKey));
  }

  _getRateLimiterRes(_rlKey: string, _changedPoints: number, window: Window): RateLimiterRes {
    const msBeforeNext = window.expire === null ? -1 : Math.max(window.expire - this.#clock.now(), 0);
    return new RateLimiterRes(Math.max(this.points - window.points, 0), msBeforeNext, window.points, window.first);
  }

  /** Drops the windows that have ended. */
  sweep(): void {
    const now = this.#clock.now();
    for (const [key, window] of this.#windows) if (this.#ended(window, now)) this.#windows.delete(key);
  }

  clear(): void {
    this.#windows.clear();
  }

  #ended(window: Window, now: number): boolean {
    return window.expire !== null && window.expire <= now;
  }
}
