import type { Router } from 'express';
import { sessionIdOf } from '../auth/index.js';
import type { AppContext } from '../context.js';
import type { OrgRequestLog } from '../http/index.js';
import { createPageSurface } from '../pages/index.js';
import { certificateRevokeRoutes, certificationRoutes } from './certification/index.js';
import { developerRoutes } from './developer/index.js';
import { invitesRoutes } from './invites/index.js';
import { keysRoutes } from './keys/index.js';
import { overviewRoutes } from './overview/index.js';
import { profilesRoutes } from './profiles/index.js';
import { requestsRoutes } from './requests/index.js';
import { resultsRoutes } from './results/index.js';
import { sessionRoutes } from './session/index.js';
import { requireMember, SERVICE, WORKSPACE_PATH } from './shared/index.js';
import { submissionsRoutes } from './submissions/index.js';
import { webhooksRoutes } from './webhooks/index.js';

export { WORKSPACE_PATH } from './shared/index.js';

/**
 * The workspace: the application's pages for an organisation's people, under `/workspace`,
 * signed in with the same investor session as the OAuth pages. Every page shows the signed-in
 * person's own organisation only (ids from the URL are looked up inside it); admin pages and
 * their forms check the role on the server. Each area (keys, profiles, webhooks …) is a folder of
 * its own routes, pages and forms, entered through its index.ts; shared/ holds what they all use.
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

      overviewRoutes(ctx, router, tools, deps.requests);
      sessionRoutes(ctx, router, tools);
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
