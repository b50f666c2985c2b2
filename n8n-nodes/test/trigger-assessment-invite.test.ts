import { completeInvite, type TestServer } from 'reference-server/testing';
import { describe, expect, it } from 'vitest';

import type { Receiver } from './harness/receiver';
import { answers, serverAndReceiverForFile } from './harness/server';
import { TriggerHarness } from './harness/trigger';

/** The trigger with `source: assessment` starts its workflow for a participant who finished an invite link. */
let server: TestServer;
let receiver: Receiver;

serverAndReceiverForFile((started) => ({ server, receiver } = started));

describe('Trigger on the Assessment API, fed by an invite', () => {
	it('starts the workflow with the signed assessment.completed of an invite-completed result', async () => {
		const trigger = new TriggerHarness(receiver.engine, { source: 'assessment', assessmentEvents: ['assessment.completed'] }, { evaluationAssessmentApi: 'assessment' });
		receiver.serve(trigger);
		expect(await trigger.activate()).toBe('created');

		const created = await fetch(`${server.url}/api/v1/assessment/invites`, {
			method: 'POST',
			headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'application/json' },
			body: JSON.stringify({ email: 'nina.invite@founders.example', full_name: 'Nina Invite' }),
		});
		const invite = (await created.json()) as { id: string; url: string };
		await completeInvite(invite.url, { q1: 'Nina Invite', ...answers(2) });

		const [event] = await receiver.executionsReached(1);
		expect(event).toMatchObject({
			type: 'assessment.completed',
			organization_id: server.demo.organizationId,
			data: { revision: 1, email: 'nina.invite@founders.example', full_name: 'Nina Invite', source: 'invite' },
		});
		// Signed with the secret the activation kept: the trigger refused nothing.
		expect(receiver.statuses).toEqual([200]);
		expect(await trigger.deactivate()).toBe(true);
	});
});
