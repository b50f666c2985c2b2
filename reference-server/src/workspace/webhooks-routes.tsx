import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { redactUrlSecrets } from '../http/index.js';
import { createFlash, formField, formValues, seeOther, sendPage, type PageTools, utcText } from '../pages/index.js';
import { InvalidCursorError } from '../store/index.js';
import { createSubscriptionBody } from '../webhooks/index.js';
import {
  allSubscriptions,
  createSubscription,
  deleteSubscription,
  disableSubscription,
  enableSubscription,
  failedSince,
  getAttempt,
  getSubscriptionRecord,
  isEventType,
  isOverlapHours,
  listAttempts,
  overlapUntil,
  pendingDeliveries,
  resendEvent,
  resendFailed,
  rotateSecret,
  sendTestEvent,
  WEBHOOK_SURFACES,
  type SubscriptionRecord,
  type WebhookSurface,
} from '../webhooks/index.js';
import { member, requireAdmin, type Member } from './access.js';
import { AttemptPage, OUTCOMES, RESEND_SINCE_HOURS, SubscriptionPage, type AttemptFilters } from './delivery-pages.js';
import { WORKSPACE_PATH } from './names.js';
import { sampleEventData } from '../samples/index.js';
import { AlreadyShownPage } from './shown-once.js';
import { ConfirmPage } from './confirm.js';
import { ShownOnceSlots } from './shown-once-slots.js';
import { emptyRegisterForm, SecretRotatedPage, subscriptionUrl, SubscriptionCreatedPage, WebhooksPage, WEBHOOKS_PATH, type RegisterFormValues } from './webhooks-pages.js';

const ATTEMPTS_PER_PAGE = 25;
/** A pending delivery due within this makes the endpoint's page update itself. */
const DUE_SOON_MS = 60_000;

const HOUR_MS = 3_600_000;

/** The delivery log's filters from the query: unknown values count as "any". */
function attemptFilters(query: Request['query']): AttemptFilters {
  const outcome = OUTCOMES.find((o) => o === query['outcome']) ?? '';
  const eventType = typeof query['event_type'] === 'string' && isEventType(query['event_type']) ? query['event_type'] : '';
  return { outcome, eventType };
}

/** The hours of "resend all failed since …", one of the offered windows (24 h unless one is chosen). */
const resendWindow = (value: unknown): number => RESEND_SINCE_HOURS.find((hours) => String(hours) === value) ?? 24;

const isSurface = (value: string): value is WebhookSurface => (WEBHOOK_SURFACES as readonly string[]).includes(value);

const MESSAGES: Record<string, string> = {
  surface: 'Choose which API’s events to receive',
  url: 'Enter an absolute http or https URL, starting with https:// or http://',
  events: 'Choose event types the chosen API sends, or none for all of them',
  description: 'The description must be 200 characters or fewer',
};

/**
 * Webhooks (admin): the subscriptions of both APIs, registered here or through the APIs (the same
 * records); per subscription its delivery log with each attempt's exact exchange, resend and test
 * events. Subscriptions are looked up inside the member's organisation only.
 */
