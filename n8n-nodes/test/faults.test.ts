import nock from 'nock';
import { sleep } from 'n8n-workflow';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { Engine } from './harness/engine';

// The retry waits go through n8n-workflow's sleep; recording them keeps these tests instant
// and lets them assert the exact wait.
vi.mock('n8n-workflow', async (importOriginal) => ({
	...(await importOriginal<typeof import('n8n-workflow')>()),
	sleep: vi.fn(async () => {}),
}));

const BASE = 'http://platform.test';
const engine = new Engine();
const credentials = { evaluationAutomationApi: 'automation' };
const getMe = { resource: 'account', operation: 'getMe' };
const ME = { user: 'demo@northwind.example', orgName: 'Northwind Ventures' };
const signedIn = { evaluationPartnerOAuth2Api: 'partner' };
const SUBMISSION = { id: 'sub_1', jobId: 'job_1', recordId: 'crm-9', status: 'QUEUED' };

beforeAll(() => {
	nock.disableNetConnect();
	engine.credentials.add('automation', 'evaluationAutomationApi', { baseUrl: BASE, apiKey: 'pis_auto_test' });
	engine.credentials.add('partner', 'evaluationPartnerOAuth2Api', {
		baseUrl: BASE,
		clientId: 'client',
		clientSecret: 'secret',
		oauthTokenData: { access_token: 'at-1', token_type: 'Bearer', refresh_token: 'rt-1' },
	});
});
afterAll(() => {
	nock.enableNetConnect();
});
beforeEach(() => {
	vi.mocked(sleep).mockClear();
});
afterEach(() => {
	expect(nock.pendingMocks()).toEqual([]);
	nock.cleanAll();
});

describe('retries', () => {
	it('waits as long as Retry-After says after a 429, then succeeds', async () => {
		const scope = nock(BASE)
			.get('/api/automation/me')
			.matchHeader('x-api-key', 'pis_auto_test')
			.reply(429, { error: 'Too Many Requests', message: 'Slow down.' }, { 'Retry-After': '2' })
			.get('/api/automation/me')
			.reply(200, ME);
		const { items, error } = await engine.run(getMe, { credentials });
		expect(error).toBeUndefined();
		expect(items?.[0]?.json).toEqual(ME);
		expect(vi.mocked(sleep).mock.calls).toEqual([[2000]]);
		scope.done();
	});

	it('honours an HTTP-date Retry-After', async () => {
		const at = new Date(Date.now() + 5_000).toUTCString();
		nock(BASE).get('/api/automation/me').reply(503, { message: 'Maintenance.' }, { 'Retry-After': at }).get('/api/automation/me').reply(200, ME);
		const { error } = await engine.run(getMe, { credentials });
		expect(error).toBeUndefined();
		const [[waited]] = vi.mocked(sleep).mock.calls as [[number]];
		expect(waited).toBeGreaterThan(3_000);
		expect(waited).toBeLessThanOrEqual(5_000);
	});

	it('backs off exponentially after a 500 on a read, then succeeds', async () => {
		nock(BASE)
			.get('/api/automation/me')
			.reply(500, { error: 'Internal Server Error', message: 'retry with backoff' })
			.get('/api/automation/me')
			.reply(502, 'bad gateway')
			.get('/api/automation/me')
			.reply(200, ME);
		const { items, error } = await engine.run(getMe, { credentials });
		expect(error).toBeUndefined();
		expect(items?.[0]?.json).toEqual(ME);
		const waits = vi.mocked(sleep).mock.calls.map(([ms]) => ms as number);
		expect(waits).toHaveLength(2);
		expect(waits[0]).toBeGreaterThanOrEqual(250);
		expect(waits[0]).toBeLessThanOrEqual(500);
		expect(waits[1]).toBeGreaterThanOrEqual(500);
		expect(waits[1]).toBeLessThanOrEqual(1000);
	});

	it('gives up after Max Retries with the last answer as a NodeApiError', async () => {
		nock(BASE).get('/api/automation/me').times(3).reply(429, { error: 'Too Many Requests', message: 'Rate limit: 60 requests a minute.' }, { 'Retry-After': '1' });
		const { error } = await engine.run({ ...getMe, requestOptions: { maxRetries: 2 } }, { credentials });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Rate limit: 60 requests a minute.');
		expect((error as { httpCode?: string }).httpCode).toBe('429');
		expect(vi.mocked(sleep)).toHaveBeenCalledTimes(2);
	});

	it("shares its retries after a 5xx with n8n's Retry On Fail, so a persistent 503 meets Max Retries + 1 requests in all", async () => {
		// Alone: the first request and 3 retries. With Retry On Fail (n8n's default 3 tries) each
		// try would add its own 4: 12 requests, more than the certification's api.bounded-retries allows.
		for (const [retryOnFail, requests] of [
			[undefined, 4],
			[{ waitBetweenTries: 1 }, 3],
			[{ maxTries: 2, waitBetweenTries: 1 }, 4],
			[{ maxTries: 5, waitBetweenTries: 1 }, 5],
		] as const) {
			const scope = nock(BASE).get('/api/automation/me').times(requests).reply(503, { message: 'Down.' });
			const { error } = await engine.run(getMe, { credentials, ...(retryOnFail ? { retryOnFail } : {}) });
			expect((error as { httpCode?: string }).httpCode).toBe('503');
			scope.done();
		}
	});

	it('still waits out every 429 under Retry On Fail (they are not the flood it bounds)', async () => {
		nock(BASE).get('/api/automation/me').times(3).reply(429, { message: 'Slow down.' }, { 'Retry-After': '2' }).get('/api/automation/me').reply(200, ME);
		const { error } = await engine.run(getMe, { credentials, retryOnFail: { waitBetweenTries: 1 } });
		expect(error).toBeUndefined();
		expect(vi.mocked(sleep).mock.calls).toEqual([[2000], [2000], [2000]]);
	});

	it('does not retry a 400', async () => {
		nock(BASE).get('/api/automation/me').reply(400, { error: 'Bad Request', message: 'Nope.', fields: ['x'] });
		const { error } = await engine.run(getMe, { credentials });
		expect(error?.message).toBe('Nope.');
		expect(error?.description).toBe('fields: x');
		expect(vi.mocked(sleep)).not.toHaveBeenCalled();
	});
});

