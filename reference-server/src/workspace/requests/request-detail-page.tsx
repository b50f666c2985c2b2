import type { LoggedRequest } from '../../http/index.js';
import { SummaryList, Time } from '../../pages/index.js';
import { Body, Headers, type Member, WorkspacePage } from '../shared/index.js';
import { credentialText, REQUESTS_PATH, SURFACES } from './requests-page.js';

export interface RequestDetailPageProps {
  member: Member;
  csrfToken: string;
  request: LoggedRequest;
  labels: ReadonlyMap<string, string>;
  /** The request as a curl command, secrets as shell variables (curl-command.ts). */
  curl: string;
}

/** One logged request in full: what came in and what went back, redacted and bounded, and the same request as curl. */
export function RequestDetailPage({ member, csrfToken, request, labels, curl }: RequestDetailPageProps) {
  const { exchange } = request;
  const surface = SURFACES.find((s) => s.id === request.surface);
  return (
    <WorkspacePage member={member} title={`${request.method} ${request.path}`} section="requests" csrfToken={csrfToken}>
      <p>
        <a href={`${REQUESTS_PATH}?surface=${request.surface}`}>Back to the request log</a>
      </p>
      <h1 class="long-words">
        {request.method} {request.path}
      </h1>
      <SummaryList
        rows={[
          { key: 'API', value: surface?.label ?? request.surface },
          { key: 'Time', value: <Time at={request.at} precision="second" /> },
          { key: 'Status', value: request.status === 0 ? 'no answer: the connection closed first' : String(request.status) },
          { key: 'Latency', value: `${request.latencyMs} ms` },
          { key: 'Credential', value: credentialText(request, labels) },
          ...(request.fault ? [{ key: 'Injected fault', value: request.fault }] : []),
        ]}
      />
      <h2 id="curl-heading">Copy as curl</h2>
      <p>
        The same request again, every header as it was sent. Each secret is a shell variable named for what it is: set <code>$AUTOMATION_KEY</code>, <code>$DEVELOPER_KEY</code>,{' '}
        <code>$ACCESS_TOKEN</code> or <code>$PARTNER_CREDENTIAL</code> (whichever the command names) from the credential you hold, and any other variable (<code>$CLIENT_SECRET</code>,{' '}
        <code>$REFRESH_TOKEN</code>…) from the value the field held.
      </p>
      <pre class="snippet" tabIndex={0} aria-labelledby="curl-heading" data-copy="curl command">
        {curl}
      </pre>
      <h2 id="request-heading">Request</h2>
      <Headers id="request-heading" headers={exchange.requestHeaders} />
      {exchange.requestBody ? <Body label="Request body" body={exchange.requestBody.text} truncated={exchange.requestBody.truncated} /> : <p>{exchange.bodyNote ?? 'No body.'}</p>}
      <h2 id="response-heading">Answer</h2>
      {request.status === 0 ? (
        <p>No answer was sent: the connection closed first.</p>
      ) : (
        <>
          <Headers id="response-heading" headers={exchange.responseHeaders} />
          {exchange.responseBody ? <Body label="Answer body" body={exchange.responseBody.text} truncated={exchange.responseBody.truncated} /> : <p>No body.</p>}
        </>
      )}
    </WorkspacePage>
  );
}
