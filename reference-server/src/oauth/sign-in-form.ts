import type { Request, Response } from 'express';
import { z } from 'zod';
import { startSession } from '../auth/index.js';
import type { AppContext } from '../context.js';
import type { RateLimitBackend } from '../rate-limits/index.js';
import { createPageCsrf, type PageCsrf, createFlash, type Flash as FlashCookie } from '../pages/index.js';
import { checkSignIn, createSignInGuard, type SignInGuard } from './sign-in-check.js';

const MAX_WAIT_S = 24 * 3600;

/** Why the last login form did not go through: shown once on the page after the 303. */
const SignInFlash = z.object({
  kind: z.enum(['invalid_credentials', 'form_expired', 'throttled']),
  email: z.string().max(320).optional(),
  /** How long a throttled form must wait before the next try. */
  retrySeconds: z.number().int().positive().max(MAX_WAIT_S).optional(),
});
export type SignInFlash = z.infer<typeof SignInFlash>;

const LoginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });

/**
 * What both login forms (the authorize flow's and the workspace sign-in) share: one CSRF binding
 * to the browser, one flash cookie, and one throttle and gate, so neither is a way around the other.
 * The cookie names (`pis_browser`, `pis_csrf`, `pis_flash`) are scoped to the whole origin.
 */
export interface SignInForms {
  csrf: PageCsrf;
  flash: FlashCookie<SignInFlash>;
  guard: SignInGuard;
}

export function createSignInForms(ctx: AppContext, rateLimits: RateLimitBackend): SignInForms {
  return {
    csrf: createPageCsrf(ctx, { cookiePath: '/', cookiePrefix: 'pis' }),
    flash: createFlash(ctx, { cookieName: 'pis_flash', cookiePath: '/', schema: SignInFlash }),
    guard: createSignInGuard(ctx, rateLimits),
  };
}

const waitText = (seconds: number): string => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** What the login page says for a flash, in words a person can act on. */
export function flashMessage(flash: SignInFlash | undefined): string | undefined {
  switch (flash?.kind) {
    case 'invalid_credentials':
      return 'That email and password do not match an account. Check them and try again.';
    case 'form_expired':
      return 'This page was open too long or was submitted from elsewhere. Please try again.';
    case 'throttled':
      return `Too many failed sign-ins from this network. Wait ${waitText(flash.retrySeconds ?? 60)}, then try again (or sign in from another network).`;
    default:
      return undefined;
  }
}

/**
 * A posted login form: checks its CSRF token, then the email and password under the throttle,
 * and starts a session. On refusal the reason is left in the flash for the page the caller
 * redirects to; the answer says whether the person is now signed in.
 */
export async function submitLogin(ctx: AppContext, forms: SignInForms, req: Request, res: Response): Promise<boolean> {
  if (!forms.csrf.valid(req)) {
    forms.flash.set(res, { kind: 'form_expired' });
    return false;
  }
  const form = LoginForm.safeParse(req.body ?? {});
  const email = form.success ? form.data.email : '';
  const outcome = await checkSignIn(ctx, forms.guard, req, email, form.success ? form.data.password : '');
  if (outcome.kind === 'signed_in') {
    await startSession(ctx, req, res, outcome.user);
    return true;
  }
  forms.flash.set(res, outcome.kind === 'throttled' ? { kind: 'throttled', email, retrySeconds: Math.min(Math.ceil(outcome.waitMs / 1000), MAX_WAIT_S) } : { kind: 'invalid_credentials', email });
  return false;
}
