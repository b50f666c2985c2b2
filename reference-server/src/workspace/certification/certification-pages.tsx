import { Button, CheckboxGroup, type FieldError, PostForm, Table, TextField, Time } from '../../pages/index.js';
import { CHECK_GROUPS, countsLine, envFileText, type Report, runEnvironment, type StartedRun, statusText } from '../../certification/index.js';
import { CreatedPage, type Member, SecretValue, WorkspacePage } from '../shared/index.js';
import { CERTIFICATION_PATH, GUIDE_PATH, runPath } from './certification-paths.js';
/** A running run's page updates itself this often. */

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
      <Table labelledBy="runs-heading" rows={runs} empty="No run yet." columns={[
        { heading: 'Integration', kind: 'id', cell: (r) => <><a href={runPath(r.run.id)}>{r.run.integration.name}</a> <code>{r.run.id}</code></> },
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
      ]} />
    </WorkspacePage>
  );
}

/** The form that begins a ready run's checks. */
export function BeginForm({ runId, csrfToken }: { runId: string; csrfToken: string }) {
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