import type { Request, Response } from 'express';
import { redactUrlSecrets } from '../../http/index.js';
import { Button, CheckboxGroup, type FieldError, fieldErrors, formField, formValues, PostForm, sendPage, TextField } from '../../pages/index.js';
import { createSubscriptionBody, EVENT_TYPES, getSubscriptionRecord, type SubscriptionRecord, updateSubscription } from '../../webhooks/index.js';
import { get, member, type Member, post, redirectWithNotice, type Route, viewer, withFound, WorkspacePage } from '../shared/index.js';
import type { WebhookDeps } from './webhook-endpoint-routes.js';
import { subscriptionUrl, SURFACE_LABELS } from './webhooks-pages.js';

/**
 * Editing an endpoint in place (URL, events, description): the signing secret and the delivery
 * log stay, so a receiver that moved is not a delete and a new registration (a new secret, the log
 * gone). The same rules as registering: the body schema of the API and the outbound address policy.
 */

interface EditValues {
  url: string;
  events: readonly string[];
  description: string;
}

const MESSAGES: Record<string, string> = {
  url: 'Enter an absolute http or https URL, starting with https:// or http://',
  events: 'Choose event types this endpoint’s API sends, or none for all of them',
  description: 'The description must be 200 characters or fewer',
};

const editUrl = (id: string) => `${subscriptionUrl(id)}/edit`;

function EditEndpointPage({ member, csrfToken, subscription, values, errors = [] }: { member: Member; csrfToken: string; subscription: SubscriptionRecord; values: EditValues; errors?: readonly FieldError[] }) {
  const error = fieldErrors(errors);
  const choices = EVENT_TYPES.filter((info) => (info.surfaces as readonly string[]).includes(subscription.surface)).map((info) => ({ value: info.type, label: info.type, hint: info.description }));
  return (
    <WorkspacePage member={member} title={`Edit the endpoint ${redactUrlSecrets(subscription.url)}`} section="webhooks" csrfToken={csrfToken} errors={errors}>
      <p>
        <a href={subscriptionUrl(subscription.id)}>Back to the endpoint</a>
      </p>
      <h1>Edit the endpoint</h1>
      <p>
        {SURFACE_LABELS[subscription.surface]} · <code>{subscription.id}</code>. The signing secret and the delivery log stay as they are. Deliveries still waiting go to the new URL.
      </p>
      <PostForm action={editUrl(subscription.id)} csrfToken={csrfToken}>
        <TextField id="url" label="Endpoint URL" hint="An absolute http or https URL that answers 2xx when it has the event." type="url" value={values.url} maxLength={2048} {...error('url')} />
        <CheckboxGroup id="events" name="events" legend="Event types" hint="Leave all unticked to receive every event type of this API." choices={choices} selected={values.events} {...error('events')} />
        <TextField id="description" label="Description (optional)" hint="Say what listens there, for example “n8n – scoring workflow”." value={values.description} maxLength={200} {...error('description')} />
        <div class="actions">
          <Button>Save changes</Button>
          <a href={subscriptionUrl(subscription.id)}>Cancel</a>
        </div>
      </PostForm>
    </WorkspacePage>
  );
}

const readEditForm = (req: Request): EditValues => ({
  url: (formField(req.body, 'url') ?? '').trim(),
  events: formValues(req.body, 'events'),
  description: (formField(req.body, 'description') ?? '').trim(),
});

/** The member's organisation's subscription named in the path (else the surface's 404). */
const subscriptionIn = ({ ctx }: WebhookDeps) => (req: Request, res: Response) => getSubscriptionRecord(ctx, member(res).organization.id, String(req.params['id']));

/** The edit form and what saving it does: back to the endpoint with a notice, or the form again with what to fix. */
export const editRoutes = (deps: WebhookDeps): Route[] => {
  const found = subscriptionIn(deps);
  return [
    get(
      '/webhooks/:id/edit',
      withFound(found, (subscription, req, res) =>
        sendPage(res, <EditEndpointPage {...viewer(deps.tools, req, res)} subscription={subscription} values={{ url: subscription.url, events: subscription.events, description: subscription.description ?? '' }} />),
      ),
    ),
    post(
      '/webhooks/:id/edit',
      withFound(found, async (subscription, req, res) => {
        const values = readEditForm(req);
        const refuse = (errors: FieldError[]) => sendPage(res, <EditEndpointPage {...viewer(deps.tools, req, res)} subscription={subscription} values={values} errors={errors} />, 400);
        const parsed = createSubscriptionBody(subscription.surface).safeParse({ url: values.url, events: values.events, ...(values.description ? { description: values.description } : {}) });
        if (!parsed.success) {
          refuse([...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'url')))].map((field) => ({ field, message: MESSAGES[field] ?? 'Check this field' })));
          return;
        }
        const updated = await updateSubscription(deps.ctx, member(res).organization.id, subscription.id, { url: parsed.data.url, events: parsed.data.events ?? [], description: parsed.data.description ?? null });
        if (!updated.ok) {
          refuse([{ field: updated.field === 'subscription' ? 'url' : updated.field, message: updated.message }]);
          return;
        }
        redirectWithNotice(res, deps.flash, `The endpoint ${redactUrlSecrets(updated.subscription.url)} was saved. Its signing secret and delivery log are unchanged.`, subscriptionUrl(subscription.id));
      }),
    ),
  ];
};
