import { REQUESTS_KEPT, type LoggedRequest, type LoggedSurface } from '../../http/index.js';
import { Button, SelectField, Table } from '../../pages/index.js';
import { ExchangeLink, type Member, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';

export const REQUESTS_PATH = `${WORKSPACE_PATH}/requests`;
export const requestUrl = (id: string) => `${REQUESTS_PATH}/${encodeURIComponent(id)}`;

export const SURFACES: readonly { id: LoggedSurface; label: string }[] = [
  { id: 'automation', label: 'Automation API' },
  { id: 'assessment', label: 'Assessment API' },
  { id: 'graphql', label: 'Partner GraphQL' },
];

/** Status classes the log filters by; `none` is a request that got no answer. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'none'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
const STATUS_LABELS: Record<StatusClass, string> = { '2xx': '2xx success', '3xx': '3xx redirect', '4xx': '4xx refused', '5xx': '5xx server error', none: 'no answer' };

/** The credential filter's value for every OAuth access token (they are many and short-lived). */
export const OAUTH_TOKENS = 'oauth';

export interface RequestFilters {
  status: StatusClass | '';
  /** A key's id, OAUTH_TOKENS, or '' for any. */
  credential: string;
}

export const statusClassOf = (status: number): StatusClass => (status === 0 ? 'none' : (`${Math.floor(status / 100)}xx` as StatusClass));

export function credentialText(request: LoggedRequest, labels: ReadonlyMap<string, string>): string {
  if (request.via === 'oauth_access_token') return `OAuth access token${request.clientId ? ` of ${request.clientId}` : ''}`;
  if (request.credentialId) return labels.get(request.credentialId) ?? request.credentialId;
  return '—';
}

export interface RequestsPageProps {
  member: Member;
  csrfToken: string;
  surface: LoggedSurface;
  requests: readonly LoggedRequest[];
  /** Key id → label, of this organisation's credentials. */
  labels: ReadonlyMap<string, string>;
  filters: RequestFilters;
}

/** Filters as a GET form: a filtered log is a link, and works without script. */
function FilterForm({ surface, labels, filters }: { surface: LoggedSurface; labels: ReadonlyMap<string, string>; filters: RequestFilters }) {
  return (
    <form method="get" action={REQUESTS_PATH} class="filters">
      <input type="hidden" name="surface" value={surface} />
      <SelectField id="status" label="Status" choices={[{ value: '', label: 'Any status' }, ...STATUS_CLASSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))]} selected={filters.status} />
      <SelectField
        id="credential"
        label="Credential"
        choices={[{ value: '', label: 'Any credential' }, ...[...labels].map(([id, label]) => ({ value: id, label })), { value: OAUTH_TOKENS, label: 'OAuth access tokens' }]}
        selected={filters.credential}
      />
      <Button variant="secondary">Filter</Button>
    </form>
  );
}

/** What this organisation's credentials asked of one API lately, newest first, faults included; each row opens the exchange. */
export function RequestsPage({ member, csrfToken, surface, requests, labels, filters }: RequestsPageProps) {
  const current = SURFACES.find((s) => s.id === surface) ?? SURFACES[0];
  const filtered = filters.status !== '' || filters.credential !== '';
  return (
    <WorkspacePage member={member} title={`Request log – ${current?.label ?? ''}`} section="requests" csrfToken={csrfToken}>
      <h1>Request log</h1>
      <p>
        The last {REQUESTS_KEPT} requests per API that {member.organization.name}'s own keys and tokens made since the server started, newest first, with injected faults marked. Open one to see
        the whole exchange and copy it as a curl command. Secrets are cut everywhere: credentials and cookies in headers, every parameter or JSON field whose name says secret (token, code, key,
        password, signature…), and every pis_… or whsec_… value.
      </p>
      <nav aria-label="APIs">
        <ul class="workspace-nav">
          {SURFACES.map((s) => (
            <li>
              <a href={`${REQUESTS_PATH}?surface=${s.id}`} aria-current={s.id === surface ? 'page' : undefined}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <h2 id="requests-heading">{current?.label}</h2>
      <FilterForm surface={surface} labels={labels} filters={filters} />
      <p>
        <a href={`${REQUESTS_PATH}?${new URLSearchParams({ surface, ...(filters.status ? { status: filters.status } : {}), ...(filters.credential ? { credential: filters.credential } : {}) })}`}>Refresh</a>
        {filtered ? (
          <>
            {' · '}
            <a href={`${REQUESTS_PATH}?surface=${surface}`}>Show every request</a>
          </>
        ) : null}
      </p>
      <Table
        labelledBy="requests-heading"
        rows={requests}
        empty={filtered ? 'No kept request matches these filters.' : 'No request of this organisation has reached this API since the server started.'}
        columns={[
          { heading: 'Time', cell: (r) => <ExchangeLink href={requestUrl(r.id)} at={r.at} names={`${r.method} ${r.path}`} /> },
          {
            heading: 'Request',
            kind: 'id',
            cell: (r) => (
              <>
                <code class="wrap">
                  {r.method} {r.path}
                </code>
                {r.fault ? <span class="tag red">injected fault {r.fault}</span> : null}
              </>
            ),
          },
          { heading: 'Status', cell: (r) => (r.status === 0 ? 'no answer' : r.status) },
          { heading: 'Latency', cell: (r) => `${r.latencyMs} ms`, kind: 'nowrap' },
          { heading: 'Credential', cell: (r) => credentialText(r, labels), kind: 'id' },
        ]}
      />
    </WorkspacePage>
  );
}
