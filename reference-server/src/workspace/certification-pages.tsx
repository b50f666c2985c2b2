import { Button, CheckboxGroup, type FieldError, PostForm, SummaryList, Table, TextField, Time } from '../pages/index.js';
import { CHECK_GROUPS, countsLine, type Report, type RunRecord, type StartedRun, summaryLine } from '../certification/index.js';
import type { Member } from './access.js';
import { ConfirmButton } from './confirm.js';
import { WorkspacePage } from './layout.js';
import { WORKSPACE_PATH } from './names.js';
import { CreatedPage, ShownOnce } from './shown-once.js';

export const CERTIFICATION_PATH = `${WORKSPACE_PATH}/certification`;
export const runPath = (runId: string) => `${CERTIFICATION_PATH}/${encodeURIComponent(runId)}`;
/** A running run's page updates itself this often. */
const LIVE_SECONDS = 3;

const GROUP_CHOICES = [
  { value: 'webhook', label: 'Webhook receiver', hint: 'Signed, forged, tampered, stale and repeated deliveries sent to your receiver URL.' },
  { value: 'api', label: 'API client', hint: 'A 429 with Retry-After, 503s, a create whose answer is lost, and small pages, played on the run’s keys.' },
  { value: 'oauth', label: 'OAuth client', hint: 'Redirect URI, state and PKCE, refresh after expiry, refresh-token rotation, revocation — with the run’s client.' },
] satisfies { value: (typeof CHECK_GROUPS)[number]; label: string; hint: string }[];

export interface CertificationForm {
  name: string;
  webhookUrl: string;
  redirectUris: string;
  groups: string[];
}

export const EMPTY_FORM: CertificationForm = { name: '', webhookUrl: '', redirectUris: '', groups: ['webhook', 'api'] };

const STATUS_TEXT: Record<RunRecord['status'], string> = { running: 'Running', passed: 'Certified', failed: 'Not certified' };
const OUTCOME_TEXT: Record<string, string> = { pass: 'Passed', fail: 'Failed', warn: 'Warning', not_run: 'Not run', pending: 'Waiting' };
const OUTCOME_TAG: Record<string, string> = { pass: 'green', fail: 'red', warn: 'yellow', not_run: 'grey', pending: 'blue' };

/** Start a run for one integration; the organisation's runs. */
export function CertificationPage({ member, csrfToken, runs, form = EMPTY_FORM, errors = [] }: { member: Member; csrfToken: string; runs: readonly Report[]; form?: CertificationForm; errors?: readonly FieldError[] }) {
  const error = (field: string) => errors.find((e) => e.field === field)?.message;
  return (
    <WorkspacePage member={member} title="Certification" section="certification" csrfToken={csrfToken} errors={errors}>
      <h1>Certify your integration</h1>
      <p>
        A run gives your integration credentials of its own, then tries it the way production will: it sends your webhook receiver correctly signed deliveries
        and forged, tampered and stale ones; it answers your API client with a 429, 503s and a lost answer; it gives your OAuth client access tokens that
        expire within a minute. Each check passes or fails on what your integration does. Configure your Zap, n8n workflow or backend with the run's
        credentials, then use it as usual. The same run works from CI: <code>npx reference-server certify run</code> (<a href="https://github.com/partner-integration-kit/partner-integration-kit/blob/main/docs/certification.md">the guide</a>).
      </p>
      <h2>Start a run</h2>
      <PostForm action={CERTIFICATION_PATH} csrfToken={csrfToken}>
        <TextField id="name" label="What are you certifying?" hint="Shown on the report, for example “Acme CRM sync (n8n)”." value={form.name} maxLength={200} {...(error('name') ? { error: error('name') as string } : {})} />
        <CheckboxGroup id="groups" name="groups" legend="What to check" choices={GROUP_CHOICES} selected={form.groups} {...(error('groups') ? { error: error('groups') as string } : {})} />
        <TextField id="webhookUrl" label="Webhook receiver URL" hint="Where your integration receives this server's webhooks. Needed for the webhook checks." type="url" value={form.webhookUrl} maxLength={2048} {...(error('webhookUrl') ? { error: error('webhookUrl') as string } : {})} />
        <TextField
          id="redirectUris"
          label="OAuth redirect URIs"
          hint="One per line, exactly as your integration sends them (n8n: …/rest/oauth2-credential/callback). Needed for the OAuth checks."
          multiline
          value={form.redirectUris}
          maxLength={4000}
          {...(error('redirectUris') ? { error: error('redirectUris') as string } : {})}
        />
        <Button>Start the run</Button>
      </PostForm>
      <h2 id="runs-heading">Runs</h2>
      {runs.length === 0 ? (
        <p>No run yet.</p>
      ) : (
        <Table
          labelledBy="runs-heading"
          rows={runs}
          columns={[
            {
              heading: 'Integration',
              kind: 'id',
              cell: (r) => (
                <>
                  <a href={runPath(r.run.id)}>{r.run.integration.name}</a> <code>{r.run.id}</code>
                </>
              ),
            },
            {
              heading: 'Started',
              cell: (r) => (
                <>
                  <Time at={r.run.started_at} /> by {r.run.started_by}
                </>
              ),
            },
            { heading: 'Status', cell: (r) => STATUS_TEXT[r.run.status] },
            { heading: 'Result', cell: countsLine },
          ]}
        />
      )}
    </WorkspacePage>
  );
}

