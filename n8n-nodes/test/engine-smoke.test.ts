import { startTestServer, type TestServer } from 'reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Engine } from './harness/engine';

let server: TestServer;
const engine = new Engine();

beforeAll(async () => {
	server = await startTestServer();
	engine.credentials.add('automation', 'evaluationAutomationApi', { baseUrl: server.url, apiKey: server.demo.automationKey });
});
afterAll(() => server.dispose());

describe('smoke', () => {
	it('runs getMe', async () => {
		const result = await engine.run({ resource: 'account', operation: 'getMe' }, { credentials: { evaluationAutomationApi: 'automation' } });
		expect(result.error).toBeUndefined();
		expect(result.items?.[0]?.json).toEqual({ user: server.demo.user.email, orgName: 'Northwind Ventures' });
	});
});
