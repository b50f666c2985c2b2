import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../../context.js';
import { redactUrlSecrets } from '../../http/index.js';
import { type FieldError, formField, type PageTools, sendPage, utcText } from '../../pages/index.js';
import { sampleEventData } from '../../samples/index.js';
import { InvalidCursorError } from '../../store/index.js';
import { deleteSubscription, disableSubscription, enableSubscription, failedSince, getAttempt, getSubscriptionRecord, isEventType, isOverlapHours, listAttempts, overlapUntil, pendingDeliveries, resendEvent, resendFailed, rotateSecret, sendTestEvent, type SubscriptionRecord } from '../../webhooks/index.js';
import { ConfirmPage, confirmed, get, member, type Member, NothingToDoPage, type NoticeFlash, post, redirectWithNotice, type Route, type ShownOnceSlots, takeNotice, viewer, withFound } from '../shared/index.js';
import { AttemptPage, OUTCOMES, RESEND_SINCE_HOURS, SubscriptionPage, type AttemptFilters } from './delivery-pages.js';
import { subscriptionUrl, WEBHOOKS_PATH } from './webhooks-pages.js';

const ATTEMPTS_PER_PAGE = 25;
/** A pending delivery due within this makes the endpoint's page update itself. */
const DUE_SOON_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface WebhookDeps {
  ctx: AppContext;
  tools: PageTools;
  flash: NoticeFlash;
  /** A new endpoint's signing secret between the register form's 303 and the one page that shows it. */
  registered: ShownOnceSlots<{ subscriptionId: string; secret: string }>;
  /** A rotated secret, the same way: a reload of its page rotates nothing again. */
  rotated: ShownOnceSlots<{ subscriptionId: string; secret: string }>;
}

/** The delivery log's filters from the query: unknown values count as "any". */
function attemptFilters(query: Request['query']): AttemptFilters {
  const outcome = OUTCOMES.find((o) => o === query['outcome']) ?? '';
  const eventType = typeof query['event_type'] === 'string' && isEventType(query['event_type']) ? query['event_type'] : '';
  return { outcome, eventType };
}

/** The hours of "resend all failed since …", one of the offered windows (24 h unless one is chosen). */
const resendWindow = (value: unknown): number => RESEND_SINCE_HOURS.find((hours) => String(hours) === value) ?? 24;

/** The member's organisation's subscription named in the path (else the surface's 404). */
const subscriptionIn = (ctx: AppContext) => (req: Request, res: Response) => getSubscriptionRecord(ctx, member(res).organization.id, String(req.params['id']));

/** One page of the delivery log, filtered; an "older attempts" link whose attempt was pruned meanwhile starts again from the newest. */
async function attemptsPage(ctx: AppContext, subscription: SubscriptionRecord, filters: AttemptFilters, req: Request): ReturnType<typeof listAttempts> {
  const after = typeof req.query['after'] === 'string' ? req.query['after'].slice(0, 200) : undefined;
  const query = { limit: ATTEMPTS_PER_PAGE, ...(filters.outcome ? { outcome: filters.outcome } : {}), ...(filters.eventType ? { eventType: filters.eventType } : {}) };
  try {
    return await listAttempts(ctx, subscription.id, { ...query, ...(after ? { after } : {}) });
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    return listAttempts(ctx, subscription.id, query);
  }
}

/** The endpoint's page: its settings, actions and delivery log; with a form's errors (400) when an action was refused. */
async function showSubscription({ ctx, tools, flash }: WebhookDeps, req: Request, res: Response, subscription: SubscriptionRecord, status = 200, errors: FieldError[] = []): Promise<void> {
  const filters = attemptFilters(req.query);
  const page = await attemptsPage(ctx, subscription, filters, req);
  const filterQuery = { ...(filters.outcome ? { outcome: filters.outcome } : {}), ...(filters.eventType ? { event_type: filters.eventType } : {}) };
  const pending = await pendingDeliveries(ctx, member(res).organization.id, subscription.id);
  const soon = ctx.clock.now() + DUE_SOON_MS;
  sendPage(
    res,
    <SubscriptionPage
      {...viewer(tools, req, res)}
      subscription={subscription}
      attempts={page.items}
      pending={pending.length}
      refresh={subscription.status === 'active' && pending.some((e) => e.nextAttemptAt <= soon)}
      errors={errors}
      overlapUntil={overlapUntil(subscription, ctx.clock.now())}
      filters={filters}
      {...(page.next ? { nextUrl: `${subscriptionUrl(subscription.id)}?${new URLSearchParams({ ...filterQuery, after: page.next })}` } : {})}
      {...takeNotice(flash, req, res)}
    />,
    status,
  );
}

