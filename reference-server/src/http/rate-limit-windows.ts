import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Clock } from '../clock.js';

interface Window {
  hits: number;
  /** When the window ends, on the server's clock. */
  endsAt: number;
}

/**
 * One rate limiter's fixed windows, kept in memory on the server's clock instead of
 * express-rate-limit's MemoryStore (its own `setInterval` on real time). No timer: a window that
 * has ended is replaced when its key is next seen, and ended windows are dropped once per window
 * length. express-rate-limit reads the reset time against the wall clock, so it is given the time
 * left on the server's clock from now.
 */
class ClockWindowStore implements Store {
  readonly localKeys = true;
  readonly #windows = new Map<string, Window>();
  #windowMs = 60_000;
  #prunedAt: number;

  constructor(private readonly clock: Clock) {
    this.#prunedAt = clock.now();
  }

  init(options: Options): void {
    this.#windowMs = options.windowMs;
  }

  increment(key: string): ClientRateLimitInfo {
    const now = this.clock.now();
    this.#prune(now);
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + this.#windowMs };
      this.#windows.set(key, window);
    }
    window.hits += 1;
    return { totalHits: window.hits, resetTime: new Date(Date.now() + (window.endsAt - now)) };
  }

  decrement(key: string): void {
    const window = this.#windows.get(key);
    if (window && window.hits > 0) window.hits -= 1;
  }

  resetKey(key: string): void {
    this.#windows.delete(key);
  }

  resetAll(): void {
    this.#windows.clear();
  }

  #prune(now: number): void {
    if (now - this.#prunedAt < this.#windowMs) return;
    this.#prunedAt = now;
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
}

/**
 * The server's in-memory rate-limit state, made by the composition root: one store per limiter
 * (express-rate-limit refuses a shared one), all on the injected clock, all emptied on close.
 */
export class RateLimitWindows {
  readonly #stores: ClockWindowStore[] = [];

  constructor(private readonly clock: Clock) {}

  /** A new limiter's store. */
  store(): Store {
    const store = new ClockWindowStore(this.clock);
    this.#stores.push(store);
    return store;
  }

  close(): void {
    for (const store of this.#stores) store.resetAll();
  }
}
