import type { Clock } from '../clock.js';

/**
 * Slows password guessing on the sign-in page: after `max` failures for one email within
 * `windowMs`, that email is refused until the oldest failure leaves the window. Kept in memory
 * (a restart forgets it) and bounded, so an attacker cycling through emails cannot grow it.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly clock: Clock,
    readonly max = 5,
    readonly windowMs = 15 * 60_000,
    readonly capacity = 10_000,
  ) {}

  /** Milliseconds until this key may try again; 0 when it may now. */
  retryAfter(key: string): number {
    const recent = this.#recent(key);
    if (recent.length < this.max) return 0;
    return (recent[0] as number) + this.windowMs - this.clock.now();
  }

  fail(key: string): void {
    const recent = [...this.#recent(key), this.clock.now()];
    this.#failures.delete(key);
    this.#failures.set(key, recent);
    if (this.#failures.size > this.capacity) this.#failures.delete(this.#failures.keys().next().value as string);
  }

  succeed(key: string): void {
    this.#failures.delete(key);
  }

  #recent(key: string): number[] {
    const since = this.clock.now() - this.windowMs;
    return (this.#failures.get(key) ?? []).filter((at) => at > since);
  }
}