/** A GET page of one subscription, found in the member's organisation. */
const subscriptionPage = ({ ctx }: WebhookDeps, show: (req: Request, res: Response, me: Member, subscription: SubscriptionRecord) => void | Promise<void>) =>
  withFound(subscriptionIn(ctx), (subscription, req, res) => show(req, res, member(res), subscription));

const endpointPage = (deps: WebhookDeps) => subscriptionPage(deps, (req, res, _me, subscription) => showSubscription(deps, req, res, subscription));

// "Are you sure?": deleting drops the endpoint's delivery log and every delivery still waiting.
const deleteConfirm = (deps: WebhookDeps) =>
  subscriptionPage(deps, async (req, res, me, subscription) => {
    const pending = (await pendingDeliveries(deps.ctx, me.organization.id, subscription.id)).length;
    const logged = await listAttempts(deps.ctx, subscription.id, { limit: ATTEMPTS_PER_PAGE });
    const attempts = `${logged.items.length}${logged.next ? ' or more' : ''}`;
    sendPage(
      res,
      <ConfirmPage
        {...viewer(deps.tools, req, res)}
        section="webhooks"
        question={`Delete the endpoint ${redactUrlSecrets(subscription.url)}?`}
        action={`${subscriptionUrl(subscription.id)}/delete`}
        confirm="Yes, delete the endpoint"
        back={{ href: subscriptionUrl(subscription.id), text: 'No, keep the endpoint' }}
        consequences={[
          `${pending} pending deliver${pending === 1 ? 'y is' : 'ies are'} never sent.`,
          `Its delivery log (${attempts} attempt(s), each with its request and answer) is deleted.`,
          'No new events are sent to it. Registering the URL again gives a new signing secret.',
        ]}
      />,
    );
  });

// "Are you sure?" first: it says how many deliveries go out again, then its form posts the same window.
const resendFailedConfirm = (deps: WebhookDeps) =>
  subscriptionPage(deps, async (req, res, me, subscription) => {
    const since = deps.ctx.clock.now() - resendWindow(req.query['since_hours']) * HOUR_MS;
    const failed = await failedSince(deps.ctx, me.organization.id, subscription.id, since);
    const back = { href: subscriptionUrl(subscription.id), text: 'Go back to the endpoint' };
    if (failed.length === 0) {
      sendPage(
        res,
        <NothingToDoPage
          {...viewer(deps.tools, req, res)}
          section="webhooks"
          title="No failed deliveries to send again"
          reason={`No delivery to ${redactUrlSecrets(subscription.url)} failed for good since ${utcText(since)}, so there is nothing to send again. A longer window may find older ones.`}
          back={back}
        />,
      );
      return;
    }
    const types = `: ${[...new Set(failed.map((a) => a.event_type))].join(', ')}`;
    sendPage(
      res,
      <ConfirmPage
        {...viewer(deps.tools, req, res)}
        section="webhooks"
        question={`Send ${failed.length} failed deliver${failed.length === 1 ? 'y' : 'ies'} again?`}
        action={`${subscriptionUrl(subscription.id)}/resend-failed?${new URLSearchParams({ since_hours: String(resendWindow(req.query['since_hours'])) })}`}
        confirm="Yes, send them again"
        back={{ href: subscriptionUrl(subscription.id), text: 'No, go back to the endpoint' }}
        consequences={[
          `Every event whose last delivery to ${redactUrlSecrets(subscription.url)} failed for good since ${utcText(since)}${types}.`,
          'Each is sent with its original payload and webhook-id, so a receiver that drops repeats drops one it already has.',
          'The new attempts are marked as resends and link to the failed attempt.',
        ]}
      />,
    );
  });

// Attempts are kept per subscription: one of another organisation's subscription is never reached.
const attemptPage = ({ ctx, tools }: WebhookDeps): RequestHandler =>
  withFound(
    async (req, res) => {
      const subscription = await subscriptionIn(ctx)(req, res);
      const attempt = subscription ? await getAttempt(ctx, subscription.id, String(req.params['attemptId'])) : undefined;
      return subscription && attempt ? { subscription, attempt } : undefined;
    },
    ({ subscription, attempt }, req, res) => sendPage(res, <AttemptPage {...viewer(tools, req, res)} subscription={subscription} attempt={attempt} />),
  );

/** What an action did (a notice, and where to go when not back to the endpoint), or the field it refused. */
type Outcome = { notice: string; to?: string } | FieldError;
type Run = (deps: WebhookDeps, req: Request, me: Member, subscription: SubscriptionRecord) => Promise<Outcome>;

