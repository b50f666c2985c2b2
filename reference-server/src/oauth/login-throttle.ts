import ipaddr from 'ipaddr.js';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitBackend } from '../rate-limits/index.js';

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
  /** Failures are counted in windows this long, from the first failure of a window. */
  windowMs: number;
  /** In memory: most keys remembered; the oldest go first, so cycling through emails cannot grow memory. */
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
 * (backoff, not a lock: after the wait one more attempt is allowed).
 *
 * The counts and waits are rate-limiter-flexible limiters on the server's rate-limit backend: in
 * memory on one server (a restart forgets them), in the database on PostgreSQL, so failures sent
 * to any server count against the same address (docs/decisions/rate-limits-across-servers.md).
 * Emails are kept only as keyed hashes: a mistyped password in the email field is never stored.
 */
export class LoginThrottle {
  /** Failures per key in the current window. */
  readonly #failures: RateLimiterAbstract;
  /** Per key, the wait the last failure started: its window ends when the next try may be checked. */
  readonly #waits: RateLimiterAbstract;

  constructor(
    backend: RateLimitBackend,
    private readonly hashEmail: (email: string) => string,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {
    const capacity = limits.capacity;
    this.#failures = backend.limiter({ prefix: 'sign-in-failures', windowMs: limits.windowMs, points: limits.freePerAddress, capacity });
    this.#waits = backend.limiter({ prefix: 'sign-in-wait', windowMs: limits.maxDelayMs, points: 1, capacity });
  }

  /** Milliseconds until this attempt may be checked; 0 when it may now. */
  async retryAfter(attempt: SignInAttempt): Promise<number> {
    const waits = await Promise.all(this.#keys(attempt).map((key) => this.#waits.get(key)));
    return Math.max(0, ...waits.map((wait) => (wait ? wait.msBeforeNext : 0)));
  }

  async fail(attempt: SignInAttempt): Promise<void> {
    const [pair, address] = this.#keys(attempt);
    await Promise.all([this.#count(pair, this.limits.freePerEmailAndAddress), this.#count(address, this.limits.freePerAddress)]);
  }

  /**
   * A right password clears that email's failures from that address. The address's own count
   * stays: one known password must not reset a spray over other accounts.
   */
  async succeed(attempt: SignInAttempt): Promise<void> {
    const [pair] = this.#keys(attempt);
    await Promise.all([this.#failures.delete(pair), this.#waits.delete(pair)]);
  }

  #keys({ email, address }: SignInAttempt): [string, string] {
    const bucket = addressBucket(address);
    return [`${bucket} ${this.hashEmail(email)}`, bucket];
  }

  /** Counts a failure; once the free ones are used up, the next try waits, twice as long per failure. */
  async #count(key: string, free: number): Promise<void> {
    const failures = (await this.#failures.penalty(key)).consumedPoints;
    if (failures < free) return;
    const { baseDelayMs, maxDelayMs } = this.limits;
    const delayMs = Math.min(maxDelayMs, baseDelayMs * 2 ** (failures - free));
    await this.#waits.set(key, 1, delayMs / 1000);
  }
}
