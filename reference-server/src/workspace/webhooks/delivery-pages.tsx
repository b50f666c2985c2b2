import { redactUrlSecrets } from '../../http/index.js';
import { Button, type FieldError, PostForm, SelectField, SummaryList, Table, Time, WithHint } from '../../pages/index.js';
import { type AttemptRecord, DEFAULT_OVERLAP_HOURS, eventTypesFor, OVERLAP_HOURS, type SubscriptionRecord } from '../../webhooks/index.js';
import { Body, ConfirmButton, ExchangeLink, Headers, type Member, WorkspacePage } from '../shared/index.js';
import { RotateSecretForm, StatusTag, subscriptionUrl, SURFACE_LABELS, WEBHOOKS_PATH } from './webhooks-pages.js';

export const attemptUrl = (subscriptionId: string, attemptId: string) => `${subscriptionUrl(subscriptionId)}/attempts/${encodeURIComponent(attemptId)}`;

/** While a delivery is due soon, the page's status and attempts update themselves this often. */
export const REFRESH_SECONDS = 3;

const OUTCOME_TAGS: Record<AttemptRecord['outcome'], string> = {
  delivered: 'tag green',
  retrying: 'tag',
  failed: 'tag red',
  disabled: 'tag red',
};

export function OutcomeTag({ outcome }: { outcome: AttemptRecord['outcome'] }) {
  return <span class={OUTCOME_TAGS[outcome]}>{outcome}</span>;
}

function ResendForm({ subscription, eventId, attemptId, csrfToken, label }: { subscription: SubscriptionRecord; eventId: string; attemptId: string; csrfToken: string; label: string }) {
  return (
    <PostForm action={`${subscriptionUrl(subscription.id)}/resend`} csrfToken={csrfToken}>
      <input type="hidden" name="event_id" value={eventId} />
      <input type="hidden" name="attempt_id" value={attemptId} />
      <Button variant="secondary">
        {label}
        <span class="visually-hidden"> {eventId}</span>
      </Button>
    </PostForm>
  );
}

export interface SubscriptionPageProps {
  member: Member;
  csrfToken: string;
  subscription: SubscriptionRecord;
  attempts: readonly AttemptRecord[];
  /** Deliveries of this subscription waiting for their next attempt. */
  pending: number;
  nextUrl?: string;
  refresh: boolean;
  notice?: string;
  errors?: readonly FieldError[];
  /** When the secret replaced by the last rotation stops signing, while it still signs. */
  overlapUntil?: string | undefined;
  /** The delivery log's filters as chosen (empty: any). */
  filters: AttemptFilters;
}

export interface AttemptFilters {
  outcome: AttemptRecord['outcome'] | '';
  eventType: string;
}

export const OUTCOMES: readonly AttemptRecord['outcome'][] = ['delivered', 'retrying', 'failed', 'disabled'];

/** "Resend all failed since …": how far back, in hours, as the form offers it. */
export const RESEND_SINCE_HOURS = [1, 24, 168] as const;
const sinceText = (hours: number) => (hours === 1 ? 'the last hour' : hours === 24 ? 'the last 24 hours' : 'the last 7 days');

/** Filter selects of the delivery log: a GET form, so a filtered log is a link and works without script. */
function AttemptFilterForm({ action, types, filters }: { action: string; types: readonly string[]; filters: AttemptFilters }) {
  return (
    <form method="get" action={action} class="filters">
      <SelectField id="outcome" label="Only attempts with the outcome" choices={[{ value: '', label: 'Any outcome' }, ...OUTCOMES.map((o) => ({ value: o, label: o }))]} selected={filters.outcome} />
      <SelectField id="event_type" label="Only events of the kind" choices={[{ value: '', label: 'Any event type' }, ...types.map((t) => ({ value: t, label: t }))]} selected={filters.eventType} />
      <Button variant="secondary">Filter</Button>
      {filters.outcome || filters.eventType ? (
        <p>
          <a href={action}>Show every attempt</a>
        </p>
      ) : null}
    </form>
  );
}

/** The endpoint's settings and how many deliveries wait; the part of the page that updates itself. */
function EndpointSummary({ subscription, pending }: { subscription: SubscriptionRecord; pending: number }) {
  return (
    <div id="endpoint-live" data-live-region>
      <SummaryList
        rows={[
          { key: 'URL', value: <code>{redactUrlSecrets(subscription.url)}</code> },
          { key: 'ID', value: <code>{subscription.id}</code> },
          { key: 'API', value: SURFACE_LABELS[subscription.surface] },
          { key: 'Events', value: subscription.events.join(', ') },
          { key: 'Status', value: <><StatusTag subscription={subscription} />{subscription.disabledReason ? ` ${subscription.disabledReason}` : ''}</> },
          { key: 'Description', value: subscription.description ?? '—' },
          { key: 'Created', value: <Time at={subscription.createdAt} /> },
          { key: 'Waiting to be delivered', value: String(pending) },
        ]}
      />
    </div>
  );
}

