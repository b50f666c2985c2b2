import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import { safeReturnPath, SIGN_IN_PATH, signInUrl } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { bodyReadError } from '../http/index.js';
import { formBody, formField, seeOther, pageHeaders } from '../pages/index.js';
import { flashMessage, submitLogin, type SignInForms } from './sign-in-form.js';
import { loginDocument, signInErrorDocument } from './sign-in-pages.js';

/**
 * The investor login outside an OAuth authorization: the same page, the same session and the
 * same throttle as the authorize flow's login, for people opening the workspace directly.
 * `GET /api/oauth/sign-in` always shows the form (like `prompt=login`); a successful POST starts
 * a new session and answers 303 to the workspace page the person came from.
 */
const FORM_LIMIT = '16kb';

/** A form body the parser refused (too large, too many fields) gets a page, as a browser expects, not the REST error. */
const formErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const refused = bodyReadError(error, FORM_LIMIT);
  if (!refused) {
    next(error);
    return;
  }
  pageHeaders(res);
  res.status(refused.status).type('html').send(signInErrorDocument('This form could not be read', 'Go back to the sign-in page and try again.'));
};

export function signInRoutes(ctx: AppContext, forms: SignInForms): Router {
  const router = Router();
  router.use(SIGN_IN_PATH, cookieParser());

  router.get(SIGN_IN_PATH, (req: Request, res: Response) => {
    const flash = forms.flash.take(req, res);
    const error = flashMessage(flash);
    pageHeaders(res);
    res.type('html').send(
      loginDocument({
        action: SIGN_IN_PATH,
        csrfToken: forms.csrf.token(req, res),
        fields: { return_to: safeReturnPath(req.query['return_to']) },
        ...(flash?.email ? { email: flash.email } : {}),
        ...(error ? { error } : {}),
      }),
    );
  });

  router.post(SIGN_IN_PATH, formBody({ limit: FORM_LIMIT, parameterLimit: 10 }), async (req, res, next) => {
    try {
      const returnTo = safeReturnPath(formField(req.body, 'return_to'));
      seeOther(res, (await submitLogin(ctx, forms, req, res)) ? returnTo : signInUrl(returnTo));
    } catch (error) {
      next(error);
    }
  });

  router.use(SIGN_IN_PATH, formErrors);
  return router;
}
