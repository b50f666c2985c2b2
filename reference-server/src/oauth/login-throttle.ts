import ipaddr from 'ipaddr.js';
import type { Clock } from '../clock.js';

/** Who is trying to sign in: the email typed and the client's address (`req.ip`, behind --trust-proxy). */
export interface SignInAttempt {
  email: string;
  address: string;
}

export interface ThrottleLimits {
  /** Failures of one email from one address that cost nothing; each further one doubles the wait. */
  freePerEmailAndAddress: number;
  /** Failures from one address, over all emails, that cost nothing (password spraying). */
  freePerAddress: number;
  /** The first wait once the free failures are used up; it doubles with each further failure. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A failure older than this is forgotten. */
  windowMs: number;
  /** Most keys remembered; the oldest go first, so cycling through emails cannot grow memory. */
  capacity: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  freePerEmailAndAddress: 5,
  freePerAddress: 20,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  capacity: 20_000,
};

/**
 * The bucket of a client address: an IPv4 address, or the /64 an IPv6 address is in (one host
 * is usually given a whole /64, so a per-address limit on single IPv6 addresses is no limit).
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/**
 * Slows password guessing on the sign-in forms without giving anyone a way to lock another
 * person out. Failures are counted per (email, client address) and per client address, never per
 * email alone: five wrong passwords for someone's email from one address slow down that address
 * for that email, while the owner signing in from their own address is not affected. Past the
 * free failures each attempt waits `baseDelayMs`, doubling per further failure up to `maxDelayMs`
 * (backoff, not a lock: after the wait one more attempt is allowed). In memory (a restart forgets
 * it) and bounded.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly clock: Clock,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /** Milliseconds until this attempt may be checked; 0 when it may now. */
  retryAfter(attempt: SignInAttempt): number {
    const [pair, address] = this.#keys(attempt);
    return Math.max(this.#wait(pair, this.limits.freePerEmailAndAddress), this.#wait(address, this.limits.freePerAddress));
  }

  fail(attempt: SignInAttempt): void {
    for (const key of this.#keys(attempt)) {
      const recent = [...this.#recent(key), this.clock.now()];
      this.#failures.delete(key);
      this.#failures.set(key, recent);
    }
    while (this.#failures.size > this.limits.capacity) this.#failures.delete(this.#failures.keys().next().value as string);
  }

  /**
   * A right password clears that email's failures from that address. The address's own count
   * stays: one known password must not reset a spray over other accounts.
   */
  succeed(attempt: SignInAttempt): void {
    this.#failures.delete(this.#keys(attempt)[0]);
  }

  #keys({ email, address }: SignInAttempt): [string, string] {
    const bucket = addressBucket(address);
    return [`pair ${bucket} ${email}`, `address ${bucket}`];
  }

  #wait(key: string, free: number): number {
    const recent = this.#recent(key);
    if (recent.length < free) return 0;
    const { baseDelayMs, maxDelayMs } = this.limits;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (recent.length - free));
    return Math.max(0, (recent.at(-1) as number) + delay - this.clock.now());
  }

  #recent(key: string): number[] {
    const since = this.clock.now() - this.limits.windowMs;
    return (this.#failures.get(key) ?? []).filter((at) => at > since);
  }
}
