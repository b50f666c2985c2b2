import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { RateLimitBackend } from '../rate-limits/index.js';
import { clientAddress } from '../http/index.js';
import { type User, authenticateUser, normalizeEmail } from '../tenancy/index.js';
import { addressBucket, LoginThrottle } from './login-throttle.js';
import { PasswordCheckGate } from './password-gate.js';

/** The throttle and the per-address gate both login forms share, so neither is a way around the other. */
export interface SignInGuard {
  throttle: LoginThrottle;
  gate: PasswordCheckGate;
}

export function createSignInGuard(ctx: Pick<AppContext, 'keyring'>, rateLimits: RateLimitBackend): SignInGuard {
  return { throttle: new LoginThrottle(rateLimits, (email) => ctx.keyring.hash(email)), gate: new PasswordCheckGate() };
}

export type SignInOutcome = { kind: 'signed_in'; user: User } | { kind: 'invalid' } | { kind: 'throttled'; waitMs: number };

/** When a burst from one address is refused without a check, it is told to wait this long. */
const BUSY_WAIT_MS = 5_000;

/**
 * Checks an email and password typed into a login form, under the throttle (per email and
 * address, per address; see login-throttle.ts) and one check at a time per address. The
 * throttle is read again once the check's turn comes, since the checks queued before it may have
 * failed meanwhile.
 */
export async function checkSignIn(ctx: AppContext, guard: SignInGuard, req: Request, email: string, password: string): Promise<SignInOutcome> {
  const attempt = { email: normalizeEmail(email), address: addressBucket(clientAddress(req)) };
  const throttled = async (): Promise<SignInOutcome | undefined> => {
    const waitMs = await guard.throttle.retryAfter(attempt);
    return waitMs > 0 ? { kind: 'throttled', waitMs } : undefined;
  };
  const early = await throttled();
  if (early) return early;
  const checked = await guard.gate.run(attempt.address, async (): Promise<SignInOutcome> => {
    const late = await throttled();
    if (late) return late;
    const user = email && password ? await authenticateUser(ctx, email, password) : undefined;
    if (!user) {
      await guard.throttle.fail(attempt);
      return { kind: 'invalid' };
    }
    await guard.throttle.succeed(attempt);
    return { kind: 'signed_in', user };
  });
  return checked.busy ? { kind: 'throttled', waitMs: BUSY_WAIT_MS } : checked.value;
}
