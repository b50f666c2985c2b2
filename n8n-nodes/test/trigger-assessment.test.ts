import type { TestServer } from 'reference-server/testing';
import { describe, expect, it } from 'vitest';

import { EvaluationPlatformTrigger } from '../nodes/EvaluationPlatformTrigger/EvaluationPlatformTrigger.node';
import type { Receiver } from './harness/receiver';
import { answers, CREDENTIALS, serverAndReceiverForFile, subscriptionsOf } from './harness/server';
import { expectCleanDeactivation, TriggerHarness } from './harness/trigger';

/** The trigger with `source: assessment`: its lifecycle on `/api/v1/webhooks` and real deliveries of a submit. */
let server: TestServer;
let receiver: Receiver;
let trigger: TriggerHarness;

serverAndReceiverForFile((started) => ({ server, receiver } = started));

const assessmentHooks = () => subscriptionsOf(server, '/api/v1/webhooks', server.demo.developerKey);
const automationHooks = () => subscriptionsOf(server, '/api/automation/webhooks', server.demo.automationKey);

/** A submit through the action node, as a workflow upstream of the trigger would send it. */
async function submit(email: string, seed: number) {
	const run = await receiver.engine.run(
		{ resource: 'assessment', operation: 'submit', inputMode: 'fields', email, fullName: 'Tess Trigger', answers: JSON.stringify(answers(seed)) },
		{ credentials: CREDENTIALS.assessment },
	);
	expect(run.error).toBeUndefined();
	return run.items?.[0]?.json as { responseId: string };
}

describe('Trigger on the Assessment API', () => {
	it('subscribes on /api/v1/webhooks with the developer key on activation, for the chosen events only', async () => {
		trigger = new TriggerHarness(
			receiver.engine,
			{ source: 'assessment', assessmentEvents: ['assessment.completed', 'assessment.replaced'] },
			{ evaluationAssessmentApi: 'assessment' },
		);
		receiver.serve(trigger);
		expect(await trigger.activate()).toBe('created');
		expect(trigger.staticData.secret).toMatch(/^whsec_/);
		const listed = (await assessmentHooks()).filter((s) => s.url === trigger.webhookUrl);
		expect(listed).toHaveLength(1);
		expect(listed[0]).toMatchObject({ id: trigger.staticData.subscriptionId, events: ['assessment.completed', 'assessment.replaced'] });
		// The assessment subscription lives on its own surface, not among the automation key's.
		expect((await automationHooks()).filter((s) => s.url === trigger.webhookUrl)).toEqual([]);
	});

	it('names the chosen assessment events in its subtitle (n8n drops the hidden automation list)', () => {
		const subtitle = trigger.workflow.expression.getSimpleParameterValue(trigger.node, String(new EvaluationPlatformTrigger().description.subtitle), 'internal', {});
		expect(subtitle).toBe('Assessment Completed, Assessment Replaced');
	});

	it('finds its subscription on re-activation instead of creating another', async () => {
		expect(await trigger.activate('init')).toBe('existed');
		expect((await assessmentHooks()).filter((s) => s.url === trigger.webhookUrl)).toHaveLength(1);
	});

	it('starts the workflow with assessment.completed, then assessment.replaced, each passing signature verification', async () => {
		const first = await submit('tess.trigger@founders.example', 1);
		const [completed] = await receiver.executionsReached(1);
		expect(completed).toMatchObject({
			type: 'assessment.completed',
			organization_id: server.demo.organizationId,
			data: { result_id: first.responseId, revision: 1, email: 'tess.trigger@founders.example', full_name: 'Tess Trigger' },
		});
		expect(completed?.data).toHaveProperty('composite.band');

		const second = await submit('TESS.trigger@founders.example', 3);
		expect(second.responseId).toBe(first.responseId);
		const events = await receiver.executionsReached(2);
		expect(events[1]).toMatchObject({ type: 'assessment.replaced', data: { result_id: first.responseId, revision: 2, previous_revision: 1 } });
		// Both were signed with the secret the activation kept: nothing was refused.
		expect(receiver.statuses).toEqual([200, 200]);
	});

	it('re-subscribes when the chosen events change, leaving one subscription for the URL', async () => {
		const previous = trigger.staticData.subscriptionId;
		const narrowed = new TriggerHarness(receiver.engine, { source: 'assessment', assessmentEvents: ['assessment.completed'] }, { evaluationAssessmentApi: 'assessment' });
		Object.assign(narrowed.staticData, trigger.staticData);
		expect(await narrowed.activate('init')).toBe('created');
		const listed = (await assessmentHooks()).filter((s) => s.url === narrowed.webhookUrl);
		expect(listed.map((s) => [s.id, s.events])).toEqual([[narrowed.staticData.subscriptionId, ['assessment.completed']]]);
		expect(narrowed.staticData.subscriptionId).not.toBe(previous);
		trigger = narrowed;
		receiver.serve(trigger);
	});

	it('unsubscribes on deactivation, and a second deactivation is harmless', async () => {
		await expectCleanDeactivation(trigger, assessmentHooks, 'whk_gone');
	});
});
