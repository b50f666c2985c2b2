import type { RequestHandler, Router } from 'express';
import type { AppContext } from '../../context.js';
import type { OrgRequestLog } from '../../http/index.js';
import { type PageTools, sendPage } from '../../pages/index.js';
import { listCredentials, listUsers } from '../../tenancy/index.js';
import { baseUrlOf, get, member, mountRoutes, surfaceSnippets, viewer } from '../shared/index.js';
import { OverviewPage } from './overview-page.js';

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

/** The workspace's home page, for every member. */
export function overviewRoutes(ctx: AppContext, router: Router, tools: PageTools, requests: OrgRequestLog): void {
  mountRoutes(router, tools, [get('/', overviewPage(ctx, tools, requests), 'members')]);
}
