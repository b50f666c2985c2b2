import type { Request, RequestHandler, Router } from 'express';
import type { AppContext } from '../../context.js';
import { LOGGED_SURFACES, type LoggedRequest, type LoggedSurface, type OrgRequestLog } from '../../http/index.js';
import { type PageTools, sendPage } from '../../pages/index.js';
import { listCredentials } from '../../tenancy/index.js';
import { baseUrlOf, get, member, mountRoutes, viewer, withFound } from '../shared/index.js';
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

// Labels of this organisation's credentials only: ids from the log are looked up among them.
const labelsOf = async (ctx: AppContext, orgId: string) => new Map((await listCredentials(ctx, orgId)).map((c) => [c.keyId, `${c.label} (${c.hint})`]));

const logPage = (ctx: AppContext, requests: OrgRequestLog, tools: PageTools): RequestHandler => async (req, res) => {
  const orgId = member(res).organization.id;
  const surface = isSurface(req.query['surface']) ? req.query['surface'] : 'automation';
  const labels = await labelsOf(ctx, orgId);
  const filters = filtersOf(req.query, labels);
  sendPage(res, <RequestsPage {...viewer(tools, req, res)} surface={surface} requests={requests.recent(orgId, surface).filter(matches(filters))} labels={labels} filters={filters} />);
};

// Looked up among this organisation's requests only: another organisation's id is not found.
const requestPage = (ctx: AppContext, requests: OrgRequestLog, tools: PageTools) =>
  withFound(
    (req, res) => requests.find(member(res).organization.id, String(req.params['id'])),
    async (request, req, res) => {
            sendPage(res, <RequestDetailPage {...viewer(tools, req, res)} request={request} labels={await labelsOf(ctx, member(res).organization.id)} curl={curlCommand(baseUrlOf(ctx, req), request)} />);
    },
  );

/** The request log (admin): the organisation's own recent API requests, one surface at a time, each openable in full. */
export function requestsRoutes(ctx: AppContext, requests: OrgRequestLog, router: Router, tools: PageTools): void {
  mountRoutes(router, tools, [get('/requests', logPage(ctx, requests, tools)), get('/requests/:id', requestPage(ctx, requests, tools))]);
}
