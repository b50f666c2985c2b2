import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { LOGGED_SURFACES, type LoggedSurface, type OrgRequestLog } from '../http/org-request-log.js';
import { sendPage, type PageTools } from '../pages/surface.js';
import { listCredentials } from '../tenancy/credentials.js';
import { member, requireAdmin } from './access.js';
import { RequestsPage } from './requests-page.js';

const isSurface = (value: unknown): value is LoggedSurface => typeof value === 'string' && (LOGGED_SURFACES as readonly string[]).includes(value);

/** The request log (admin): the organisation's own recent API requests, one surface at a time. */
export function requestsRoutes(ctx: AppContext, requests: OrgRequestLog, router: Router, { csrf }: PageTools): void {
  router.get('/requests', requireAdmin, (req, res) => {
    const me = member(res);
    const surface = isSurface(req.query['surface']) ? req.query['surface'] : 'automation';
    // Labels of this organisation's credentials only: ids from the log are looked up among them.
    const labels = new Map(listCredentials(ctx, me.organization.id).map((c) => [c.keyId, `${c.label} (${c.hint})`]));
    sendPage(res, <RequestsPage member={me} csrfToken={csrf.token(req, res)} surface={surface} requests={requests.recent(me.organization.id, surface)} labels={labels} />);
  });
}