describe('timeouts', () => {
	it('retries a read that timed out, then succeeds', async () => {
		nock(BASE).get('/api/automation/me').delay(400).reply(200, ME).get('/api/automation/me').reply(200, ME);
		const { items, error } = await engine.run({ ...getMe, requestOptions: { timeoutMs: 100 } }, { credentials });
		expect(error).toBeUndefined();
		expect(items?.[0]?.json).toEqual(ME);
		expect(vi.mocked(sleep)).toHaveBeenCalledTimes(1);
	});

	it('reports a timeout once retries are used up', async () => {
		nock(BASE).get('/api/automation/me').times(2).delay(400).reply(200, ME);
		const { error } = await engine.run({ ...getMe, requestOptions: { timeoutMs: 100, maxRetries: 1 } }, { credentials });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/timed out/);
	});
});

describe('creates are never resent blindly', () => {
	const attach = {
		resource: 'resource',
		operation: 'attach',
		submission: { mode: 'recordId', value: 'crm-1' },
		attachFrom: 'url',
		url: 'https://example.com/deck.pdf',
	};

	it('sends an attach once when the platform answers 500', async () => {
		const scope = nock(BASE).post('/api/automation/resources').once().reply(500, { error: 'Internal Server Error', message: 'The server failed.' });
		const { error } = await engine.run(attach, { credentials });
		expect(error?.message).toBe('The server failed.');
		expect((error as { httpCode?: string }).httpCode).toBe('500');
		expect(vi.mocked(sleep)).not.toHaveBeenCalled();
		scope.done();
	});

	it('sends an attach once when it times out', async () => {
		nock(BASE).post('/api/automation/resources').delay(400).reply(201, {});
		const { error } = await engine.run({ ...attach, requestOptions: { timeoutMs: 100 } }, { credentials });
		expect(error?.message).toMatch(/timed out/);
		expect(vi.mocked(sleep)).not.toHaveBeenCalled();
	});

	it('resends an attach the platform rate-limited (it was not acted on)', async () => {
		nock(BASE)
			.post('/api/automation/resources')
			.reply(429, { error: 'Too Many Requests', message: 'Slow down.' }, { 'Retry-After': '1' })
			.post('/api/automation/resources', { record_id: 'crm-1', url: 'https://example.com/deck.pdf' })
			.reply(201, { id: 'res_1' });
		const { items, error } = await engine.run(attach, { credentials });
		expect(error).toBeUndefined();
		expect(items?.[0]?.json).toEqual({ id: 'res_1' });
		expect(vi.mocked(sleep).mock.calls).toEqual([[1000]]);
	});
});

describe('faults of the signed-in (OAuth2) API', () => {
	it('resends Create Submission after a 500, because the record ID makes a resend return the same submission', async () => {
		const bodies: unknown[] = [];
		nock(BASE)
			.post('/api', (body: unknown) => bodies.push(body) > 0)
			.matchHeader('authorization', 'Bearer at-1')
			.reply(500, { errors: [{ message: 'Internal error.' }] })
			.post('/api', (body: unknown) => bodies.push(body) > 0)
			.reply(200, { data: { createSubmission: { existing: true, submission: SUBMISSION } } });
		const { items, error } = await engine.run(
			{ resource: 'submission', authentication: 'oAuth2', operation: 'create', recordId: 'crm-9', profileId: 'prf_x', fieldsInput: 'json', fieldsJson: '{"company": "Acme"}' },
			{ credentials: signedIn },
		);
		expect(error).toBeUndefined();
		expect(items?.[0]?.json).toEqual({ ...SUBMISSION, existing: true });
		expect(bodies).toHaveLength(2);
		expect(bodies[0]).toEqual(bodies[1]);
		expect(bodies[0]).toMatchObject({ operationName: 'createSubmissionMutation', variables: { input: { recordId: 'crm-9', fields: { company: 'Acme' }, source: 'n8n' } } });
		expect(vi.mocked(sleep)).toHaveBeenCalledTimes(1);
	});

	it('waits as long as Retry-After says when a page of submissions is rate limited', async () => {
		nock(BASE)
			.post('/api')
			.reply(429, { errors: [{ message: 'Slow down.' }] }, { 'Retry-After': '3' })
			.post('/api')
			.reply(200, { data: { submissions: { nodes: [SUBMISSION], pageInfo: { hasNextPage: false, endCursor: null } } } });
		const { items, error } = await engine.run({ resource: 'submission', authentication: 'oAuth2', operation: 'getAll', returnAll: true, output: 'raw' }, { credentials: signedIn });
		expect(error).toBeUndefined();
		expect(items?.map((i) => i.json)).toEqual([SUBMISSION]);
		expect(vi.mocked(sleep).mock.calls).toEqual([[3000]]);
	});
});
