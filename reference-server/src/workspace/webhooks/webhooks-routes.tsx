import type { Request, RequestHandler, Router } from 'express';
import type { AppContext } from '../../context.js';
import { type FieldError, formField, formValues, type PageTools, seeOther, sendPage } from '../../pages/index.js';
import { allSubscriptions, createSubscription, createSubscriptionBody, getSubscriptionRecord, WEBHOOK_SURFACES, type WebhookSurface } from '../../webhooks/index.js';
import { type AlreadyShown, get, member, mountRoutes, noticeFlash, post, shownOncePage, ShownOnceSlots, takeNotice, viewer } from '../shared/index.js';
import { endpointRoutes, type WebhookDeps } from './webhook-endpoint-routes.js';
import { editRoutes } from './webhook-edit.js';
import { emptyRegisterForm, SecretRotatedPage, SubscriptionCreatedPage, WebhooksPage, WEBHOOKS_PATH, type RegisterFormValues } from './webhooks-pages.js';

const isSurface = (value: string): value is WebhookSurface => (WEBHOOK_SURFACES as readonly string[]).includes(value);

const MESSAGES: Record<string, string> = {
  surface: 'Choose which API’s events to receive',
  url: 'Enter an absolute http or https URL, starting with https:// or http://',
  events: 'Choose event types the chosen API sends, or none for all of them',
  description: 'The description must be 200 characters or fewer',
};

const listOf = async (ctx: AppContext, orgId: string) => [...(await allSubscriptions(ctx, orgId))].reverse();

const readRegisterForm = (req: Request): RegisterFormValues => ({
  surface: formField(req.body, 'surface') ?? '',
  url: (formField(req.body, 'url') ?? '').trim(),
  events: formValues(req.body, 'events'),
  description: (formField(req.body, 'description') ?? '').trim(),
});

/** The subscription the form asks for, or what to fix in it. */
function parseRegisterForm(values: RegisterFormValues) {
  if (!isSurface(values.surface)) return { errors: [{ field: 'surface', message: MESSAGES['surface'] as string }] };
  const parsed = createSubscriptionBody(values.surface).safeParse({ url: values.url, events: values.events, ...(values.description ? { description: values.description } : {}) });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'url')))];
    return { errors: fields.map((field) => ({ field, message: MESSAGES[field] ?? 'Check this field' })) };
  }
  return { input: { ...parsed.data, surface: values.surface } };
}

const listPage = ({ ctx, tools, flash }: WebhookDeps): RequestHandler => async (req, res) => {
  sendPage(res, <WebhooksPage {...viewer(tools, req, res)} subscriptions={await listOf(ctx, member(res).organization.id)} values={emptyRegisterForm()} {...takeNotice(flash, req, res)} />);
};

const register = ({ ctx, tools, registered }: WebhookDeps): RequestHandler => async (req, res) => {
  const orgId = member(res).organization.id;
  const values = readRegisterForm(req);
  const refuse = async (errors: FieldError[]) => sendPage(res, <WebhooksPage {...viewer(tools, req, res)} subscriptions={await listOf(ctx, orgId)} values={values} errors={errors} />, 400);
  const { input, errors } = parseRegisterForm(values);
  if (!input) {
    await refuse(errors);
    return;
  }
  const created = await createSubscription(ctx, orgId, input);
  if (!created.ok) {
    await refuse([{ field: created.field === 'subscriptions' ? 'url' : created.field, message: created.message }]);
    return;
  }
  // Post/Redirect/Get: a reload of the page that shows the secret never registers the endpoint again.
  seeOther(res, `${WEBHOOKS_PATH}/created/${await registered.put(req, { subscriptionId: created.subscription.id, secret: created.secret })}`);
};

const ALREADY_SHOWN_SIGNING_SECRET: AlreadyShown = { section: 'webhooks', what: 'signing secret', back: { href: WEBHOOKS_PATH, text: 'Back to webhooks' }, children: "If it was not copied, rotate the secret on the endpoint's page: that shows a new one." };

/** A new or rotated signing secret, once; deleted between the redirect and this GET, there is nothing to show it of. */
const secretPage = ({ ctx, tools }: WebhookDeps, slots: WebhookDeps['registered'], Page: typeof SubscriptionCreatedPage) =>
  shownOncePage(tools, slots, ALREADY_SHOWN_SIGNING_SECRET, async (shown, req, res) => {
    const record = await getSubscriptionRecord(ctx, member(res).organization.id, shown.subscriptionId);
    return record && <Page {...viewer(tools, req, res)} subscription={record} secret={shown.secret} />;
  });

/**
 * Webhooks (admin): the subscriptions of both APIs, registered here or through the APIs (the same
 * records); per subscription its delivery log with each attempt's exact exchange, resend and test
 * events (webhook-endpoint-routes.tsx). Subscriptions are looked up inside the member's organisation only.
 */
export function webhooksRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  const deps: WebhookDeps = { ctx, tools, flash: noticeFlash(ctx, 'pis_ws_hooks', 400), registered: new ShownOnceSlots(ctx, 'webhook-secret'), rotated: new ShownOnceSlots(ctx, 'rotated-webhook-secret') };
  mountRoutes(router, tools, [
    get('/webhooks', listPage(deps)),
    post('/webhooks', register(deps)),
    get('/webhooks/created/:slot', secretPage(deps, deps.registered, SubscriptionCreatedPage)),
    get('/webhooks/rotated/:slot', secretPage(deps, deps.rotated, SecretRotatedPage)),
    ...endpointRoutes(deps),
    ...editRoutes(deps),
  ]);
}
