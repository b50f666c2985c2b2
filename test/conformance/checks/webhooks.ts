import { CheckFailure, ensure, ensureEqual, ensureRestError, ensureStatus, isObject, jsonObject } from '../assert.js';
import type { Delivery } from '../receiver.js';
import type { Check, CheckContext } from '../runner.js';
import { receiverOf, subscribe, unsubscribe, verifyDelivery, waitForEvent, WEBHOOK_SURFACES, type Subscription, type WebhookSurface } from '../webhooks.js';
import { validSubmission } from './assessment.js';
import { createSubmission, listItems } from './automation.js';

async function withSubscription(t: CheckContext, surface: WebhookSurface, events: string[] | undefined, body: (s: Subscription) => Promise<void>): Promise<void> {
  const subscription = await subscribe(t, surface, events);
  try {
    await body(subscription);
  } finally {
    await unsubscribe(t, surface, subscription);
  }
}

const routeOf = (surface: WebhookSurface) => ({ path: WEBHOOK_SURFACES[surface].path, credential: WEBHOOK_SURFACES[surface].key });

const listSubscriptions = async (t: CheckContext, surface: WebhookSurface) =>
  listItems(await t.http.get(WEBHOOK_SURFACES[surface].path, { headers: { 'x-api-key': t.cred(WEBHOOK_SURFACES[surface].key) } }));

const lifecycle = (surface: WebhookSurface): Check[] => {
  const needs = [WEBHOOK_SURFACES[surface].key];
  return [
    {
      id: `webhooks.${surface}.secret-shown-once`,
      route: routeOf(surface),
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
      id: `webhooks.${surface}.ssrf-refused`,
      route: routeOf(surface),
      clause: 'docs/webhooks.md · SSRF guard (metadata and private addresses refused at subscription)',
      title: `an ${surface} subscription to the cloud metadata address is refused with 400`,
      needs,
      async run(t) {
        const { path, key } = WEBHOOK_SURFACES[surface];
        const reply = await t.http.post(path, { headers: { 'x-api-key': t.cred(key) }, json: { url: 'http://169.254.169.254/latest/meta-data/' } });
        ensureRestError(reply, 400, 'Bad Request');
      },
    },
  ];
};

export const webhookChecks: Check[] = [
  ...lifecycle('automation'),
  ...lifecycle('assessment'),
  {
    id: 'webhooks.automation.signed-delivery',
    route: routeOf('automation'),
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
    id: 'webhooks.assessment.signed-delivery',
    route: routeOf('assessment'),
    clause: 'Events (Assessment API: HTTPS endpoints receive assessment-related events)',
    title: 'a scored submit is delivered as a signed assessment.completed event, a replacement as assessment.replaced',
    needs: ['developerKey'],
    async run(t) {
      await withSubscription(t, 'assessment', undefined, async (subscription) => {
        const email = `${t.unique('hook-')}@conformance.example`;
        for (const salt of [0, 1]) {
          const reply = await t.http.post('/api/v1/assessment/submit', { headers: { 'x-api-key': t.cred('developerKey') }, json: validSubmission(email, salt) });
          ensureStatus(reply, 200);
        }
        const completed = await waitForEvent(t, subscription, 'assessment.completed');
        ensure(JSON.stringify(completed.event.data).includes(email), 'assessment.completed does not name the email');
        const replaced = await waitForEvent(t, subscription, 'assessment.replaced');
        ensure(replaced.event.id !== completed.event.id, 'two events share an id');
      });
    },
  },
  {
    id: 'webhooks.automation.completed-event',
    route: routeOf('automation'),
    clause: 'States · automation submission (the result comes later); docs/webhooks.md · event types',
    title: 'processing ends in a signed submission.completed, .awaiting_assessment or .failed event for the record',
    needs: ['automationKey'],
    async run(t) {
      const finals = ['submission.completed', 'submission.awaiting_assessment', 'submission.failed'];
      await withSubscription(t, 'automation', finals, async (subscription) => {
        const { recordId } = await createSubmission(t);
        const receiver = receiverOf(t);
        const [delivery] = await receiver.waitFor(subscription.path, 1, 15_000).catch((error: Error) => {
          throw new CheckFailure(error.message);
        });
        const { event } = verifyDelivery(subscription, delivery as Delivery);
        ensure(finals.includes(String(event.type)), `a ${String(event.type)} event arrived on a subscription to ${finals.join(', ')} only`);
        ensure(JSON.stringify(event.data).includes(recordId), `the event data does not name record ${recordId}`);
      });
    },
  },
  {
    id: 'webhooks.automation.retry',
    route: routeOf('automation'),
    clause: 'docs/webhooks.md · Retries (5xx is retried: attempt 2 after about 5 s); Standard Webhooks',
    title: 'a delivery answered 503 is retried with the same webhook-id, and the failed attempt is recorded',
    needs: ['automationKey'],
    async run(t) {
      await withSubscription(t, 'automation', ['submission.queued'], async (subscription) => {
        const receiver = receiverOf(t);
        receiver.respond(subscription.path, (_delivery, attempt) => ({ status: attempt === 1 ? 503 : 200 }));
        await createSubmission(t);
        const deliveries = await receiver.waitFor(subscription.path, 2, 20_000).catch((error: Error) => {
          throw new CheckFailure(error.message);
        });
        const [first, second] = deliveries as [Delivery, Delivery];
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
    route: routeOf('automation'),
    clause: 'docs/webhooks.md · 410 Gone disables the subscription; Standard Webhooks',
    title: 'a receiver answering 410 Gone gets its subscription disabled and no further deliveries',
    needs: ['automationKey'],
    async run(t) {
      await withSubscription(t, 'automation', ['submission.queued'], async (subscription) => {
        const receiver = receiverOf(t);
        receiver.respond(subscription.path, () => ({ status: 410 }));
        await createSubmission(t);
        await receiver.waitFor(subscription.path, 1, 15_000);
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

