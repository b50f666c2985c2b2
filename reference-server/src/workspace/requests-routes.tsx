import type { Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { LOGGED_SURFACES, type LoggedRequest, type LoggedSurface, type OrgRequestLog } from '../http/index.js';
import { sendPage, type PageTools } from '../pages/index.js';
import { listCredentials } from '../tenancy/index.js';
import { member, requireAdmin } from './access.js';
import { curlCommand } from './curl-command.js';
import { RequestDetailPage } from './request-detail-page.js';
import { OAUTH_TOKENS, RequestsPage, STATUS_CLASSES, statusClassOf, type RequestFilters } from './requests-page.js';

const isSurface = (value: unknown): value is LoggedSurface => typeof value === 'string' && (LOGGED_SURFACES as readonly string[]).includes(value);

/** The filters from the query; an unknown status or a credential not of this organisation counts as "any". */
function filtersOf(query: Request['query'], labels: ReadonlyMap<string, string>): RequestFilters {
  const status = STATUS_CLASSES.find((s) => s === query['status']) ?? '';
  const credential = query['credential'];
  return { status, credential: typeof credential === 'string' && (credential === OAUTH_TOKENS || labels.has(credential)) ? credential : '' };
}

const matches = (filters: RequestFilters) => (r: LoggedRequest) =>
  (filters.status === '' || statusClassOf(r.status) === filters.status) &&
  (filters.credential === '' || (filters.credential === OAUTH_TOKENS ? r.via === 'oauth_access_token' : r.credentialId === filters.credential));

/** The request log (admin): the organisation's own recent API requests, one surface at a time, each openable in full. */
export function requestsRoutes(ctx: AppContext, requests: OrgRequestLog, router: Router, { csrf }: PageTools): void {
  // Labels of this organisation's credentials only: ids from the log are looked up among them.
  const labelsOf = (orgId: string) => new Map(listCredentials(ctx, orgId).map((c) => [c.keyId, `${c.label} (${c.hint})`]));

  router.get('/requests', requireAdmin, (req, res) => {
    const me = member(res);
    const surface = isSurface(req.query['surface']) ? req.query['surface'] : 'automation';
    const labels = labelsOf(me.organization.id);
    const filters = filtersOf(req.query, labels);
    sendPage(
      res,
      <RequestsPage member={me} csrfToken={csrf.token(req, res)} surface={surface} requests={requests.recent(me.organization.id, surface).filter(matches(filters))} labels={labels} filters={filters} />,
    );
  });

  router.get('/requests/:id', requireAdmin, (req, res, next) => {
    const me = member(res);
    // Looked up among this organisation's requests only: another organisation's id is not found.
    const request = requests.find(me.organization.id, String(req.params['id']));
    if (!request) {
      next();
      return;
    }
    const baseUrl = ctx.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    sendPage(res, <RequestDetailPage member={me} csrfToken={csrf.token(req, res)} request={request} labels={labelsOf(me.organization.id)} curl={curlCommand(baseUrl, request)} />);
  });
}
