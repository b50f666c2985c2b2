import type { TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Engine } from './harness/engine';
import { CREDENTIALS, serverWithEngine } from './harness/server';

let server: TestServer;
let engine: Engine;

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
});
afterAll(() => server.dispose());

const credentials = CREDENTIALS.automation;

describe('Account: Get Me', () => {
	it("returns the key owner's email and the organisation", async () => {
		const { items, error } = await engine.run({ resource: 'account', operation: 'getMe' }, { credentials });
		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { user: server.demo.user.email, orgName: 'Northwind Ventures' }, pairedItem: { item: 0 } }]);
	});

	it('surfaces a 401 for a developer key used as an automation key', async () => {
		engine.credentials.add('dev-as-auto', 'evaluationAutomationApi', { baseUrl: server.url, apiKey: server.demo.developerKey });
		const { error } = await engine.run({ resource: 'account', operation: 'getMe' }, { credentials: { evaluationAutomationApi: 'dev-as-auto' } });
		expect(error?.name).toBe('NodeApiError');
		expect((error as { httpCode?: string }).httpCode).toBe('401');
		// The node names the credential to fix; the API's message names a header (x-api-key), and n8n's lists break messages at dashes.
		expect(error?.message).toBe('The platform refused the Evaluation Platform Automation API credential (automation key)');
		expect(error?.message).not.toContain('-');
	});
});
