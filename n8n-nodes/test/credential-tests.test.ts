import type { ICredentialDataDecryptedObject, ICredentialTestRequest, INode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import type { TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CREDENTIAL_TYPES, type Engine, nodeTypes } from './harness/engine';
import { connectPartnerCredential } from './harness/oauth';
import { serverWithEngine } from './harness/server';

let server: TestServer;
let engine: Engine;

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
});
afterAll(() => server.dispose());

const node: INode = { id: 'n', name: 'n', type: 'testItems', typeVersion: 1, position: [0, 0], parameters: {} };
const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });

/** The credential's `test` request as n8n's credential tester sends it, expressions resolved. */
async function runCredentialTest(type: string, data: ICredentialDataDecryptedObject): Promise<Response> {
	const definition = CREDENTIAL_TYPES.find((c) => c.name === type);
	const test = definition?.test as ICredentialTestRequest;
	const resolve = (value: unknown) =>
		workflow.expression.getSimpleParameterValue(node, value as string, 'internal', { $credentials: data }, undefined, value as string);
	const url = `${String(resolve(test.request.baseURL))}${String(resolve(test.request.url))}`;
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	const authenticate = definition?.authenticate;
	if (authenticate && typeof authenticate === 'object' && authenticate.type === 'generic') {
		for (const [key, value] of Object.entries(authenticate.properties.headers ?? {})) headers[key] = String(resolve(value));
	}
	const token = (data.oauthTokenData as { access_token?: string } | undefined)?.access_token;
	if (token) headers.authorization = `Bearer ${token}`;
	return fetch(url, {
		method: test.request.method ?? 'GET',
		headers,
		...(test.request.body ? { body: JSON.stringify(test.request.body) } : {}),
	});
}

describe('credential tests against the server', () => {
	it('accepts the right automation key and refuses a developer key', async () => {
		const ok = await runCredentialTest('evaluationAutomationApi', { baseUrl: `${server.url}/`, apiKey: server.demo.automationKey });
		expect(ok.status).toBe(200);
		expect(await ok.json()).toMatchObject({ user: server.demo.user.email });
		const wrong = await runCredentialTest('evaluationAutomationApi', { baseUrl: server.url, apiKey: server.demo.developerKey });
		expect(wrong.status).toBe(401);
	});

	it('accepts the right developer key and refuses an automation key', async () => {
		const ok = await runCredentialTest('evaluationAssessmentApi', { baseUrl: server.url, apiKey: server.demo.developerKey });
		expect(ok.status).toBe(200);
		const wrong = await runCredentialTest('evaluationAssessmentApi', { baseUrl: server.url, apiKey: server.demo.automationKey });
		expect(wrong.status).toBe(401);
	});

	it('runs getUserDataQuery with the connected OAuth2 token', async () => {
		const data = await connectPartnerCredential(server, engine, 'partner-test');
		const ok = await runCredentialTest('evaluationPartnerOAuth2Api', data);
		expect(ok.status).toBe(200);
		expect(await ok.json()).toEqual({ data: { me: { email: server.demo.user.email } } });
		const wrong = await runCredentialTest('evaluationPartnerOAuth2Api', { ...data, oauthTokenData: { access_token: 'not-a-token' } });
		expect(wrong.status).toBe(401);
	});
});
