import { ensure, ensureEqual, ensureRestError, ensureStatus, isObject } from '../assert.js';
import type { Check, CheckContext } from '../runner.js';
import { subscribe, unsubscribe, waitForEvent, WEBHOOK_SURFACES, type Subscription, type WebhookSurface } from '../webhooks.js';
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
];