export function webhooksRoutes(ctx: AppContext, router: Router, { csrf, acceptForm }: PageTools): void {
  const flash = createFlash(ctx, { cookieName: 'pis_ws_hooks', cookiePath: WORKSPACE_PATH, schema: z.object({ notice: z.string().max(400) }) });

  // A new endpoint's signing secret between the register form's 303 and the one page that shows it.
  const registered = new ShownOnceSlots<{ subscriptionId: string; secret: string }>(ctx);
  // A rotated secret, the same way: a reload of its page rotates nothing again.
  const rotated = new ShownOnceSlots<{ subscriptionId: string; secret: string }>(ctx);

  const listOf = (orgId: string) => [...allSubscriptions(ctx, orgId)].reverse();

  /** The member's organisation's subscription named in the path, or a 404 from the page surface. */
  const ownSubscription = (req: Request, res: Response): SubscriptionRecord | undefined => getSubscriptionRecord(ctx, member(res).organization.id, String(req.params['id']));

  const showSubscription = (req: Request, res: Response, me: Member, subscription: SubscriptionRecord, status = 200, errors: { field: string; message: string }[] = []) => {
    const after = typeof req.query['after'] === 'string' ? req.query['after'].slice(0, 200) : undefined;
    const filters = attemptFilters(req.query);
    const query = { limit: ATTEMPTS_PER_PAGE, ...(filters.outcome ? { outcome: filters.outcome } : {}), ...(filters.eventType ? { eventType: filters.eventType } : {}) };
    let page: ReturnType<typeof listAttempts>;
    try {
      page = listAttempts(ctx, subscription.id, { ...query, ...(after ? { after } : {}) });
    } catch (error) {
      // An "older attempts" link whose attempt was pruned meanwhile: start again from the newest.
      if (!(error instanceof InvalidCursorError)) throw error;
      page = listAttempts(ctx, subscription.id, query);
    }
    const filterQuery = { ...(filters.outcome ? { outcome: filters.outcome } : {}), ...(filters.eventType ? { event_type: filters.eventType } : {}) };
    const pending = pendingDeliveries(ctx, me.organization.id, subscription.id);
    const soon = ctx.clock.now() + DUE_SOON_MS;
    const notice = flash.take(req, res)?.notice;
    sendPage(
      res,
      <SubscriptionPage
        member={me}
        csrfToken={csrf.token(req, res)}
        subscription={subscription}
        attempts={page.items}
        pending={pending.length}
        refresh={subscription.status === 'active' && pending.some((e) => e.nextAttemptAt <= soon)}
        errors={errors}
        overlapUntil={overlapUntil(subscription, ctx.clock.now())}
        filters={filters}
        {...(page.next ? { nextUrl: `${subscriptionUrl(subscription.id)}?${new URLSearchParams({ ...filterQuery, after: page.next })}` } : {})}
        {...(notice ? { notice } : {})}
      />,
      status,
    );
  };

  router.get('/webhooks', requireAdmin, (req, res) => {
    const me = member(res);
    const notice = flash.take(req, res)?.notice;
    sendPage(res, <WebhooksPage member={me} csrfToken={csrf.token(req, res)} subscriptions={listOf(me.organization.id)} values={emptyRegisterForm()} {...(notice ? { notice } : {})} />);
  });

  router.post('/webhooks', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      const values: RegisterFormValues = {
        surface: formField(req.body, 'surface') ?? '',
        url: (formField(req.body, 'url') ?? '').trim(),
        events: formValues(req.body, 'events'),
        description: (formField(req.body, 'description') ?? '').trim(),
      };
      const refuse = (errors: { field: string; message: string }[]) =>
        sendPage(res, <WebhooksPage member={me} csrfToken={csrf.token(req, res)} subscriptions={listOf(me.organization.id)} values={values} errors={errors} />, 400);
      if (!isSurface(values.surface)) {
        refuse([{ field: 'surface', message: MESSAGES['surface'] as string }]);
        return;
      }
      const parsed = createSubscriptionBody(values.surface).safeParse({
        url: values.url,
        events: values.events,
        ...(values.description ? { description: values.description } : {}),
      });
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'url')))];
        refuse(fields.map((field) => ({ field, message: MESSAGES[field] ?? 'Check this field' })));
        return;
      }
      const created = await createSubscription(ctx, me.organization.id, { ...parsed.data, surface: values.surface });
      if (!created.ok) {
        refuse([{ field: created.field === 'subscriptions' ? 'url' : created.field, message: created.message }]);
        return;
      }
      // Post/Redirect/Get: a reload of the page that shows the secret never registers the endpoint again.
      seeOther(res, `${WEBHOOKS_PATH}/created/${registered.put(req, { subscriptionId: created.subscription.id, secret: created.secret })}`);
    } catch (error) {
      next(error);
    }
  });

  /** The one GET that shows a secret from a slot; a reload, or a slot of another session, says "already shown". */
  const showSecretOnce = (path: string, slots: typeof registered, Page: typeof SubscriptionCreatedPage) =>
    router.get(path, requireAdmin, (req, res) => {
      const me = member(res);
      const shown = slots.take(req, String(req.params['slot']));
      // Deleted between the redirect and this GET: nothing to show the secret of.
      const record = shown ? getSubscriptionRecord(ctx, me.organization.id, shown.subscriptionId) : undefined;
      if (!shown || !record) {
        sendPage(
          res,
          <AlreadyShownPage member={me} csrfToken={csrf.token(req, res)} section="webhooks" what="signing secret" back={{ href: WEBHOOKS_PATH, text: 'Back to webhooks' }}>
            If it was not copied, rotate the secret on the endpoint's page: that shows a new one.
          </AlreadyShownPage>,
          410,
        );
        return;
      }
      sendPage(res, <Page member={me} csrfToken={csrf.token(req, res)} subscription={record} secret={shown.secret} />);
    });
  showSecretOnce('/webhooks/created/:slot', registered, SubscriptionCreatedPage);
  showSecretOnce('/webhooks/rotated/:slot', rotated, SecretRotatedPage);

  /** A GET page of one subscription, found in the member's organisation (else the surface's 404). */
  const subscriptionPage = (path: string, show: (req: Request, res: Response, me: Member, subscription: SubscriptionRecord) => void) => {
    router.get(`/webhooks/:id${path}`, requireAdmin, (req, res, next) => {
      const subscription = ownSubscription(req, res);
      if (!subscription) {
        next();
        return;
      }
      show(req, res, member(res), subscription);
    });
  };

  subscriptionPage('', (req, res, me, subscription) => showSubscription(req, res, me, subscription));

  // "Are you sure?": deleting drops the endpoint's delivery log and every delivery still waiting.
  subscriptionPage('/delete', (req, res, me, subscription) => {
    const pending = pendingDeliveries(ctx, me.organization.id, subscription.id).length;
    const logged = listAttempts(ctx, subscription.id, { limit: ATTEMPTS_PER_PAGE });
    const attempts = `${logged.items.length}${logged.next ? ' or more' : ''}`;
    sendPage(
      res,
      <ConfirmPage
        member={me}
        csrfToken={csrf.token(req, res)}
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

  router.get('/webhooks/:id/attempts/:attemptId', requireAdmin, (req, res, next) => {
    const subscription = ownSubscription(req, res);
    // Attempts are kept per subscription: one of another organisation's subscription is never reached.
    const attempt = subscription ? getAttempt(ctx, subscription.id, String(req.params['attemptId'])) : undefined;
    if (!subscription || !attempt) {
      next();
      return;
    }
    sendPage(res, <AttemptPage member={member(res)} csrfToken={csrf.token(req, res)} subscription={subscription} attempt={attempt} />);
  });

  /** A POST on one subscription: found in the member's organisation, done, then back to its page with a notice. */
  const action = (path: string, run: (req: Request, me: Member, subscription: SubscriptionRecord) => Promise<{ notice: string; to?: string } | { field: string; message: string }>) => {
    router.post(`/webhooks/:id/${path}`, ...acceptForm, requireAdmin, async (req, res, next) => {
      try {
        const subscription = ownSubscription(req, res);
        if (!subscription) {
          next();
          return;
        }
        const me = member(res);
        const outcome = await run(req, me, subscription);
        if ('field' in outcome) {
          showSubscription(req, res, me, subscription, 400, [outcome]);
          return;
        }
        flash.set(res, { notice: outcome.notice });
        seeOther(res, outcome.to ?? subscriptionUrl(subscription.id));
      } catch (error) {
        next(error);
      }
    });
  };

  action('enable', async (_req, me, s) => {
    await enableSubscription(ctx, me.organization.id, s.surface, s.id);
    return { notice: 'The endpoint is enabled: new events are delivered to it again.' };
  });

  action('disable', async (_req, me, s) => {
    await disableSubscription(ctx, me.organization.id, s.surface, s.id, `Disabled by ${me.user.email} in the workspace.`);
    return { notice: 'The endpoint is disabled: nothing is sent to it until it is enabled.' };
  });

  action('delete', async (_req, me, s) => {
    await deleteSubscription(ctx, me.organization.id, s.surface, s.id);
    return { notice: `The endpoint ${redactUrlSecrets(s.url)} was deleted.`, to: WEBHOOKS_PATH };
  });

  action('resend', async (req, me, s) => {
    const eventId = (formField(req.body, 'event_id') ?? '').slice(0, 200);
    // Marked as a resend of the attempt it came from, when that is an attempt of this event here.
    const original = getAttempt(ctx, s.id, (formField(req.body, 'attempt_id') ?? '').slice(0, 200));
    const sent = await resendEvent(ctx, me.organization.id, s, eventId, original?.event_id === eventId ? original.id : undefined);
    return sent.ok ? { notice: `The event ${sent.eventId} is being sent again, with the same webhook-id.` } : { field: 'type', message: sent.message };
  });

  action('rotate', async (req, me, s) => {
    const hours = Number(formField(req.body, 'overlap_hours') ?? 'none');
    if (!isOverlapHours(hours)) return { field: 'overlap_hours', message: 'Choose how long the old secret keeps signing' };
    const rotation = await rotateSecret(ctx, me.organization.id, s.id, hours);
    if (!rotation) return { field: 'overlap_hours', message: 'The endpoint was deleted meanwhile' };
    const until = rotation.subscription.previousSecret?.until;
    return {
      notice: until ? `The signing secret was rotated. The old one also signs until ${utcText(until)}.` : 'The signing secret was rotated. The old one no longer signs.',
      to: `${WEBHOOKS_PATH}/rotated/${rotated.put(req, { subscriptionId: s.id, secret: rotation.secret })}`,
    };
  });

  // "Are you sure?" first: it says how many deliveries go out again, then its form posts the same window.
  subscriptionPage('/resend-failed', (req, res, me, subscription) => {
    const hours = resendWindow(req.query['since_hours']);
    const failed = failedSince(ctx, me.organization.id, subscription.id, ctx.clock.now() - hours * HOUR_MS);
    sendPage(
      res,
      <ConfirmPage
        member={me}
        csrfToken={csrf.token(req, res)}
        section="webhooks"
        question={`Send ${failed.length} failed deliver${failed.length === 1 ? 'y' : 'ies'} again?`}
        action={`${subscriptionUrl(subscription.id)}/resend-failed?${new URLSearchParams({ since_hours: String(hours) })}`}
        confirm="Yes, send them again"
        back={{ href: subscriptionUrl(subscription.id), text: 'No, go back to the endpoint' }}
        consequences={[
          `Every event whose last delivery to ${redactUrlSecrets(subscription.url)} failed for good since ${utcText(ctx.clock.now() - hours * HOUR_MS)}${failed.length ? `: ${[...new Set(failed.map((a) => a.event_type))].join(', ')}` : ''}.`,
          'Each is sent with its original payload and webhook-id, so a receiver that drops repeats drops one it already has.',
          'The new attempts are marked as resends and link to the failed attempt.',
        ]}
      />,
    );
  });

  action('resend-failed', async (req, me, s) => {
    const hours = resendWindow(req.query['since_hours']);
    const sent = await resendFailed(ctx, me.organization.id, s, ctx.clock.now() - hours * HOUR_MS);
    if (!sent.ok) return { field: 'since_hours', message: sent.message };
    return { notice: sent.count === 0 ? 'No failed delivery to send again.' : `${sent.count} failed deliver${sent.count === 1 ? 'y is' : 'ies are'} being sent again.` };
  });

  action('test', async (req, me, s) => {
    const type = formField(req.body, 'type') ?? '';
    if (!isEventType(type)) return { field: 'type', message: 'Choose an event type' };
    const sent = await sendTestEvent(ctx, me.organization.id, s, type, sampleEventData(ctx, me.organization.id, type));
    return sent.ok ? { notice: `A test ${type} event (${sent.eventId}) is being sent.` } : { field: 'type', message: sent.message };
  });
}
