import { ManualClock } from 'reference-server';
import type { TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Engine } from './harness/engine';
import { connectPartnerCredential } from './harness/oauth';
import { answers, CREDENTIALS, serverWithEngine } from './harness/server';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 9));
let server: TestServer;
let engine: Engine;

beforeAll(async () => {
	({ server, engine } = await serverWithEngine({}, { clock }));
	await connectPartnerCredential(server, engine, 'partner');
});
afterAll(() => server.dispose());

const credentials = CREDENTIALS.partner;

describe('signed in with OAuth2', () => {
	it('connects with a token from the server and derives the URLs from the base URL', () => {
		const stored = engine.credentials.stored('partner') as { oauthTokenData: { access_token: string; refresh_token: string; scope: string } };
		expect(stored.oauthTokenData.access_token.split('.')).toHaveLength(3);
		expect(stored.oauthTokenData.refresh_token).toMatch(/^pis_rt_/);
		expect(stored.oauthTokenData.scope.split(' ').sort()).toEqual(['all', 'basic', 'profile']);
	});

	it('gets the signed-in user as Account → Get Me (getUserDataQuery)', async () => {
		const { items, error } = await engine.run({ resource: 'account', authentication: 'oAuth2', operation: 'getMe' }, { credentials });
		expect(error).toBeUndefined();
		expect(items?.[0]?.json).toMatchObject({ email: server.demo.user.email, organization: { name: 'Northwind Ventures' } });
	});

	it('gets the organization (Organization → Get) and the integration status (Integration → Get Status)', async () => {
		const org = await engine.run({ resource: 'organization', operation: 'get' }, { credentials });
		expect(org.items?.[0]?.json).toMatchObject({ id: server.demo.organizationId, name: 'Northwind Ventures' });
		const status = await engine.run({ resource: 'integration', operation: 'getStatus' }, { credentials });
		expect(status.items?.[0]?.json).toMatchObject({
			connected: true,
			credential: 'OAUTH_ACCESS_TOKEN',
			client: { id: server.demo.oauthClient.clientId },
		});
	});

	it('gets an assessment result by email (Assessment → Get Result with OAuth2), and nothing for an unknown email', async () => {
		const submitted = await engine.run(
			{ resource: 'assessment', operation: 'submit', inputMode: 'fields', email: 'grace@x.example', fullName: 'Grace', answers: JSON.stringify(answers(4)) },
			{ credentials: CREDENTIALS.assessment },
		);
		const responseId = submitted.items?.[0]?.json.responseId;
		const found = await engine.run({ resource: 'assessment', authentication: 'oAuth2', operation: 'getResult', email: 'grace@x.example' }, { credentials });
		expect(found.items?.[0]?.json).toMatchObject({ id: responseId, fullName: 'Grace', scores: { instrumentVersion: '1.0' } });
		const missing = await engine.run({ resource: 'assessment', authentication: 'oAuth2', operation: 'getResult', email: 'nobody@x.example' }, { credentials });
		expect(missing.error).toBeUndefined();
		expect(missing.items).toEqual([]);
	});

	it('refreshes an expired access token through n8n and keeps working as the refresh token rotates', async () => {
		const before = engine.credentials.stored('partner') as { oauthTokenData: { refresh_token: string } };
		for (let round = 1; round <= 2; round++) {
			clock.advance(3601_000);
			const { items, error } = await engine.run({ resource: 'account', authentication: 'oAuth2', operation: 'getMe' }, { credentials });
			expect(error).toBeUndefined();
			expect(items?.[0]?.json.email).toBe(server.demo.user.email);
			expect(engine.credentials.tokenUpdates).toHaveLength(round);
		}
		const [first, second] = engine.credentials.tokenUpdates as Array<{ refresh_token: string }>;
		expect(new Set([before.oauthTokenData.refresh_token, first?.refresh_token, second?.refresh_token]).size).toBe(3);
	});

	it('surfaces a revoked connection as a 401 NodeApiError', async () => {
		const stored = engine.credentials.stored('partner') as { oauthTokenData: { refresh_token: string } };
		const revoke = await fetch(`${server.url}/api/oauth/revoke`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ token: stored.oauthTokenData.refresh_token, client_id: server.demo.oauthClient.clientId, client_secret: server.demo.oauthClient.clientSecret }),
		});
		expect(revoke.status).toBe(200);
		clock.advance(3601_000);
		const { error } = await engine.run({ resource: 'account', authentication: 'oAuth2', operation: 'getMe' }, { credentials });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/needs to be reconnected/);
	});
});
