import express, { Router, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { createCsrf, ensureBrowserId, flashMessage, newNonce, pageHeaders, setFlash, startSession, takeFlash } from './browser-session.js';
import { checkSignIn, type SignInGuard } from './sign-in-check.js';
import { loginPage } from './pages.js';

const FORM_LIMIT = '16kb';
const SIGN_IN_PATH = '/api/oauth/sign-in';
const DEFAULT_RETURN = '/workspace';

const SignInForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default(''), return_to: z.string().max(2000).optional() });

/** A base no request can name: resolving against it shows whether a value leaves this origin. */
const RESOLVE_BASE = 'http://return-to.invalid';

/**
 * Where a sign-in may send the browser afterwards: only a path of the workspace on this origin.
 * The value is resolved first, the way the browser will (dot segments, `%2e%2e` included), and
 * the resolved path checked, so `/workspace/../../x` cannot leave `/workspace`. Anything else
 * (another host, `//host`, a backslash trick) falls back to the workspace home, so the sign-in
 * page cannot be used as an open redirect; what is returned is the resolved form.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\\\s]/.test(value)) return DEFAULT_RETURN;
  let resolved: URL;
  try {
    resolved = new URL(value, RESOLVE_BASE);
  } catch {
    return DEFAULT_RETURN;
  }
  if (resolved.origin !== RESOLVE_BASE || !/^\/workspace(?:\/|$)/.test(resolved.pathname)) return DEFAULT_RETURN;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

export const signInUrl = (returnTo: string): string => `${SIGN_IN_PATH}?return_to=${encodeURIComponent(safeReturnPath(returnTo))}`;

/**
 * The investor login outside an OAuth authorization: the same page, the same session and the
 * same throttle as the authorize flow's login, for people opening the workspace directly.
 * `GET /api/oauth/sign-in` always shows the form (like `prompt=login`); a successful POST starts
 * a new session and answers 303 to the workspace page the person came from.
 */
export function signInRoutes(ctx: AppContext, guard: SignInGuard): Router {
  const router = Router();
  const csrf = createCsrf(ctx);
  const forms = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 });
  router.use(SIGN_IN_PATH, cookieParser());

  const seeOther = (res: Response, location: string) => {
    pageHeaders(res, newNonce());
    res.redirect(303, location);
  };

  router.get(SIGN_IN_PATH, (req: Request, res: Response) => {
    ensureBrowserId(ctx, req, res);
    const flash = takeFlash(ctx, req, res);
    const nonce = newNonce();
    pageHeaders(res, nonce);
    const error = flashMessage(flash);
    res.type('html').send(
      loginPage({
        nonce,
        action: SIGN_IN_PATH,
        csrfToken: csrf.token(req, res),
        fields: { return_to: safeReturnPath(req.query['return_to']) },
        ...(flash?.email ? { email: flash.email } : {}),
        ...(error ? { error } : {}),
      }),
    );
  });

  router.post(SIGN_IN_PATH, forms, async (req, res, next) => {
    try {
      const form = SignInForm.safeParse(req.body ?? {});
      const returnTo = safeReturnPath(form.success ? form.data.return_to : undefined);
      const back = signInUrl(returnTo);
      if (!csrf.valid(req)) {
        setFlash(ctx, res, { kind: 'form_expired' });
        seeOther(res, back);
        return;
      }
      const email = form.success ? form.data.email : '';
      const outcome = await checkSignIn(ctx, guard, req, email, form.success ? form.data.password : '');
      if (outcome.kind !== 'signed_in') {
        setFlash(ctx, res, outcome.kind === 'throttled' ? { kind: 'throttled', email, retrySeconds: outcome.waitMs / 1000 } : { kind: 'invalid_credentials', email });
        seeOther(res, back);
        return;
      }
      await startSession(ctx, req, res, outcome.user);
      seeOther(res, returnTo);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