/** Edit the endpoint, disable (or enable) it, or go to the page that asks before deleting it. */
function EndpointActions({ subscription, csrfToken }: { subscription: SubscriptionRecord; csrfToken: string }) {
  const url = subscriptionUrl(subscription.id);
  const toggle = subscription.status === 'active' ? { path: 'disable', label: 'Disable' } : { path: 'enable', label: 'Enable' };
  return (
    <div class="actions">
      <a class="button secondary" href={`${url}/edit`}>
        Edit endpoint
      </a>
      <PostForm action={`${url}/${toggle.path}`} csrfToken={csrfToken}>
        <Button variant="secondary">{toggle.label}</Button>
      </PostForm>
      <ConfirmButton href={`${url}/delete`}>Delete endpoint</ConfirmButton>
    </div>
  );
}

function TestEventForm({ url, types, csrfToken, error }: { url: string; types: readonly string[]; csrfToken: string; error: string | undefined }) {
  return (
    <>
      <h2>Send a test event</h2>
      <p>
        A test event is signed and retried like a real one and goes to this endpoint only. Its <code>webhook-id</code> starts with <code>evt_test_</code>; its data is the organisation's newest
        real record of that kind, or a sample scored by the server when there is none.
      </p>
      <PostForm action={`${url}/test`} csrfToken={csrfToken}>
        <SelectField id="type" label="Event type" choices={types.map((type) => ({ value: type, label: type }))} error={error} />
        <Button>Send test event</Button>
      </PostForm>
    </>
  );
}

function AttemptsTable({ subscriptionId, attempts }: { subscriptionId: string; attempts: readonly AttemptRecord[] }) {
  return (
    <Table
      labelledBy="attempts-heading"
      rows={attempts}
      columns={[
        { heading: 'Sent', cell: (a) => <ExchangeLink href={attemptUrl(subscriptionId, a.id)} at={a.at} names={`attempt ${a.attempt} of ${a.event_id}`} /> },
        {
          heading: 'Event',
          kind: 'id',
          cell: (a) => <WithHint hint={<code>{a.event_id}</code>}>{a.event_type}</WithHint>,
        },
        { heading: 'Attempt', cell: (a) => <>{a.attempt}{a.resendOf ? <ResendMark subscriptionId={subscriptionId} originalId={a.resendOf} /> : null}</> },
        { heading: 'Outcome', cell: (a) => <WithHint hint={a.next_attempt_at ? <>next <Time at={a.next_attempt_at} /></> : null}><OutcomeTag outcome={a.outcome} /></WithHint> },
        { heading: 'Answer', cell: (a) => (a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? (a.exchange?.answerWithheld ? 'answered (internal address)' : '—'))) },
        { heading: 'Latency', kind: 'numeric', cell: (a) => `${a.latency_ms} ms` },
      ]}
    />
  );
}

/** The delivery log, newest first: its filters, "resend failed", and the attempts (which update themselves while a delivery is due). */
function AttemptsLog({ subscription, attempts, types, filters, refresh, nextUrl }: { subscription: SubscriptionRecord; attempts: readonly AttemptRecord[]; types: readonly string[]; filters: AttemptFilters; refresh: boolean; nextUrl?: string | undefined }) {
  const url = subscriptionUrl(subscription.id);
  return (
    <>
      <h2 id="attempts-heading">Delivery attempts</h2>
      <AttemptFilterForm action={url} types={types} filters={filters} />
      <form method="get" action={`${url}/resend-failed`} class="filters">
        <SelectField id="since_hours" label="Send again every delivery that failed in" choices={RESEND_SINCE_HOURS.map((hours) => ({ value: String(hours), label: sinceText(hours) }))} selected="24" />
        <Button variant="secondary">Resend failed deliveries…</Button>
      </form>
      <div id="attempts-live" data-live-region>
        <p>
          <a href="">Refresh</a>
          {refresh ? ` · a delivery is under way: this list updates itself every ${REFRESH_SECONDS} seconds` : null}
        </p>
        {attempts.length === 0 ? (
          <p>{filters.outcome || filters.eventType ? 'No attempt matches these filters.' : 'Nothing has been sent to this endpoint yet.'}</p>
        ) : (
          <AttemptsTable subscriptionId={subscription.id} attempts={attempts} />
        )}
        {nextUrl ? (
          <p>
            <a href={nextUrl}>Older attempts</a>
          </p>
        ) : null}
      </div>
    </>
  );
}

