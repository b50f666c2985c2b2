import type { TestServer } from 'reference-server/testing';
import { describe, expect, it } from 'vitest';

import type { Receiver } from './harness/receiver';
import { serverAndReceiverForFile, subscriptionsOf } from './harness/server';
import { expectCleanDeactivation, TriggerHarness } from './harness/trigger';

let server: TestServer;
let receiver: Receiver;

serverAndReceiverForFile((started) => ({ server, receiver } = started));

describe('Trigger on the Automation API', () => {
	const automation = () => subscriptionsOf(server, '/api/automation/webhooks', server.demo.automationKey);
	let trigger: TriggerHarness;

	it('subscribes on activation and keeps the secret in static data', async () => {
		trigger = new TriggerHarness(receiver.engine, { source: 'automation', events: ['submission.queued'] }, { evaluationAutomationApi: 'automation' });
		receiver.serve(trigger);
		expect(await trigger.activate()).toBe('created');
		expect(trigger.staticData.secret).toMatch(/^whsec_/);
		const listed = (await automation()).filter((s) => s.url === trigger.webhookUrl);
		expect(listed).toHaveLength(1);
		expect(listed[0]?.id).toBe(trigger.staticData.subscriptionId);
	});

	it('finds its subscription on re-activation instead of creating another', async () => {
		expect(await trigger.activate('init')).toBe('existed');
		expect((await automation()).filter((s) => s.url === trigger.webhookUrl)).toHaveLength(1);
	});

	it('starts the workflow with the signed event the server delivers', async () => {
		const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as {
			data: Array<{ id: string }>;
		};
		const run = await receiver.engine.run(
			{
				resource: 'submission',
				operation: 'create',
				recordId: 'trigger-1',
				profileId: String(profiles.data[0]?.id),
				fieldsInput: 'json',
				fieldsJson: JSON.stringify({ email: 'trigger@x.example', name: 'T' }),
			},
			{ credentials: { evaluationAutomationApi: 'automation' } },
		);
		expect(run.error).toBeUndefined();
		const [event] = await receiver.executionsReached(1);
		expect(event).toMatchObject({ type: 'submission.queued', organization_id: server.demo.organizationId, data: { record_id: 'trigger-1' } });
		expect(receiver.statuses).toEqual([200]);
	});

	it('replaces a subscription whose secret it lost rather than adding a second one', async () => {
		const lost = new TriggerHarness(receiver.engine, { source: 'automation', events: ['submission.queued'] }, { evaluationAutomationApi: 'automation' });
		const previous = trigger.staticData.subscriptionId;
		expect(await lost.activate()).toBe('created');
		const listed = (await automation()).filter((s) => s.url === lost.webhookUrl);
		expect(listed.map((s) => s.id)).toEqual([lost.staticData.subscriptionId]);
		expect(listed[0]?.id).not.toBe(previous);
		trigger = lost;
		receiver.serve(trigger);
	});

	it('unsubscribes on deactivation, and a second deactivation is harmless', async () => {
		await expectCleanDeactivation(trigger, automation, 'wh_gone');
	});
});