/** The run's credentials, on the one page that shows them (a single-use slot). */
export function RunStartedPage({ member, csrfToken, started }: { member: Member; csrfToken: string; started: StartedRun }) {
  const c = started.credentials;
  return (
    <CreatedPage member={member} csrfToken={csrfToken} section="certification" title="Run started" subject={<>{started.run.integration.name} — <code>{started.run.id}</code></>}>
      <ShownOnce id="base-url" label="Base URL" value={c.base_url}>
        <strong>Copy these credentials now: they are shown only once.</strong> Configure your integration with them; they stop working when the run ends
        (at the latest <Time at={started.run.deadline} />).
      </ShownOnce>
      {c.automation_key ? <SecretField id="automation-key" label="Automation key (x-api-key on /api/automation)" value={c.automation_key} /> : null}
      {c.developer_key ? <SecretField id="developer-key" label="Developer key (x-api-key on /api/v1)" value={c.developer_key} /> : null}
      {c.oauth_client ? (
        <>
          <SecretField id="client-id" label="OAuth client ID" value={c.oauth_client.client_id} />
          <SecretField id="client-secret" label={`OAuth client secret (access tokens live ${c.oauth_client.access_token_lifetime_seconds} s)`} value={c.oauth_client.client_secret} />
        </>
      ) : null}
      {c.webhook?.secret ? <SecretField id="webhook-secret" label={`Webhook signing secret (deliveries to ${c.webhook.url})`} value={c.webhook.secret} /> : null}
      <p>
        <a href={runPath(started.run.id)}>Follow the run</a>
      </p>
    </CreatedPage>
  );
}

function SecretField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div class="form-group">
      <label for={id}>{label}</label>
      <input id={id} class="secret" type="text" readOnly value={value} autoComplete="off" spellcheck={false} />
    </div>
  );
}

/** One run: its checks as they are decided (the page updates itself while the run goes on), the report to download. */
export function RunPage({ member, csrfToken, report, finishedNow }: { member: Member; csrfToken: string; report: Report; finishedNow?: boolean }) {
  const running = report.run.status === 'running';
  return (
    <WorkspacePage member={member} title={`Certification run ${report.run.id}`} section="certification" csrfToken={csrfToken} {...(running ? { liveSeconds: LIVE_SECONDS } : {})}>
      <h1>{report.run.integration.name}</h1>
      {finishedNow ? (
        <div class="notice success" role="status">
          The run was finished: its credentials no longer work.
        </div>
      ) : null}
      <div id="run-live" data-live-region>
        <SummaryList
          rows={[
            { key: 'Run', value: <code>{report.run.id}</code> },
            { key: 'Status', value: <strong>{STATUS_TEXT[report.run.status]}</strong> },
            {
              key: 'Started',
              value: (
                <>
                  <Time at={report.run.started_at} /> by {report.run.started_by}
                </>
              ),
            },
            { key: 'Finished', value: report.run.finished_at ? <Time at={report.run.finished_at} /> : 'not yet' },
            { key: 'Webhook receiver', value: report.run.integration.webhook_url ?? 'not checked' },
            { key: 'Redirect URIs', value: report.run.integration.redirect_uris.join(', ') || 'not checked' },
            { key: 'Result', value: summaryLine(report) },
            { key: 'Certificate', value: <CertificateLinks report={report} /> },
          ]}
        />
        <h2 id="checks-heading">Checks</h2>
        <ChecksTable checks={report.checks} running={running} />
      </div>
      <h2>Report</h2>
      <p>
        <a href={`${runPath(report.run.id)}/report.html`} download={`certification-${report.run.id}.html`}>
          Download the HTML report
        </a>{' '}
        · <a href={`${runPath(report.run.id)}/report.json`}>JSON</a>
      </p>
      {running ? <ConfirmButton href={`${runPath(report.run.id)}/finish`}>Finish the run now</ConfirmButton> : null}
      <p>
        <a href={CERTIFICATION_PATH}>All runs</a>
      </p>
    </WorkspacePage>
  );
}

/** The run's certificate: its public page (give it to a platform), its JWS, and where to revoke it. */
function CertificateLinks({ report }: { report: Report }) {
  if (!report.certificate) return <>{report.run.status === 'running' ? 'issued if every MUST passes' : 'none: a certificate is issued only when every MUST passed'}</>;
  return (
    <>
      <a href={report.certificate.url}>{report.certificate.url}</a> (<a href={report.certificate.jws_url}>signed JWS</a>) ·{' '}
      <a href={`${runPath(report.run.id)}/certificate/revoke`}>Revoke it</a>
    </>
  );
}

/** Each check of a run: its outcome, what happened, and the exchanges behind it. */
function ChecksTable({ checks, running }: { checks: Report['checks']; running: boolean }) {
  return (
    <Table
      labelledBy="checks-heading"
      rows={checks}
      columns={[
        {
          heading: 'Check',
          kind: 'id',
          cell: (check) => (
            <>
              <code>{check.id}</code> ({check.level})<br />
              <span class="muted">{check.title}</span>
            </>
          ),
        },
        { heading: 'Outcome', cell: (check) => <span class={`tag ${OUTCOME_TAG[check.outcome] ?? 'grey'}`}>{OUTCOME_TEXT[check.outcome]}</span> },
        {
          heading: 'What happened',
          cell: (check) => (
            <>
              {check.summary || (running ? 'Waiting for the integration.' : '')}
              {check.explanation ? <p>The integration explains: {check.explanation}</p> : null}
              {check.evidence.length ? (
                <details>
                  <summary>
                    Evidence<span class="visually-hidden"> for {check.id}</span>
                  </summary>
                  <ul>
                    {check.evidence.map((e) => (
                      <li>
                        <Time at={e.at} /> — {e.note}
                        {e.response ? ` → ${e.response.status === null ? `no answer (${e.response.error ?? ''})` : `HTTP ${e.response.status}`}` : ''}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}
