import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';

import { verifyDelivery } from '../nodes/EvaluationPlatformTrigger/signature';
import { Engine } from './harness/engine';
import { type Delivery, TriggerHarness } from './harness/trigger';

// A fixed signing secret in the Standard Webhooks format (whsec_ + base64 of 32 bytes).
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const signer = new Webhook(SECRET);

function signed(id: string, payload: object, at = new Date()): Delivery {
	const rawBody = JSON.stringify(payload);
	return {
		headers: {
			'webhook-id': id,
			'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
			'webhook-signature': signer.sign(id, at, rawBody),
			'content-type': 'application/json',
		},
		rawBody,
	};
}

const EVENT = { id: 'evt_1', type: 'submission.completed', created_at: '2026-06-01T09:00:00.000Z', organization_id: 'org_1', data: { job_id: 'job_1' } };

describe('Standard Webhooks verification', () => {
	const now = Math.floor(Date.now() / 1000);

	it('accepts what the standardwebhooks library signs, and refuses any change to it', () => {
		const delivery = signed('msg_1', EVENT);
		const base = {
			id: delivery.headers['webhook-id'],
			timestamp: delivery.headers['webhook-timestamp'],
			signature: delivery.headers['webhook-signature'],
			rawBody: delivery.rawBody,
		};
		expect(verifyDelivery(SECRET, base, now)).toEqual({ ok: true });
		expect(verifyDelivery(SECRET, { ...base, rawBody: base.rawBody.replace('job_1', 'job_2') }, now).ok).toBe(false);
		expect(verifyDelivery(SECRET, { ...base, id: 'msg_2' }, now).ok).toBe(false);
		expect(verifyDelivery(`whsec_${Buffer.alloc(32, 8).toString('base64')}`, base, now).ok).toBe(false);
		expect(verifyDelivery(SECRET, { ...base, signature: `v1,AAAA ${base.signature}` }, now)).toEqual({ ok: true });
		expect(verifyDelivery(SECRET, { ...base, signature: base.signature?.replace('v1,', 'v2,') }, now).ok).toBe(false);
		expect(verifyDelivery(SECRET, { ...base, signature: undefined }, now).ok).toBe(false);
	});

	it('refuses timestamps more than five minutes away, either way', () => {
		const at = new Date(now * 1000);
		for (const [offset, ok] of [[-301, false], [-299, true], [299, true], [301, false]] as const) {
			const delivery = signed('msg_t', EVENT, at);
			const result = verifyDelivery(
				SECRET,
				{ id: 'msg_t', timestamp: delivery.headers['webhook-timestamp'], signature: delivery.headers['webhook-signature'], rawBody: delivery.rawBody },
				now + offset,
			);
			expect(result.ok).toBe(ok);
		}
	});
});

describe('Trigger webhook() in n8n-core', () => {
	let trigger: TriggerHarness;

	beforeEach(() => {
		trigger = new TriggerHarness(new Engine(), { source: 'automation', events: ['submission.completed'] }, { evaluationAutomationApi: 'automation' });
		Object.assign(trigger.staticData, { subscriptionId: 'wh_1', secret: SECRET, recentDeliveries: [] });
	});

	it('starts the workflow with the event for a valid signature', async () => {
		const outcome = await trigger.deliver(signed('msg_ok', EVENT));
		expect(outcome.status).toBe(200);
		expect(outcome.response.workflowData?.[0]?.[0]?.json).toEqual(EVENT);
		// A small JSON acknowledgement naming the delivery, not n8n's default "Workflow was started".
		expect(outcome.body).toEqual({ received: true, id: 'msg_ok' });
	});

	it('answers 401 and starts nothing for a bad signature', async () => {
		const delivery = signed('msg_bad', EVENT);
		const outcome = await trigger.deliver({ ...delivery, rawBody: JSON.stringify({ ...EVENT, type: 'submission.failed' }) });
		expect(outcome.status).toBe(401);
		expect(outcome.body).toMatchObject({ error: 'Unauthorized' });
		expect(outcome.response).toEqual({ noWebhookResponse: true });
	});

	it('answers 401 for a stale timestamp even with a correct signature', async () => {
		const outcome = await trigger.deliver(signed('msg_old', EVENT, new Date(Date.now() - 10 * 60_000)));
		expect(outcome.status).toBe(401);
		expect((outcome.body as { message: string }).message).toMatch(/window/);
	});

	it('answers 401 when the trigger has no secret (never activated)', async () => {
		Object.assign(trigger.staticData, { secret: undefined });
		const outcome = await trigger.deliver(signed('msg_x', EVENT));
		expect(outcome.status).toBe(401);
	});

	it('drops a redelivery of the same webhook-id', async () => {
		const delivery = signed('msg_dup', EVENT);
		const first = await trigger.deliver(delivery);
		const again = await trigger.deliver(signed('msg_dup', EVENT));
		expect(first.response.workflowData).toHaveLength(1);
		expect(again.status).toBe(200);
		expect(again.response.workflowData).toBeUndefined();
		expect(again.body).toEqual({ received: true, duplicate: true });
	});

	it('drops a redelivery even when n8n did not save the static data the first delivery changed', async () => {
		// Real n8n 2.41.1 loses static data webhook() changed when the webhook starts an execution.
		const first = await trigger.deliver(signed('msg_unsaved', EVENT));
		trigger.staticData.recentDeliveries = [];
		const again = await trigger.deliver(signed('msg_unsaved', EVENT));
		expect(first.response.workflowData).toHaveLength(1);
		expect(again.body).toEqual({ received: true, duplicate: true });
	});
});
