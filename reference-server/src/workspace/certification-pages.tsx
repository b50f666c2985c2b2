import { Button, CheckboxGroup, CodeText, DottedName, type FieldError, PostForm, SummaryList, Table, TextField, Time } from '../pages/index.js';
import { CHECK_GROUPS, CHECKS, countsLine, envFileText, type notCountedOf, type Report, runEnvironment, type StartedRun, statusText, summaryLine } from '../certification/index.js';
import type { Member } from './access.js';
import { ConfirmButton } from './confirm.js';
import { WorkspacePage } from './layout.js';
import { WORKSPACE_PATH } from './names.js';
import { CreatedPage, SecretValue } from './shown-once.js';

export const CERTIFICATION_PATH = `${WORKSPACE_PATH}/certification`;
/** The checks explained (the same words as docs/certification.md), one section per check id. */
export const GUIDE_PATH = `${CERTIFICATION_PATH}/checks`;
export const guideLink = (checkId: string) => `${GUIDE_PATH}#${checkId}`;
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
        credentials, press “Start the checks”, then use it as usual. The same run works from CI: <code>npx reference-server certify run</code>. <a href={GUIDE_PATH}>What each check looks for, and how to pass it</a>.
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
            { heading: 'Status', cell: statusText },
            { heading: 'Result', cell: countsLine },
          ]}
        />
      )}
    </WorkspacePage>
  );
}

/** The form that begins a ready run's checks. */
function BeginForm({ runId, csrfToken }: { runId: string; csrfToken: string }) {
  return (
    <PostForm action={`${runPath(runId)}/begin`} csrfToken={csrfToken}>
      <Button>Start the checks</Button>
    </PostForm>
  );
}

/**
 * A ready run's credentials, on the one page that shows them (a single-use slot), and the steps
 * before its checks begin: copy, configure the integration (a backend, a Zap, an n8n workflow),
 * then start the checks, so nothing is probed while the receiver still holds another secret.
 */
