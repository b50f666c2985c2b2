import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import cookieParser from 'cookie-parser';
import { z } from 'zod';
import { activeSession, currentSession } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { bodyReadError, tellOAuthWatch } from '../http/index.js';
import { formBody, pageHeaders } from '../pages/index.js';
import { clientServes, getOrganization, type User } from '../tenancy/index.js';
import { authorizeUrl, checkAuthorizeRequest, errorRedirect, withParams, type AuthorizeRequest } from './authorize-request.js';
import { issueCode } from './codes.js';
import { flashMessage, submitLogin, type SignInForms } from './sign-in-form.js';
import { consentDocument, loginDocument, otherOrganisationDocument, signInErrorDocument } from './sign-in-pages.js';
import { issuerOf, oauthSettings } from './settings.js';

const AUTHORIZE_PATH = '/api/oauth/authorize';
const FORM_LIMIT = '16kb';

const ConsentForm = z.object({ decision: z.enum(['allow', 'deny']).optional(), account: z.string().max(200).optional() });

interface Deps {
  ctx: AppContext;
  forms: SignInForms;
}

const redirectOrigin = (request: AuthorizeRequest) => new URL(request.redirectUri).origin;

function showError(res: Response, title: string, message: string): void {
  pageHeaders(res);
  res.status(400).type('html').send(signInErrorDocument(title, message));
}

/**
 * A signed-in user of another organisation than the client's: answered with a page, never a
 * redirect, since that organisation chose the redirect URI (docs/decisions/run-client-belongs-to-its-organisation.md).
 * True when it answered.
 */
async function refuseOtherOrganisation(ctx: AppContext, res: Response, request: AuthorizeRequest, user: Pick<User, 'orgId' | 'name' | 'email'>): Promise<boolean> {
  if (clientServes(request.client, user.orgId)) return false;
  const organizationName = (await getOrganization(ctx, user.orgId))?.name ?? '';
  pageHeaders(res);
  res
    .status(403)
    .type('html')
    .send(
      otherOrganisationDocument({
        clientName: request.client.name,
        user: { name: user.name, email: user.email },
        organizationName,
        switchAccountUrl: authorizeUrl(request.raw, { prompt: 'login' }),
      }),
    );
  return true;
}

