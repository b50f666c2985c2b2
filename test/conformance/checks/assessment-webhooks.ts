import { ensure, ensureEqual, ensureStatus, field, isObject, jsonObject, type JsonObject, okJson } from '../assert.js';
import type { Delivery } from '../receiver.js';
import type { Check, CheckContext } from '../runner.js';
import { deliveriesTo, verifyDelivery, webhookRoute, withSubscription, type Subscription, type VerifiedEvent } from '../webhooks.js';
import { validSubmission } from './assessment.js';

const developerKey = (t: CheckContext) => ({ 'x-api-key': t.cred('developerKey') });

async function submit(t: CheckContext, email: string, salt: number): Promise<string> {
  const reply = await t.http.post('/api/v1/assessment/submit', { headers: developerKey(t), json: validSubmission(email, salt) });
  ensureStatus(reply, 200);
  return field<string>(jsonObject(reply), 'responseId', 'string');
}

/**
 * The first delivery on the subscription's own receiver path, verified. Each check subscribes a
 * fresh path and causes exactly one event its filter matches, so anything else arriving first
 * (an event of the wrong type) is a failure rather than something to wait past.
 */
async function firstEvent(t: CheckContext, subscription: Subscription): Promise<VerifiedEvent & { data: JsonObject }> {
  const [delivery] = await deliveriesTo(t, subscription, 1);
  const verified = verifyDelivery(subscription, delivery as Delivery);
  ensureEqual(verified.delivery.headers['webhook-id'], verified.event.id, 'webhook-id header (the event id)');
  ensure(isObject(verified.event.data), 'data is not an object');
  return { ...verified, data: verified.event.data };
}

/** The revision the Assessment API now stores for the email, to compare an event's data with. */
async function storedRevision(t: CheckContext, email: string): Promise<unknown> {
  const body = okJson(await t.http.get(`/api/v1/assessment/results?email=${encodeURIComponent(email)}`, { headers: developerKey(t) }));
  return (isObject(body.result) ? body.result : body).revision;
}

/** Deliveries a submit causes on the Assessment API's own subscriptions (docs/assessment.md · Webhooks). */
export const assessmentWebhookChecks: Check[] = [
  {
    id: 'webhooks.assessment.completed-delivery',
    route: webhookRoute('assessment'),
    clause: 'Events (Assessment API: HTTPS endpoints receive assessment-related events); docs/assessment.md · Webhooks; docs/webhooks.md · Signature',
    title: "a person's first submit is delivered as assessment.completed for that result, signed so that standardwebhooks verifies it",
    needs: ['developerKey'],
    async run(t) {
      await withSubscription(t, 'assessment', ['assessment.completed', 'assessment.replaced'], async (subscription) => {
        const email = `${t.unique('hook-')}@conformance.example`;
        const resultId = await submit(t, email, 0);
        const { event, data } = await firstEvent(t, subscription);
        ensureEqual(event.type, 'assessment.completed', 'type of the event a first submit causes');
        ensureEqual(data.result_id, resultId, "data.result_id (the submit's responseId)");
        ensureEqual(data.email, email, 'data.email');
        ensureEqual(data.revision, await storedRevision(t, email), 'data.revision (the stored revision)');
        const instrument = jsonObject(await t.http.get('/api/v1/assessment/questions', { headers: developerKey(t) }));
        ensureEqual(event.organization_id, instrument.organizationId, "organization_id (the key's organisation, as the instrument names it)");
      });
    },
  },
  {
    id: 'webhooks.assessment.replaced-delivery',
    route: webhookRoute('assessment'),
    clause: 'Assessment rules 2 (the upsert); docs/assessment.md · Webhooks (assessment.replaced: same result_id, revision + 1, previous_revision)',
    title: 'a second submit for the same email is delivered as assessment.replaced naming the result and its previous revision',
    needs: ['developerKey'],
    async run(t) {
      // Subscribed to the replacement only: the first submit's assessment.completed must not come here.
      await withSubscription(t, 'assessment', ['assessment.replaced'], async (subscription) => {
        const email = `${t.unique('rehook-')}@conformance.example`;
        const first = await submit(t, email, 0);
        const second = await submit(t, email, 1);
        ensureEqual(second, first, 'responseId of the replacing submit');
        const { event, data } = await firstEvent(t, subscription);
        ensureEqual(event.type, 'assessment.replaced', 'type of the first event on a subscription to assessment.replaced only');
        ensureEqual(data.result_id, first, 'data.result_id (the replaced result)');
        const revision = field<number>(data, 'revision', 'number');
        ensureEqual(data.previous_revision, revision - 1, 'data.previous_revision (revision - 1)');
        ensureEqual(revision, await storedRevision(t, email), 'data.revision (the stored revision)');
      });
    },
  },
];