/** One subscription: its settings in brief, its delivery log (newest first), then the test event and secret forms. */
export function SubscriptionPage({ member, csrfToken, subscription, attempts, pending, nextUrl, refresh, notice, errors = [], overlapUntil, filters }: SubscriptionPageProps) {
  // Only what this endpoint takes: its API's types that its event filter lists.
  const types = eventTypesFor(subscription.surface).filter((type) => subscription.events.includes(type));
  return (
    <WorkspacePage member={member} title={`Webhook ${redactUrlSecrets(subscription.url)}`} section="webhooks" csrfToken={csrfToken} errors={errors} {...(notice ? { notice } : {})} {...(refresh ? { liveSeconds: REFRESH_SECONDS } : {})}>
      <p>
        <a href={WEBHOOKS_PATH}>Back to webhooks</a>
      </p>
      <h1>Webhook endpoint</h1>
      <EndpointSummary subscription={subscription} pending={pending} />
      <EndpointActions subscription={subscription} csrfToken={csrfToken} />
      {/* What people come here for first: what was sent and what came back; then the forms. */}
      <AttemptsLog subscription={subscription} attempts={attempts} types={types} filters={filters} refresh={refresh} nextUrl={nextUrl} />
      <TestEventForm url={subscriptionUrl(subscription.id)} types={types} csrfToken={csrfToken} error={errors.find((e) => e.field === 'type')?.message} />
      <RotateSecretForm
        subscription={subscription}
        csrfToken={csrfToken}
        overlapUntil={overlapUntil}
        choices={OVERLAP_HOURS}
        preselected={DEFAULT_OVERLAP_HOURS}
        error={errors.find((e) => e.field === 'overlap_hours')?.message}
      />
    </WorkspacePage>
  );
}

/** A resend's attempts say so, and link to the attempt it was sent again after. */
function ResendMark({ subscriptionId, originalId }: { subscriptionId: string; originalId: string }) {
  return (
    <span class="hint">
      <span class="tag">resend</span> of <a href={attemptUrl(subscriptionId, originalId)}>the earlier attempt</a>
    </span>
  );
}

/** One attempt in full: the exact request that left the server and the answer that came back. */
export function AttemptPage({ member, csrfToken, subscription, attempt }: { member: Member; csrfToken: string; subscription: SubscriptionRecord; attempt: AttemptRecord }) {
  const { exchange } = attempt;
  return (
    <WorkspacePage member={member} title={`Attempt ${attempt.attempt} of ${attempt.event_id}`} section="webhooks" csrfToken={csrfToken}>
      <p>
        <a href={subscriptionUrl(subscription.id)}>Back to the endpoint's deliveries</a>
      </p>
      <h1 class="long-words">
        Attempt {attempt.attempt} of {attempt.event_type}
      </h1>
      <SummaryList
        rows={[
          { key: 'Event', value: <code>{attempt.event_id}</code> },
          ...(attempt.resendOf ? [{ key: 'Resend', value: <ResendMark subscriptionId={subscription.id} originalId={attempt.resendOf} /> }] : []),
          { key: 'Sent', value: <Time at={attempt.at} precision="second" /> },
          { key: 'Outcome', value: <OutcomeTag outcome={attempt.outcome} /> },
          { key: 'Status', value: attempt.status_code !== null ? `HTTP ${attempt.status_code}` : exchange?.answerWithheld ? 'not kept (internal address)' : 'no answer' },
          { key: 'Latency', value: `${attempt.latency_ms} ms` },
          { key: 'Error', value: attempt.error ?? '—' },
          { key: 'Next attempt', value: attempt.next_attempt_at ? <Time at={attempt.next_attempt_at} /> : '—' },
        ]}
      />
      <ResendForm subscription={subscription} eventId={attempt.event_id} attemptId={attempt.id} csrfToken={csrfToken} label="Send this event again" />
      {exchange ? (
        <>
          <h2 id="request-heading">Request</h2>
          <p>
            <code>
              {exchange.request.method} {redactUrlSecrets(exchange.request.url)}
            </code>
          </p>
          <Headers id="request-heading" headers={exchange.request.headers} />
          <Body label="Request body" body={exchange.request.body} truncated={exchange.request.bodyTruncated} />
          <h2 id="response-heading">Answer</h2>
          {exchange.answerWithheld ? (
            <p>
              This endpoint is on an internal address the server's operator allowed. Only the outcome is kept
              {attempt.error ? ` (${attempt.error})` : ''}: not the answer's status, headers or body, nor the network error.
            </p>
          ) : exchange.response ? (
            <>
              <Headers id="response-heading" headers={exchange.response.headers} />
              <Body label="Answer body" body={exchange.response.body} truncated={exchange.response.bodyTruncated} />
            </>
          ) : (
            <p>No answer came: {attempt.error ?? 'the connection failed'}.</p>
          )}
        </>
      ) : (
        <>
          <h2>Answer</h2>
          <p>This attempt was logged before the server kept each exchange; the first part of the answer was:</p>
          <Body label="Answer body" body={attempt.response_body ?? ''} truncated={false} />
        </>
      )}
    </WorkspacePage>
  );
}
