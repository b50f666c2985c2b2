import { sleep } from 'n8n-workflow';
import { certificationWhen, explainCertification, finishCertification, type Report, startCertification, type TestServer, writeCertificate } from 'reference-server/testing';
import { describe, expect, it } from 'vitest';

import { N8N_CERTIFICATION_NOTES } from './harness/certification-notes';
import { connectPartnerCredential, N8N_CALLBACK } from './harness/oauth';
import type { Receiver } from './harness/receiver';
import { serverAndReceiverForFile } from './harness/server';
import { TriggerHarness } from './harness/trigger';

/**
 * The n8n package certified (issue 26) in n8n's own engine: the trigger node, activated as n8n
 * activates it, is the webhook receiver (the run probes the subscription the trigger made, signed
 * with the secret in its static data); the action node, run by n8n-core's WorkflowExecute with
 * the run's automation key, is the API client; the partner OAuth2 credential, connected through
 * n8n's own OAuth client and refreshed by n8n-core when its access token expires, is the OAuth
 * client. The report is the package's published certificate (docs/certification/n8n.html).
 */
const ACCESS_TOKEN_TTL_S = 5;
const expiry = () => sleep(ACCESS_TOKEN_TTL_S * 1000 + 500);
const CERTIFICATE = decodeURIComponent(new URL('../../docs/certification/n8n.html', import.meta.url).pathname);

let server: TestServer;
let receiver: Receiver;
let report: Report;

serverAndReceiverForFile((started) => ({ server, receiver } = started));

const outcomes = (r: Report) => Object.fromEntries(r.checks.map((c) => [c.id, c.outcome]));

describe('the n8n package, certified in n8n-core', () => {
	it('passes every MUST: the trigger as the receiver, the action node as the client, n8n-core refreshing the OAuth2 credential', async () => {
		const trigger = new TriggerHarness(receiver.engine, { source: 'automation', events: ['submission.completed'] }, { evaluationAutomationApi: 'automation' });
		receiver.serve(trigger);
		expect(await trigger.activate()).toBe('created');
		const started = await startCertification(server, {
			name: 'n8n-nodes-evaluation-platform in n8n-core',
			subscriptionId: String(trigger.staticData.subscriptionId),
			checks: ['webhook', 'api', 'oauth'],
			redirectUris: [N8N_CALLBACK],
			accessTokenTtlSeconds: ACCESS_TOKEN_TTL_S,
			faultWindowSeconds: 5,
		});
		receiver.engine.credentials.add('run', 'evaluationAutomationApi', { baseUrl: server.url, apiKey: started.credentials.automation_key as string });
		const credentials = { evaluationAutomationApi: 'run' };
		const profiles = await receiver.engine.run({ resource: 'profile', operation: 'getAll', returnAll: true }, { credentials: { evaluationAutomationApi: 'automation' } });
		const profileId = String(profiles.items?.[0]?.json.id);

		// A create whose answer the run drops: the node sends it again with the same record_id.
		const created = await receiver.engine.run(
			{ resource: 'submission', operation: 'create', recordId: 'n8n-certified-1', profileId, fieldsInput: 'json', fieldsJson: JSON.stringify({ company: 'Certified Co', email: 'n8n@certified.example' }) },
			{ credentials },
		);
		expect(created.error).toBeUndefined();
		// A list: a 429 with Retry-After, a 503 with one, then a persistent 503 the node's bounded
		// retries give up on (the execution fails, as n8n's Retry On Fail would then decide).
		await receiver.engine.run({ resource: 'submission', operation: 'getAll', returnAll: true }, { credentials });
		await certificationWhen(server, started.run.id, (r) => r.run.status !== 'running' || outcomes(r)['api.bounded-retries'] !== 'pending');
		// Once the fault window is over, a list in pages of one, followed to its end.
		const listed = await receiver.engine.run({ resource: 'submission', operation: 'getAll', returnAll: true }, { credentials });
		expect(listed.error).toBeUndefined();

		await certificationWhen(server, started.run.id, (r) => r.checks.every((c) => c.outcome !== 'pending' || !c.id.startsWith('api.')));

		// "Connect my account" with the run's client, then two calls each after the access token expired: n8n-core refreshes.
		const client = started.credentials.oauth_client as { client_id: string; client_secret: string };
		await connectPartnerCredential(server, receiver.engine, 'run-oauth', { clientId: client.client_id, clientSecret: client.client_secret });
		for (let round = 1; round <= 2; round++) {
			await expiry();
			const me = await receiver.engine.run({ resource: 'account', authentication: 'oAuth2', operation: 'getMe' }, { credentials: { evaluationPartnerOAuth2Api: 'run-oauth' } });
			expect(me.error).toBeUndefined();
		}
		// n8n keeps a connection until the user deletes the credential, and deleting it revokes nothing:
		// oauth.revokes-on-disconnect stays not_run, as the README says.
		report = await certificationWhen(server, started.run.id, (r) => r.checks.filter((c) => c.outcome === 'pending').every((c) => c.id === 'oauth.revokes-on-disconnect'));
		// Explained before the run ends: the signed certificate carries what was given by then.
		for (const [check, text] of Object.entries(N8N_CERTIFICATION_NOTES)) await explainCertification(server, started.run.id, check, text);
		report = await finishCertification(server, started.run.id);
		const notPassed = report.checks.filter((c) => c.outcome !== 'pass').map((c) => `${c.id}: ${c.outcome}`);
		expect(notPassed).toEqual(['oauth.revokes-on-disconnect: not_run']);
		expect(report.checks.filter((c) => c.level === 'MUST' && c.outcome !== 'pass')).toEqual([]);
		expect(report.certificate?.id).toMatch(/^cer_/);
		const line = await writeCertificate(report, CERTIFICATE);
		expect(line).toMatch(/passed: 19 passed, 0 failed, 0 warned, 1 not run; 7 explained$/);
	}, 120_000);
});
