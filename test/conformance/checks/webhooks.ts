import { ensure, ensureEqual, ensureRestError, ensureStatus, isObject, jsonObject } from '../assert.js';
import type { Delivery } from '../receiver.js';
import type { Check, CheckContext } from '../runner.js';
import { deliveriesTo, receiverOf, subscribe, unsubscribe, verifyDelivery, waitForEvent, webhookRoute, withSubscription, WEBHOOK_SURFACES, type WebhookSurface } from '../webhooks.js';
import { createSubmission, listItems } from './automation.js';

const listSubscriptions = async (t: CheckContext, surface: WebhookSurface) =>
  listItems(await t.http.get(WEBHOOK_SURFACES[surface].path, { headers: { 'x-api-key': t.cred(WEBHOOK_SURFACES[surface].key) } }));

/**
 * The event types each surface offers and those it must refuse (docs/webhooks.md · Event types):
 * the Assessment API carries assessment events only, and automation subscriptions may ask for
 * `assessment.completed` but not `assessment.replaced` (they get the re-scored submission instead).
 */
const SUBMISSION_EVENTS = ['submission.queued', 'submission.completed', 'submission.awaiting_assessment', 'submission.failed', 'resource.attached', 'transcript.attached'];
const EVENT_OFFER: Record<WebhookSurface, { offered: string[]; foreign: string[] }> = {
  automation: { offered: [...SUBMISSION_EVENTS, 'assessment.completed'], foreign: ['assessment.replaced'] },
  assessment: { offered: ['assessment.completed', 'assessment.replaced'], foreign: SUBMISSION_EVENTS },
};

const lifecycle = (surface: WebhookSurface): Check[] => {
  const needs = [WEBHOOK_SURFACES[surface].key];
  return [
    {
      id: `webhooks.${surface}.secret-shown-once`,
      route: webhookRoute(surface),
      clause: surface === 'assessment' ? 'Events (a signing secret is shown once at registration)' : 'Endpoints · /api/automation/webhooks; Events',
      title: `an ${surface} subscription is listed, without its signing secret, and DELETE removes it`,
      needs,
      async run(t) {
        const subscription = await subscribe(t, surface);
        let removed = false;
        try {
          const listed = await listSubscriptions(t, surface);
          const mine = listed.find((s) => s.id === subscription.id);
          ensure(mine, 'the new subscription is not listed');
          ensure(!JSON.stringify(listed).includes(subscription.secret), 'the list shows the signing secret again');
          await unsubscribe(t, surface, subscription);
          removed = true;
          ensure(!(await listSubscriptions(t, surface)).some((s) => s.id === subscription.id), 'the deleted subscription is still listed');
        } finally {
          if (!removed) await unsubscribe(t, surface, subscription);
        }
      },
    },
    {
      id: `webhooks.${surface}.event-types`,
      route: webhookRoute(surface),
      clause: 'docs/webhooks.md · Event types (GET …/webhooks/event-types)',
      title: `the ${surface} surface offers ${EVENT_OFFER[surface].offered.join(', ')}, and nothing it refuses`,
      needs,
      async run(t) {
        const { path, key } = WEBHOOK_SURFACES[surface];
        const types = listItems(await t.http.get(`${path}/event-types`, { headers: { 'x-api-key': t.cred(key) } })).map((item) => item.type);
        for (const type of EVENT_OFFER[surface].offered) ensure(types.includes(type), `${type} is not offered (offered: ${types.join(', ')})`);
        for (const type of EVENT_OFFER[surface].foreign) ensure(!types.includes(type), `${type} is offered to ${surface} subscriptions`);
      },
    },
    {
      id: `webhooks.${surface}.foreign-event-refused`,
      route: webhookRoute(surface),
      clause: 'docs/webhooks.md · Event types; Subscriptions (a 400 names each field)',
      title: `an ${surface} subscription asking for ${EVENT_OFFER[surface].foreign.length > 1 ? 'an automation event type' : EVENT_OFFER[surface].foreign.join('')} is refused with a 400 that names events, and not stored`,
      needs,
      async run(t) {
        const { path, key } = WEBHOOK_SURFACES[surface];
        const headers = { 'x-api-key': t.cred(key) };
        const url = receiverOf(t).url(`/${t.unique('refused-')}`);
        // Each foreign type alone, and one next to an offered type (a check of the first entry only lets that through).
        const requests = [...EVENT_OFFER[surface].foreign.map((type) => [type]), [EVENT_OFFER[surface].offered[0] as string, EVENT_OFFER[surface].foreign[0] as string]];
        for (const events of requests) {
          const type = events.join(', ');
          const reply = await t.http.post(path, { headers, json: { url, events } });
          // A wrongly accepted subscription is removed before failing, so the run leaves nothing behind.
          const created = reply.status < 300 && isObject(reply.json) && typeof reply.json.id === 'string' ? reply.json.id : undefined;
          if (created) await t.http.delete(`${path}/${encodeURIComponent(created)}`, { headers });
          ensure(reply.status === 400, `asking for ${type}: expected HTTP 400, got ${reply.status}`);
          ensureRestError(reply, 400, 'Bad Request');
          ensure(reply.text.includes('events'), `the 400 for ${type} does not name events`);
        }
        ensure(!(await listSubscriptions(t, surface)).some((s) => s.url === url), 'a refused subscription is listed');
      },
    },
    {
      id: `webhooks.${surface}.ssrf-refused`,
      route: webhookRoute(surface),
      clause: 'docs/webhooks.md · SSRF guard (metadata and private addresses refused at subscription)',
      title: `an ${surface} subscription to the cloud metadata address — as written, IPv4-mapped IPv6, decimal or with a trailing dot — is refused with 400`,
      needs,
      async run(t) {
        const { path, key } = WEBHOOK_SURFACES[surface];
        const headers = { 'x-api-key': t.cred(key) };
        for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/latest/meta-data/', 'http://2852039166/latest/meta-data/', 'http://169.254.169.254./latest/meta-data/']) {
          const reply = await t.http.post(path, { headers, json: { url } });
          const created = reply.status < 300 && isObject(reply.json) && typeof reply.json.id === 'string' ? reply.json.id : undefined;
          if (created) await t.http.delete(`${path}/${encodeURIComponent(created)}`, { headers });
          ensure(reply.status === 400, `a subscription to ${url} was answered ${reply.status}, not 400 (docs/webhooks.md · SSRF guard)`);
          ensureRestError(reply, 400, 'Bad Request');
        }
      },
    },
  ];
};

