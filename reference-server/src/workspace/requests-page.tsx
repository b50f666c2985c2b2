import { REQUESTS_KEPT, type LoggedRequest, type LoggedSurface } from '../http/org-request-log.js';
import type { Member } from './access.js';
import { WorkspacePage } from './layout.js';
import { WORKSPACE_PATH } from './names.js';
import { Table } from '../pages/table.js';
import { Time } from '../pages/time.js';

export const REQUESTS_PATH = `${WORKSPACE_PATH}/requests`;

const SURFACES: readonly { id: LoggedSurface; label: string }[] = [
  { id: 'automation', label: 'Automation API' },
  { id: 'assessment', label: 'Assessment API' },
  { id: 'graphql', label: 'Partner GraphQL' },
];


function credentialText(request: LoggedRequest, labels: ReadonlyMap<string, string>): string {
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
}

/** What this organisation's credentials asked of one API lately, newest first, faults included. */
export function RequestsPage({ member, csrfToken, surface, requests, labels }: RequestsPageProps) {
  const current = SURFACES.find((s) => s.id === surface) ?? SURFACES[0];
  return (
    <WorkspacePage member={member} title={`Request log – ${current?.label ?? ''}`} section="requests" csrfToken={csrfToken}>
      <h1>Request log</h1>
      <p>
        The last {REQUESTS_KEPT} requests per API that {member.organization.name}'s own keys and tokens made since the server started, newest first, with injected faults marked. No header or body
        is kept; secrets in a URL are cut: the value of every parameter whose name says secret (token, code, key, password, signature…), and every pis_… or whsec_… value.
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
      <p>
        <a href={`${REQUESTS_PATH}?surface=${surface}`}>Refresh</a>
      </p>
      {requests.length === 0 ? (
        <p>No request of this organisation has reached this API since the server started.</p>
      ) : (
        <Table
          labelledBy="requests-heading"
          rows={requests}
          columns={[
            { heading: 'Time', cell: (r) => <Time at={r.at} precision="second" /> },
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
      )}
    </WorkspacePage>
  );
}
