import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { bodyReadError } from '../http/body-read-error.js';
import { getOrganization } from '../tenancy/organizations.js';
import { authorizeUrl, checkAuthorizeRequest, errorRedirect, withParams, type AuthorizeRequest } from './authorize-request.js';
import { activeSession, createCsrf, currentSession, ensureBrowserId, flashMessage, newNonce, pageHeaders, setFlash, startSession, takeFlash } from './browser-session.js';
import { issueCode } from './codes.js';
import { checkSignIn, type SignInGuard } from './sign-in-check.js';
import { consentPage, errorPage, loginPage } from './pages.js';
import { issuerOf, oauthSettings } from './settings.js';

const FORM_LIMIT = '16kb';

const LoginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });
const ConsentForm = z.object({ decision: z.enum(['allow', 'deny']).optional(), account: z.string().max(200).optional() });

/**
 * `GET /api/oauth/authorize` and its two forms. Every POST answers 303 (never 307, which would
 * make the browser post the password again to wherever it is sent next), and every page and
 * redirect carries the headers of `pageHeaders`.
 */
export function authorizeRoutes(ctx: AppContext, guard: SignInGuard): Router {
  const router = Router();
  const csrf = createCsrf(ctx);
  const forms = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 30 });
  router.use('/api/oauth/authorize', cookieParser());

  const redirectOrigin = (request: AuthorizeRequest) => new URL(request.redirectUri).origin;

  function showError(res: Response, title: string, message: string): void {
    const nonce = newNonce();
    pageHeaders(res, nonce);
    res.status(400).type('html').send(errorPage(nonce, title, message));
  }

  /** Validates the request in a query or form; answers the failures itself. */
  function accept(req: Request, res: Response, source: unknown, redirectStatus: 302 | 303): AuthorizeRequest | undefined {
    const outcome = checkAuthorizeRequest(ctx, (source ?? {}) as Record<string, unknown>);
    if (outcome.kind === 'ok') return outcome.request;
    if (outcome.kind === 'page') {
      showError(res, outcome.title, outcome.message);
      return undefined;
    }
    pageHeaders(res, newNonce());
    res.redirect(redirectStatus, outcome.location);
    return undefined;
  }

  function seeOther(res: Response, request: AuthorizeRequest, location: string): void {
    pageHeaders(res, newNonce(), [redirectOrigin(request)]);
    res.redirect(303, location);
  }

  router.get('/api/oauth/authorize', async (req, res) => {
    const request = accept(req, res, req.query, 302);
    if (!request) return;
    ensureBrowserId(ctx, req, res);
    const flash = takeFlash(ctx, req, res);
    const session = await activeSession(ctx, req);
    const nonce = newNonce();
    pageHeaders(res, nonce, [redirectOrigin(request)]);
    const csrfToken = csrf.token(req, res);
    const error = flashMessage(flash);
    if (!session || request.forceLogin) {
      res.type('html').send(
        loginPage({
          nonce,
          clientName: request.client.name,
          csrfToken,
          fields: request.raw,
          ...(flash?.email ? { email: flash.email } : {}),
          ...(error ? { error } : {}),
        }),
      );
      return;
    }
    const organization = getOrganization(ctx, session.user.orgId);
    res.type('html').send(
      consentPage({
        nonce,
        clientName: request.client.name,
        redirectHost: new URL(request.redirectUri).host,
        user: { name: session.user.name, email: session.user.email },
        organizationName: organization?.name ?? '',
        scopes: request.scopes,
        csrfToken,
        fields: { ...request.raw, prompt: undefined, account: session.user.id },
        switchAccountUrl: authorizeUrl(request.raw, { prompt: 'login' }),
        idleDays: Math.round(oauthSettings(ctx).refreshTokenTtlMs / 86_400_000),
      }),
    );
  });

  router.post('/api/oauth/authorize/login', forms, async (req, res, next) => {
    try {
      const request = accept(req, res, req.body, 303);
      if (!request) return;
      const back = authorizeUrl(request.raw);
      if (!csrf.valid(req)) {
        setFlash(ctx, res, { kind: 'form_expired' });
        seeOther(res, request, back);
        return;
      }
      const form = LoginForm.safeParse(req.body);
      const email = form.success ? form.data.email : '';
      const outcome = await checkSignIn(ctx, guard, req, email, form.success ? form.data.password : '');
      if (outcome.kind !== 'signed_in') {
        setFlash(ctx, res, outcome.kind === 'throttled' ? { kind: 'throttled', email, retrySeconds: outcome.waitMs / 1000 } : { kind: 'invalid_credentials', email });
        seeOther(res, request, back);
        return;
      }
      await startSession(ctx, req, res, outcome.user);
      // Signed in just now: prompt=login is satisfied, so the next stop is the consent page.
      seeOther(res, request, authorizeUrl(request.raw, {}, ['prompt']));
    } catch (error) {
      next(error);
    }
  });

  router.post('/api/oauth/authorize/consent', forms, async (req, res, next) => {
    try {
      const request = accept(req, res, req.body, 303);
      if (!request) return;
      const back = authorizeUrl(request.raw);
      if (!csrf.valid(req)) {
        setFlash(ctx, res, { kind: 'form_expired' });
        seeOther(res, request, back);
        return;
      }
      const session = currentSession(ctx, req);
      const form = ConsentForm.safeParse(req.body);
      // No session, another account signed in since the page was shown, or no decision: ask again.
      if (!session || !form.success || !form.data.decision || form.data.account !== session.user.id) {
        seeOther(res, request, back);
        return;
      }
      if (form.data.decision === 'deny') {
        seeOther(res, request, errorRedirect(ctx, request.redirectUri, 'access_denied', 'The user denied access.', request.state));
        return;
      }
      const code = await issueCode(ctx, {
        clientId: request.client.id,
        userId: session.user.id,
        orgId: session.user.orgId,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        ...(request.codeChallenge ? { codeChallenge: request.codeChallenge } : {}),
      });
      seeOther(
        res,
        request,
        withParams(request.redirectUri, { code, ...(request.state !== undefined ? { state: request.state } : {}), iss: issuerOf(ctx) }),
      );
    } catch (error) {
      next(error);
    }
  });

  /** A form body the parser refused (too large, too many fields, undecodable) gets the error page, not JSON. */
  const formErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (!bodyReadError(error, FORM_LIMIT)) {
      next(error);
      return;
    }
    showError(res, 'This form could not be read', 'Go back to the application and start the sign-in again.');
  };
  router.use('/api/oauth/authorize', formErrors);
  return router;
}