export const webhookChecks: Check[] = [
  ...lifecycle('automation'),
  ...lifecycle('assessment'),
  {
    id: 'webhooks.automation.signed-delivery',
    route: webhookRoute('automation'),
    clause: 'Events (subscribe a URL to outbound events); docs/webhooks.md · Standard Webhooks signature',
    title: 'a new submission is delivered to the subscribed URL, signed so that standardwebhooks verifies it',
    needs: ['automationKey'],
    async run(t) {
      await withSubscription(t, 'automation', undefined, async (subscription) => {
        const { recordId } = await createSubmission(t);
        const { event, delivery } = await waitForEvent(t, subscription, 'submission.queued');
        ensureEqual(delivery.headers['webhook-id'], event.id, 'webhook-id header (the event id)');
        ensure(isObject(event.data) && JSON.stringify(event.data).includes(recordId), `the event data does not name record ${recordId}`);
      });
    },
  },
  {
    id: 'webhooks.automation.completed-event',
    route: webhookRoute('automation'),
    clause: 'States · automation submission (the result comes later); docs/webhooks.md · event types',
    title: 'processing ends in a signed submission.completed, .awaiting_assessment or .failed event for the record',
    needs: ['automationKey'],
    async run(t) {
      const finals = ['submission.completed', 'submission.awaiting_assessment', 'submission.failed'];
      await withSubscription(t, 'automation', finals, async (subscription) => {
        const { recordId } = await createSubmission(t);
        const [delivery] = await deliveriesTo(t, subscription, 1);
        const { event } = verifyDelivery(subscription, delivery as Delivery);
        ensure(finals.includes(String(event.type)), `a ${String(event.type)} event arrived on a subscription to ${finals.join(', ')} only`);
        ensure(JSON.stringify(event.data).includes(recordId), `the event data does not name record ${recordId}`);
      });
    },
  },
  {
    id: 'webhooks.automation.retry',
    route: webhookRoute('automation'),
    clause: 'docs/webhooks.md · Retries (5xx is retried: attempt 2 after about 5 s); Standard Webhooks',
    title: 'a delivery answered 503 is retried with the same webhook-id, and the failed attempt is recorded',
    needs: ['automationKey'],
    async run(t) {
      await withSubscription(t, 'automation', ['submission.queued'], async (subscription) => {
        receiverOf(t).respond(subscription.path, (_delivery, attempt) => ({ status: attempt === 1 ? 503 : 200 }));
        await createSubmission(t);
        const [first, second] = (await deliveriesTo(t, subscription, 2, 20_000)) as [Delivery, Delivery];
        verifyDelivery(subscription, second);
        ensureEqual(second.headers['webhook-id'], first.headers['webhook-id'], 'webhook-id of the retry');
        const attempts = listItems(
          await t.http.get(`${WEBHOOK_SURFACES.automation.path}/${encodeURIComponent(subscription.id)}/attempts`, { headers: { 'x-api-key': t.cred('automationKey') } }),
        );
        ensure(attempts.some((a) => a.status_code === 503), 'the failed attempt (503) is not in the attempts list');
      });
    },
  },
  {
    id: 'webhooks.automation.gone-disables',
    route: webhookRoute('automation'),
    clause: 'docs/webhooks.md · 410 Gone disables the subscription; Standard Webhooks',
    title: 'a receiver answering 410 Gone gets its subscription disabled and no further deliveries',
    needs: ['automationKey'],
    async run(t) {
      await withSubscription(t, 'automation', ['submission.queued'], async (subscription) => {
        const receiver = receiverOf(t);
        receiver.respond(subscription.path, () => ({ status: 410 }));
        await createSubmission(t);
        await deliveriesTo(t, subscription, 1);
        const key = { 'x-api-key': t.cred('automationKey') };
        const deadline = Date.now() + 5_000;
        let status: unknown;
        while (Date.now() < deadline) {
          status = jsonObject(await t.http.get(`${WEBHOOK_SURFACES.automation.path}/${encodeURIComponent(subscription.id)}`, { headers: key })).status;
          if (status === 'disabled') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        ensureEqual(status, 'disabled', 'subscription status after a 410');
        const before = receiver.received(subscription.path).length;
        await createSubmission(t);
        const after = await t.http.get(`${WEBHOOK_SURFACES.automation.path}/${encodeURIComponent(subscription.id)}/attempts`, { headers: key });
        ensureStatus(after, 200);
        ensureEqual(receiver.received(subscription.path).length, before, 'deliveries to a disabled subscription');
      });
    },
  },
];
