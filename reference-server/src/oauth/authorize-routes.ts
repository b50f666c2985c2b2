import { Router, type ErrorRequestHandler, type Response } from 'express';
import cookieParser from 'cookie-parser';
import { z } from 'zod';
import { activeSession, currentSession } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { bodyReadError } from '../http/index.js';
import { formBody, pageHeaders } from '../pages/index.js';
import { getOrganization } from '../tenancy/index.js';
import { authorizeUrl, checkAuthorizeRequest, errorRedirect, withParams, type AuthorizeRequest } from './authorize-request.js';
import { issueCode } from './codes.js';
import { flashMessage, submitLogin, type SignInForms } from './sign-in-form.js';
import { consentDocument, loginDocument, signInErrorDocument } from './sign-in-pages.js';
import { issuerOf, oauthSettings } from './settings.js';

const FORM_LIMIT = '16kb';

const ConsentForm = z.object({ decision: z.enum(['allow', 'deny']).optional(), account: z.string().max(200).optional() });

/**
 * `GET /api/oauth/authorize` and its two forms. Every POST answers 303 (never 307, which would
 * make the browser post the password again to wherever it is sent next), and every page and
 * redirect carries the page headers, with the client's origin as a form target.
 */
export function authorizeRoutes(ctx: AppContext, forms: SignInForms): Router {
  const router = Router();
  const parseForm = formBody({ limit: FORM_LIMIT, parameterLimit: 30 });
  router.use('/api/oauth/authorize', cookieParser());

  const redirectOrigin = (request: AuthorizeRequest) => new URL(request.redirectUri).origin;

  function showError(res: Response, title: string, message: string): void {
    pageHeaders(res);
    res.status(400).type('html').send(signInErrorDocument(title, message));
  }

  /** Validates the request in a query or form; answers the failures itself. */
  function accept(res: Response, source: unknown, redirectStatus: 302 | 303): AuthorizeRequest | undefined {
    const outcome = checkAuthorizeRequest(ctx, (source ?? {}) as Record<string, unknown>);
    if (outcome.kind === 'ok') return outcome.request;
    if (outcome.kind === 'page') {
      showError(res, outcome.title, outcome.message);
      return undefined;
    }
    pageHeaders(res);
    res.redirect(redirectStatus, outcome.location);
    return undefined;
  }

  function seeOther(res: Response, request: AuthorizeRequest, location: string): void {
    pageHeaders(res, [redirectOrigin(request)]);
    res.redirect(303, location);
  }

  router.get('/api/oauth/authorize', async (req, res) => {
    const request = accept(res, req.query, 302);
    if (!request) return;
    const flash = forms.flash.take(req, res);
    const session = await activeSession(ctx, req);
    pageHeaders(res, [redirectOrigin(request)]);
    const csrfToken = forms.csrf.token(req, res);
    const error = flashMessage(flash);
    if (!session || request.forceLogin) {
      res.type('html').send(
        loginDocument({
          clientName: request.client.name,
          action: '/api/oauth/authorize/login',
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
      consentDocument({
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

  router.post('/api/oauth/authorize/login', parseForm, async (req, res, next) => {
    try {
      const request = accept(res, req.body, 303);
      if (!request) return;
      // Signed in just now: prompt=login is satisfied, so the next stop is the consent page.
      const signedIn = await submitLogin(ctx, forms, req, res);
      seeOther(res, request, signedIn ? authorizeUrl(request.raw, {}, ['prompt']) : authorizeUrl(request.raw));
    } catch (error) {
      next(error);
    }
  });

  router.post('/api/oauth/authorize/consent', parseForm, async (req, res, next) => {
    try {
      const request = accept(res, req.body, 303);
      if (!request) return;
      const back = authorizeUrl(request.raw);
      if (!forms.csrf.valid(req)) {
        forms.flash.set(res, { kind: 'form_expired' });
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
