import type { RequestHandler, Router } from 'express';
import type { AppContext } from '../context.js';
import type { OrgRequestLog } from '../http/index.js';
import { sessionIdOf, endAllSessions, endSession, SESSION_IDLE_MS, sessionsOf, signInUrl } from '../auth/index.js';
import { createPageSurface, type PageTools, seeOther, sendPage } from '../pages/index.js';
import { listCredentials, listUsers } from '../tenancy/index.js';
import { member, requireMember } from './access.js';
import { certificationRoutes } from './certification-routes.js';
import { certificateRevokeRoutes } from './certificate-revoke.js';
import { developerRoutes } from './developer-routes.js';
import { invitesRoutes } from './invites-routes.js';
import { requestsRoutes } from './requests-routes.js';
import { resultsRoutes } from './results-routes.js';
import { keysRoutes } from './keys-routes.js';
import { SERVICE, WORKSPACE_PATH } from './names.js';
import { OverviewPage } from './overview-page.js';
import { profilesRoutes } from './profiles-routes.js';
import { get, mountRoutes, post, viewer } from './route-table.js';
import { baseUrlOf, surfaceSnippets } from './snippets.js';
import { SessionsPage } from './sessions-page.js';
import { submissionsRoutes } from './submissions-routes.js';
import { webhooksRoutes } from './webhooks-routes.js';

export { WORKSPACE_PATH } from './names.js';

const overviewPage = (ctx: AppContext, tools: PageTools, requests: OrgRequestLog): RequestHandler => async (req, res) => {
  const orgId = member(res).organization.id;
  sendPage(
    res,
    <OverviewPage
      {...viewer(tools, req, res)}
      users={await listUsers(ctx, orgId)}
      credentials={(await listCredentials(ctx, orgId)).filter((c) => !c.revokedAt)}
      lastUsed={(keyId) => requests.lastUsed(keyId)}
      snippets={surfaceSnippets(baseUrlOf(ctx, req))}
    />,
  );
};

const signOut = (ctx: AppContext): RequestHandler => async (req, res) => {
  await endSession(ctx, req, res);
  seeOther(res, signInUrl(WORKSPACE_PATH));
};

const sessionsPage = (ctx: AppContext, tools: PageTools): RequestHandler => async (req, res) =>
  sendPage(res, <SessionsPage {...viewer(tools, req, res)} sessions={await sessionsOf(ctx, member(res).user.id)} idleMinutes={SESSION_IDLE_MS / 60_000} />);

const signOutEverywhere = (ctx: AppContext): RequestHandler => async (_req, res) => {
  await endAllSessions(ctx, res, member(res).user.id);
  seeOther(res, signInUrl(WORKSPACE_PATH));
};

/**
 * The workspace: the application's pages for an organisation's people, under `/workspace`,
 * signed in with the same investor session as the OAuth pages. Every page shows the signed-in
 * person's own organisation only (ids from the URL are looked up inside it); admin pages and
 * their forms check the role on the server.
 */
export function createWorkspaceSurface(ctx: AppContext, deps: { requests: OrgRequestLog; partnerOperations: string[] }): Router {
  return createPageSurface(
    ctx,
    {
      service: SERVICE,
      cookiePath: WORKSPACE_PATH,
      cookiePrefix: 'pis_ws',
      // The cookie's keyed hash: requireMember has checked the session is live before any form is read.
      sessionIdentifier: (req) => sessionIdOf(ctx, req),
      formLimit: '64kb',
      // The profile builder's form is the largest: up to 30 criterion rows of up to 13 fields each.
      parameterLimit: 420,
    },
    (router, tools) => {
      router.use(requireMember(ctx));

      mountRoutes(router, tools, [
        get('/', overviewPage(ctx, tools, deps.requests), 'members'),
        post('/sign-out', signOut(ctx), 'members'),
        // Every member sees and ends their own sessions only.
        get('/sessions', sessionsPage(ctx, tools), 'members'),
        post('/sessions/sign-out-everywhere', signOutEverywhere(ctx), 'members'),
      ]);
      submissionsRoutes(ctx, router, tools);
      resultsRoutes(ctx, router, tools);
      keysRoutes(ctx, router, tools, (keyId) => deps.requests.lastUsed(keyId));
      profilesRoutes(ctx, router, tools);
      invitesRoutes(ctx, router, tools);
      webhooksRoutes(ctx, router, tools);
      requestsRoutes(ctx, deps.requests, router, tools);
      developerRoutes(ctx, router, tools);
      certificationRoutes(ctx, router, tools, deps.partnerOperations);
      certificateRevokeRoutes(ctx, router, tools);
    },
  );
}