/** A POST on one subscription: found in the member's organisation, done, then back to its page with a notice. */
const action = (deps: WebhookDeps, run: Run) =>
  withFound(subscriptionIn(deps.ctx), async (subscription, req, res) => {
    const outcome = await run(deps, req, member(res), subscription);
    if ('field' in outcome) await showSubscription(deps, req, res, subscription, 400, [outcome]);
    else redirectWithNotice(res, deps.flash, outcome.notice, outcome.to ?? subscriptionUrl(subscription.id));
  });

const enable: Run = async ({ ctx }, _req, me, s) => {
  await enableSubscription(ctx, me.organization.id, s.surface, s.id);
  return { notice: 'The endpoint is enabled: new events are delivered to it again.' };
};

const disable: Run = async ({ ctx }, _req, me, s) => {
  await disableSubscription(ctx, me.organization.id, s.surface, s.id, `Disabled by ${me.user.email} in the workspace.`);
  return { notice: 'The endpoint is disabled: nothing is sent to it until it is enabled.' };
};

const remove: Run = async ({ ctx }, _req, me, s) => {
  await deleteSubscription(ctx, me.organization.id, s.surface, s.id);
  return { notice: `The endpoint ${redactUrlSecrets(s.url)} was deleted.`, to: WEBHOOKS_PATH };
};

const resend: Run = async ({ ctx }, req, me, s) => {
  const eventId = (formField(req.body, 'event_id') ?? '').slice(0, 200);
  // Marked as a resend of the attempt it came from, when that is an attempt of this event here.
  const original = await getAttempt(ctx, s.id, (formField(req.body, 'attempt_id') ?? '').slice(0, 200));
  const sent = await resendEvent(ctx, me.organization.id, s, eventId, original?.event_id === eventId ? original.id : undefined);
  return sent.ok ? { notice: `The event ${sent.eventId} is being sent again, with the same webhook-id.` } : { field: 'type', message: sent.message };
};

const rotate: Run = async ({ ctx, rotated }, req, me, s) => {
  const hours = Number(formField(req.body, 'overlap_hours') ?? 'none');
  if (!isOverlapHours(hours)) return { field: 'overlap_hours', message: 'Choose how long the old secret keeps signing' };
  const rotation = await rotateSecret(ctx, me.organization.id, s.id, hours);
  if (!rotation) return { field: 'overlap_hours', message: 'The endpoint was deleted meanwhile' };
  const until = rotation.subscription.previousSecret?.until;
  return {
    notice: until ? `The signing secret was rotated. The old one also signs until ${utcText(until)}.` : 'The signing secret was rotated. The old one no longer signs.',
    to: `${WEBHOOKS_PATH}/rotated/${await rotated.put(req, { subscriptionId: s.id, secret: rotation.secret })}`,
  };
};

const resendFailedSince: Run = async ({ ctx }, req, me, s) => {
  const hours = resendWindow(req.query['since_hours']);
  const sent = await resendFailed(ctx, me.organization.id, s, ctx.clock.now() - hours * HOUR_MS);
  if (!sent.ok) return { field: 'since_hours', message: sent.message };
  return { notice: sent.count === 0 ? 'No failed delivery to send again.' : `${sent.count} failed deliver${sent.count === 1 ? 'y is' : 'ies are'} being sent again.` };
};

const sendTest: Run = async ({ ctx }, req, me, s) => {
  const type = formField(req.body, 'type') ?? '';
  if (!isEventType(type)) return { field: 'type', message: 'Choose an event type' };
  const sent = await sendTestEvent(ctx, me.organization.id, s, type, await sampleEventData(ctx, me.organization.id, type));
  return sent.ok ? { notice: `A test ${type} event (${sent.eventId}) is being sent.` } : { field: 'type', message: sent.message };
};

/** One webhook endpoint's pages and actions (admin), each on a subscription of the member's own organisation. */
export const endpointRoutes = (deps: WebhookDeps): Route[] => [
  get('/webhooks/:id', endpointPage(deps)),
  ...confirmed('/webhooks/:id/delete', deleteConfirm(deps), action(deps, remove)),
  get('/webhooks/:id/attempts/:attemptId', attemptPage(deps)),
  post('/webhooks/:id/enable', action(deps, enable)),
  post('/webhooks/:id/disable', action(deps, disable)),
  post('/webhooks/:id/resend', action(deps, resend)),
  post('/webhooks/:id/rotate', action(deps, rotate)),
  ...confirmed('/webhooks/:id/resend-failed', resendFailedConfirm(deps), action(deps, resendFailedSince)),
  post('/webhooks/:id/test', action(deps, sendTest)),
];