export function RunStartedPage({ member, csrfToken, started }: { member: Member; csrfToken: string; started: StartedRun }) {
  const c = started.credentials;
  const env = envFileText(runEnvironment(started.run.id, started.url, c));
  const runId = started.run.id;
  return (
    <CreatedPage member={member} csrfToken={csrfToken} section="certification" title="Run ready" subject={<>{started.run.integration.name} — <code>{runId}</code></>}>
      <div class="notice" role="status">
        <p>
          <strong>Copy these credentials now: they are shown only once.</strong> Nothing is sent or graded yet: the checks begin when you press “Start the checks” below (or on{' '}
          <a href={runPath(runId)}>the run's page</a>). If nobody starts them by <Time at={started.run.deadline} />, the run ends and its credentials stop working.
        </p>
      </div>
      <ol class="steps-list">
        <li>
          <h2>Copy the credentials</h2>
          <SecretValue id="base-url" label="Base URL" copy="base URL" value={c.base_url} />
          {c.automation_key ? <SecretValue id="automation-key" label="Automation key (x-api-key on /api/automation)" copy="automation key" value={c.automation_key} /> : null}
          {c.developer_key ? <SecretValue id="developer-key" label="Developer key (x-api-key on /api/v1)" copy="developer key" value={c.developer_key} /> : null}
          {c.oauth_client ? (
            <>
              <SecretValue id="client-id" label="OAuth client ID" copy="OAuth client ID" value={c.oauth_client.client_id} />
              <SecretValue id="client-secret" label={`OAuth client secret (access tokens live ${c.oauth_client.access_token_lifetime_seconds} s)`} copy="OAuth client secret" value={c.oauth_client.client_secret} />
            </>
          ) : null}
          {c.webhook?.secret ? <SecretValue id="webhook-secret" label={`Webhook signing secret (deliveries to ${c.webhook.url})`} copy="webhook signing secret" value={c.webhook.secret} /> : null}
          <h3 id="env-heading">All of them as a .env file</h3>
          <p class="muted">The names <code>certify run --command</code> gives its command; <code>node --env-file=.env</code>, dotenv and docker read this as it is.</p>
          <pre class="snippet" tabIndex={0} aria-labelledby="env-heading" data-copy=".env block">
            <code>{env}</code>
          </pre>
        </li>
        <li>
          <h2>Configure your integration</h2>
          <ConfigureSteps started={started} />
        </li>
        <li>
          <h2>Start the checks</h2>
          <p>Once your integration holds these credentials (a receiver that is already running must have been given the new signing secret), start the checks. The run's page then shows each one as it is decided.</p>
          <BeginForm runId={runId} csrfToken={csrfToken} />
        </li>
      </ol>
    </CreatedPage>
  );
}

/** What to put where, for each kind of integration the run certifies. */
function ConfigureSteps({ started }: { started: StartedRun }) {
  const c = started.credentials;
  const api = Boolean(c.automation_key);
  return (
    <>
      <h3>A backend (your own server)</h3>
      <ul>
        <li>Put the .env block in its environment (or its secret store) and restart it.</li>
        {c.webhook ? (
          <li>
            Its receiver listens at <code>{c.webhook.url}</code> and verifies each delivery with <code>WEBHOOK_SECRET</code> (a Standard Webhooks library, over the raw body).
          </li>
        ) : null}
        {api ? (
          <li>
            Its API client sends <code>AUTOMATION_KEY</code> as <code>x-api-key</code> to <code>BASE_URL</code>/api/automation.
          </li>
        ) : null}
      </ul>
      <h3>A Zap (a Zapier integration)</h3>
      <ul>
        {api ? <li>Connect an account with the base URL and the automation key as its API key (or the OAuth client ID and secret in your app's OAuth settings).</li> : null}
        {c.webhook ? <li>Point the receiving step at the webhook URL above, and give it the signing secret.</li> : null}
        <li>Then run the Zap's steps as usual once the checks have started.</li>
      </ul>
      <h3>An n8n workflow</h3>
      <ul>
        {api ? <li>Create a credential with the base URL and the automation key (or an OAuth2 credential with the client ID and secret: connect it after starting the checks, so the connection is graded).</li> : null}
        {c.webhook ? <li>Give the webhook step that listens at the URL above the signing secret. (A trigger that subscribes itself keeps its own secret: certify it with <code>certify start --subscription</code>.)</li> : null}
        <li>Then run the workflow as usual once the checks have started.</li>
      </ul>
    </>
  );
}

/** One run: its checks as they are decided (the page updates itself while the run goes on), the report to download. */
type NotCounted = ReturnType<typeof notCountedOf>;

export function RunPage({ member, csrfToken, report, notCounted, finishedNow }: { member: Member; csrfToken: string; report: Report; notCounted: NotCounted; finishedNow?: boolean }) {
  const open = report.run.status === 'running' || report.run.status === 'ready';
  const runId = report.run.id;
  return (
    <WorkspacePage member={member} title={`Certification run ${runId}`} section="certification" csrfToken={csrfToken} {...(report.run.status === 'running' ? { liveSeconds: LIVE_SECONDS } : {})}>
      <h1>{report.run.integration.name}</h1>
      {finishedNow ? (
        <div class="notice success" role="status">
          The run was finished: its credentials no longer work.
        </div>
      ) : null}
      {report.run.status === 'ready' ? (
        <div class="notice">
          <p>
            <strong>The checks have not started.</strong> Configure your integration with the run's credentials (shown once, when the run was made), then start them: the run sends
            its first delivery and arms its API traps at once.
          </p>
          <BeginForm runId={runId} csrfToken={csrfToken} />
        </div>
      ) : null}
      <div id="run-live" data-live-region>
        <SummaryList
          rows={[
            { key: 'Run', value: <code>{runId}</code> },
            { key: 'Status', value: <strong>{statusText(report)}</strong> },
            {
              key: 'Made',
              value: (
                <>
                  <Time at={report.run.started_at} /> by {report.run.started_by}
                </>
              ),
            },
            { key: 'Checks began', value: report.run.begun_at ? <Time at={report.run.begun_at} /> : 'not yet' },
            { key: 'Finished', value: report.run.finished_at ? <Time at={report.run.finished_at} /> : 'not yet' },
            { key: 'Webhook receiver', value: report.run.integration.webhook_url ?? 'not checked' },
            { key: 'Redirect URIs', value: report.run.integration.redirect_uris.join(', ') || 'not checked' },
            { key: 'Result', value: summaryLine(report) },
            { key: 'Certificate', value: <CertificateLinks report={report} /> },
          ]}
        />
        <h2 id="checks-heading">Checks</h2>
        <ChecksTable checks={report.checks} status={report.run.status} />
        <NotCountedList notCounted={notCounted} />
      </div>
      <h2>Report</h2>
      <p>
        <a href={`${runPath(runId)}/report.html`} download={`certification-${runId}.html`}>
          Download the HTML report
        </a>{' '}
        · <a href={`${runPath(runId)}/report.json`}>JSON</a> · <a href={GUIDE_PATH}>What each check looks for</a>
      </p>
      {/* Updated with the checks: "Run again" appears when the run ends, without a reload. */}
      <div id="run-actions" data-live-region>
        {open ? <ConfirmButton href={`${runPath(runId)}/finish`}>Finish the run now</ConfirmButton> : null}
        {open ? null : (
          <PostForm action={`${runPath(runId)}/again`} csrfToken={csrfToken}>
            <p>A new run with the same checks, receiver and redirect URIs: it has new credentials (a new signing secret), shown once, and waits for you to start it.</p>
            <Button>Run again with these settings</Button>
          </PostForm>
        )}
      </div>
      <p>
        <a href={CERTIFICATION_PATH}>All runs</a>
      </p>
    </WorkspacePage>
  );
}

/** The run's certificate: its public page (give it to a platform), its JWS, and where to revoke it. */
function CertificateLinks({ report }: { report: Report }) {
  if (!report.certificate) return <>{report.run.status === 'running' || report.run.status === 'ready' ? 'issued if every MUST passes' : 'none: a certificate is issued only when every MUST passed'}</>;
  return (
    <>
      <a href={report.certificate.url}>{report.certificate.url}</a> (<a href={report.certificate.jws_url}>signed JWS</a>) ·{' '}
      <a href={`${runPath(report.run.id)}/certificate/revoke`}>Revoke it</a>
    </>
  );
}

/**
 * Requests that named the run's OAuth client without proving to be it (no verified secret, or an
 * authorization no sign-in completed): listed so the partner sees them, graded never. The lines
 * are the server's own words; nothing the sender wrote is shown.
 */
function NotCountedList({ notCounted }: { notCounted: NotCounted }) {
  if (notCounted.total === 0) return null;
  return (
    <>
      <h2 id="not-counted-heading">Not counted ({notCounted.total})</h2>
      <p>
        These requests named the run's OAuth client but never proved to be it, so no check counts them: anyone who saw an authorize link can send such requests.
        {notCounted.total > notCounted.lines.length ? ` The latest ${notCounted.lines.length} are shown.` : ''}
      </p>
      <ul aria-labelledby="not-counted-heading">
        {notCounted.lines.map((line) => (
          <li>
            <Time at={line.at} /> — {line.note}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a check's row says beyond its summary: how to reach it while pending, why it matters and how to fix it once it did not pass. */
function NextStep({ check, status }: { check: Report['checks'][number]; status: Report['run']['status'] }) {
  if (check.outcome === 'pass') return null;
  if (check.outcome === 'pending') {
    return status === 'ready' ? (
      <>Begins when you start the checks.</>
    ) : (
      <p>
        <strong>Waiting for the integration.</strong> <CodeText text={check.advice.reach} />
      </p>
    );
  }
  return (
    <dl class="advice">
      <dt>Why it matters</dt>
      <dd>
        <CodeText text={check.advice.why} />
      </dd>
      <dt>{check.outcome === 'not_run' ? 'How to reach it' : 'How to fix it'}</dt>
      <dd>
        <CodeText text={check.outcome === 'not_run' ? check.advice.reach : check.advice.fix} />{' '}
        <a href={guideLink(check.id)}>
          More on <code>{check.id}</code>
        </a>
      </dd>
    </dl>
  );
}

/** Each check of a run: its outcome, what happened, what to do next, and the exchanges behind it. */
function ChecksTable({ checks, status }: { checks: Report['checks']; status: Report['run']['status'] }) {
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
              <DottedName name={check.id} /> ({check.level})<br />
              <span class="muted">{check.title}</span>
            </>
          ),
        },
        { heading: 'Outcome', cell: (check) => <span class={`tag ${OUTCOME_TAG[check.outcome] ?? 'grey'}`}>{OUTCOME_TEXT[check.outcome]}</span> },
        {
          heading: 'What happened',
          cell: (check) => (
            <>
              {check.summary ? <p>{check.summary}</p> : null}
              <NextStep check={check} status={status} />
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
                        {e.response ? ` → ${e.response.status === null ? `no answer (${e.response.error ?? ''})` : `HTTP ${e.response.status}${e.response.latencyMs !== undefined ? ` in ${e.response.latencyMs} ms` : ''}`}` : ''}
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

const GROUP_TITLES: Record<(typeof CHECK_GROUPS)[number], string> = { webhook: 'Webhook receiver', api: 'API client', oauth: 'OAuth client' };

/** Every check explained, served by this server (the same words as docs/certification.md): the run page and reports link here. */
export function GuidePage({ member, csrfToken }: { member: Member; csrfToken: string }) {
  return (
    <WorkspacePage member={member} title="The certification checks" section="certification" csrfToken={csrfToken}>
      <h1>The certification checks</h1>
      <p>
        Each check has a stable id (a CI baseline names it), a level and the clause it rests on. Every MUST must pass; a SHOULD that is not met is a warning. <a href={CERTIFICATION_PATH}>Back to certification</a>
      </p>
      {CHECK_GROUPS.map((group) => (
        <section aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`}>{GROUP_TITLES[group]}</h2>
          {CHECKS.filter((c) => c.group === group).map((c) => (
            <section aria-labelledby={c.id} class="inset">
              <h3 id={c.id} tabIndex={-1}>
                <code>{c.id}</code> ({c.level})
              </h3>
              <p>{c.title}</p>
              <p class="muted">{c.clause}</p>
              <dl class="advice">
                <dt>Why it matters</dt>
                <dd>
                  <CodeText text={c.why} />
                </dd>
                <dt>How to fix a failure</dt>
                <dd>
                  <CodeText text={c.fix} />
                </dd>
                <dt>How the run reaches it</dt>
                <dd>
                  <CodeText text={c.reach} />
                </dd>
              </dl>
            </section>
          ))}
        </section>
      ))}
    </WorkspacePage>
  );
}
