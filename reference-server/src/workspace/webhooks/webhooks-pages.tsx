import { redactUrlSecrets } from '../../http/index.js';
import { Button, CheckboxGroup, ChoiceGroup, fieldErrors, PostForm, SelectField, Table, TextField, Time, utcText, WithHint } from '../../pages/index.js';
import { EVENT_TYPES, type SubscriptionRecord, type WebhookSurface } from '../../webhooks/index.js';
import { CreatedPage, type FormPageProps, type Member, ShownOnce, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';

export const WEBHOOKS_PATH = `${WORKSPACE_PATH}/webhooks`;
export const subscriptionUrl = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;

export const SURFACE_LABELS: Record<WebhookSurface, string> = {
  automation: 'Automation API',
  assessment: 'Assessment API',
};

const SURFACE_CHOICES = [
  { value: 'automation', label: 'Automation API (/api/automation/webhooks): submissions, attachments, assessments' },
  { value: 'assessment', label: 'Assessment API (/api/v1): assessment results' },
];

const EVENT_CHOICES = EVENT_TYPES.map((info) => ({
  value: info.type,
  label: info.type,
  hint: `${info.surfaces.map((s) => SURFACE_LABELS[s]).join(' and ')}. ${info.description}`,
}));

export interface RegisterFormValues {
  surface: string;
  url: string;
  events: readonly string[];
  description: string;
}

export const emptyRegisterForm = (): RegisterFormValues => ({ surface: 'automation', url: '', events: [], description: '' });

export function StatusTag({ subscription }: { subscription: Pick<SubscriptionRecord, 'status'> }) {
  return subscription.status === 'active' ? <span class="tag green">active</span> : <span class="tag red">disabled</span>;
}

export interface WebhooksPageProps extends FormPageProps<RegisterFormValues> {
  subscriptions: readonly SubscriptionRecord[];
}

/** The organisation's webhook subscriptions of both APIs, and the form that registers one. */
export function WebhooksPage({ member, csrfToken, subscriptions, values, errors = [], notice }: WebhooksPageProps) {
  const error = fieldErrors(errors);
  return (
    <WorkspacePage member={member} title="Webhooks" section="webhooks" csrfToken={csrfToken} errors={errors} {...(notice ? { notice } : {})}>
      <h1>Webhooks</h1>
      <p>
        Each subscription receives the events it asks for as signed POST requests (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>), retried
        on failure. Open one to see every delivery attempt with the exact request and answer, send an event again, or send a test event.
      </p>
      <h2 id="subscriptions-heading">Subscriptions</h2>
      <Table labelledBy="subscriptions-heading" rows={subscriptions} empty="There are no webhook subscriptions yet." columns={[
        { heading: 'URL', kind: 'id', cell: (s) => <WithHint hint={s.description}><a href={subscriptionUrl(s.id)}>{redactUrlSecrets(s.url)}</a></WithHint> },
        { heading: 'API', cell: (s) => SURFACE_LABELS[s.surface] },
        // Event types are long dotted words: let them break at any point rather than widen the table.
        { heading: 'Events', cell: (s) => s.events.join(', '), kind: 'id' },
        { heading: 'Status', cell: (s) => <StatusTag subscription={s} /> },
        { heading: 'Created', cell: (s) => <Time at={s.createdAt} /> },
      ]} />
      <h2>Register an endpoint</h2>
      <PostForm action={WEBHOOKS_PATH} csrfToken={csrfToken}>
        <ChoiceGroup id="surface" name="surface" legend="Which API's events" choices={SURFACE_CHOICES} selected={values.surface} {...error('surface')} />
        <TextField id="url" label="Endpoint URL" hint="An absolute http or https URL that answers 2xx when it has the event." type="url" value={values.url} maxLength={2048} {...error('url')} />
        <CheckboxGroup
          id="events"
          name="events"
          legend="Event types"
          hint="Leave all unticked to receive every event type of the chosen API."
          choices={EVENT_CHOICES}
          selected={values.events}
          {...error('events')}
        />
        <TextField id="description" label="Description (optional)" hint="Say what listens there, for example “n8n – scoring workflow”." value={values.description} maxLength={200} {...error('description')} />
        <Button>Register endpoint</Button>
      </PostForm>
    </WorkspacePage>
  );
}

/** The page the register form's 303 leads to, and the only place the signing secret ever appears, once. */
export function SubscriptionCreatedPage({ member, csrfToken, subscription, secret }: { member: Member; csrfToken: string; subscription: SubscriptionRecord; secret: string }) {
  return (
    <CreatedPage member={member} csrfToken={csrfToken} section="webhooks" title="Endpoint registered" subject={redactUrlSecrets(subscription.url)}>
      <ShownOnce id="secret" label="Signing secret" value={secret}>
        <strong>Copy the signing secret now: it is shown only once.</strong> Verify each delivery's <code>webhook-signature</code> with it (any Standard Webhooks library does). If it is lost, rotate
        the secret on the endpoint's page: that shows a new one.
      </ShownOnce>
      <p>
        <a href={subscriptionUrl(subscription.id)}>Go to the endpoint's deliveries</a>
      </p>
      <p>
        <a href={WEBHOOKS_PATH}>Back to webhooks</a>
      </p>
    </CreatedPage>
  );
}

const hoursText = (hours: number) => (hours === 0 ? 'not at all' : hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`);

/** The page a rotation's 303 leads to: the new signing secret, once, and until when the old one still signs. */
export function SecretRotatedPage({ member, csrfToken, subscription, secret }: { member: Member; csrfToken: string; subscription: SubscriptionRecord; secret: string }) {
  const until = subscription.previousSecret?.until;
  return (
    <CreatedPage member={member} csrfToken={csrfToken} section="webhooks" title="Signing secret rotated" subject={redactUrlSecrets(subscription.url)}>
      <ShownOnce id="secret" label="New signing secret" value={secret}>
        <strong>Copy the new signing secret now: it is shown only once.</strong>{' '}
        {until
          ? `Until ${utcText(until)} every delivery carries two signatures, one with the old secret and one with this one, so the receiver accepts them whichever it has. Put this secret in the receiver before then; after it, only this secret signs.`
          : 'The old secret no longer signs: put this one in the receiver now, deliveries signed with it only are on their way.'}
      </ShownOnce>
      <p>
        <a href={subscriptionUrl(subscription.id)}>Go to the endpoint</a>
      </p>
    </CreatedPage>
  );
}

/** On the endpoint's page: when the secret last changed, whether the old one still signs, and the form that rotates it. */
export function RotateSecretForm({ subscription, csrfToken, overlapUntil, choices, preselected, error }: { subscription: SubscriptionRecord; csrfToken: string; overlapUntil: string | undefined; choices: readonly number[]; preselected: number; error?: string | undefined }) {
  return (
    <>
      <h2>Signing secret</h2>
      <p>
        {subscription.rotatedAt ? (
          <>
            Last rotated <Time at={subscription.rotatedAt} />.
          </>
        ) : (
          'The secret shown when the endpoint was registered.'
        )}
        {overlapUntil ? (
          <>
            {' '}
            Until <Time at={overlapUntil} /> deliveries are also signed with the previous secret.
          </>
        ) : null}
      </p>
      <p>
        Rotating makes a new secret, shown once. The old one keeps signing beside it for the time chosen here (Standard Webhooks receivers accept a delivery when any of its signatures
        matches), so the receiver can switch without losing a delivery.
      </p>
      <PostForm action={`${subscriptionUrl(subscription.id)}/rotate`} csrfToken={csrfToken}>
        <SelectField
          id="overlap_hours"
          label="Keep the old secret signing for"
          choices={choices.map((hours) => ({ value: String(hours), label: hoursText(hours) }))}
          selected={String(preselected)}
          error={error}
        />
        <Button variant="secondary">Rotate secret</Button>
      </PostForm>
    </>
  );
}