/** Validates the request in a query or form; answers the failures itself. */
async function accept(ctx: AppContext, res: Response, source: unknown, redirectStatus: 302 | 303): Promise<AuthorizeRequest | undefined> {
  const outcome = await checkAuthorizeRequest(ctx, (source ?? {}) as Record<string, unknown>);
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

/** The sign-in page when nobody is signed in or the client asked for prompt=login; otherwise the consent page. */
const authorizePage = ({ ctx, forms }: Deps): RequestHandler => async (req, res) => {
  // Which browser asked, even when the answer is an error page: a certification run counts the
  // request only once that browser completes sign-in and consent (certification/oauth-watch.ts).
  const named = req.query['client_id'];
  tellOAuthWatch(res, { ...(typeof named === 'string' ? { named } : {}), browser: forms.csrf.browser(req, res) });
  const request = await accept(ctx, res, req.query, 302);
  if (!request) return;
  const flash = forms.flash.take(req, res);
  const session = await activeSession(ctx, req);
  pageHeaders(res, [redirectOrigin(request)]);
  const csrfToken = forms.csrf.token(req, res);
  const error = flashMessage(flash);
  if (!session || request.forceLogin) {
    const shown = { ...(flash?.email ? { email: flash.email } : {}), ...(error ? { error } : {}) };
    res.type('html').send(loginDocument({ clientName: request.client.name, action: `${AUTHORIZE_PATH}/login`, csrfToken, fields: request.raw, ...shown }));
    return;
  }
  if (await refuseOtherOrganisation(ctx, res, request, session.user)) return;
  res.type('html').send(
    consentDocument({
      clientName: request.client.name,
      redirectHost: new URL(request.redirectUri).host,
      user: { name: session.user.name, email: session.user.email },
      organizationName: (await getOrganization(ctx, session.user.orgId))?.name ?? '',
      scopes: request.scopes,
      csrfToken,
      fields: { ...request.raw, prompt: undefined, account: session.user.id },
      switchAccountUrl: authorizeUrl(request.raw, { prompt: 'login' }),
      idleDays: Math.round(oauthSettings(ctx).refreshTokenTtlMs / 86_400_000),
    }),
  );
};

const login = ({ ctx, forms }: Deps): RequestHandler => async (req, res) => {
  const request = await accept(ctx, res, req.body, 303);
  if (!request) return;
  // Signed in just now: prompt=login is satisfied, so the next stop is the consent page.
  const signedIn = await submitLogin(ctx, forms, req, res);
  seeOther(res, request, signedIn ? authorizeUrl(request.raw, {}, ['prompt']) : authorizeUrl(request.raw));
};

/**
 * Where the consent form sends the browser: back to the question, the client with access_denied,
 * or the client with a code. Undefined when it answered itself (a user of another organisation).
 */
async function consentAnswer({ ctx, forms }: Deps, req: Request, res: Response, request: AuthorizeRequest): Promise<string | undefined> {
  const back = authorizeUrl(request.raw);
  if (!forms.csrf.valid(req)) {
    forms.flash.set(res, { kind: 'form_expired' });
    return back;
  }
  const session = await currentSession(ctx, req);
  const form = ConsentForm.safeParse(req.body);
  // No session, another account signed in since the page was shown, or no decision: ask again.
  if (!session || !form.success || !form.data.decision || form.data.account !== session.user.id) return back;
  if (await refuseOtherOrganisation(ctx, res, request, session.user)) return undefined;
  if (form.data.decision === 'deny') return errorRedirect(ctx, request.redirectUri, 'access_denied', 'The user denied access.', request.state);
  const code = await issueCode(ctx, {
    clientId: request.client.id,
    userId: session.user.id,
    orgId: session.user.orgId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    ...(request.codeChallenge ? { codeChallenge: request.codeChallenge } : {}),
  });
  tellOAuthWatch(res, { named: request.client.id, browser: forms.csrf.browser(req, res), codeIssued: true });
  return withParams(request.redirectUri, { code, ...(request.state !== undefined ? { state: request.state } : {}), iss: issuerOf(ctx) });
}

const consent = (deps: Deps): RequestHandler => async (req, res) => {
  const request = await accept(deps.ctx, res, req.body, 303);
  if (!request) return;
  const location = await consentAnswer(deps, req, res, request);
  if (location !== undefined) seeOther(res, request, location);
};

/** A form body the parser refused (too large, too many fields, undecodable) gets the error page, not JSON. */
const formErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (!bodyReadError(error, FORM_LIMIT)) {
    next(error);
    return;
  }
  showError(res, 'This form could not be read', 'Go back to the application and start the sign-in again.');
};

/**
 * `GET /api/oauth/authorize` and its two forms. Every POST answers 303 (never 307, which would
 * make the browser post the password again to wherever it is sent next), and every page and
 * redirect carries the page headers, with the client's origin as a form target.
 */
export function authorizeRoutes(ctx: AppContext, forms: SignInForms): Router {
  const router = Router();
  const deps: Deps = { ctx, forms };
  const parseForm = formBody({ limit: FORM_LIMIT, parameterLimit: 30 });
  router.use(AUTHORIZE_PATH, cookieParser());
  router.get(AUTHORIZE_PATH, authorizePage(deps));
  router.post(`${AUTHORIZE_PATH}/login`, parseForm, login(deps));
  router.post(`${AUTHORIZE_PATH}/consent`, parseForm, consent(deps));
  router.use(AUTHORIZE_PATH, formErrors);
  return router;
}
