import nock from 'nock';
import { sleep } from 'n8n-workflow';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { Engine } from './harness/engine';

// The retry waits go through n8n-workflow's sleep; recording them keeps these tests instant.
vi.mock('n8n-workflow', async (importOriginal) => ({
	...(await importOriginal<typeof import('n8n-workflow')>()),
	sleep: vi.fn(async () => {}),
}));

const BASE = 'http://platform.test';
const engine = new Engine();
const credentials = { evaluationPartnerOAuth2Api: 'partner' };
const SUBMISSION = { id: 'sub_1', jobId: 'job_1', recordId: 'crm-9', status: 'QUEUED' };

beforeAll(() => {
	nock.disableNetConnect();
	engine.credentials.add('partner', 'evaluationPartnerOAuth2Api', {
		baseUrl: BASE,
		clientId: 'client',
		clientSecret: 'secret',
		oauthTokenData: { access_token: 'at-1', token_type: 'Bearer', refresh_token: 'rt-1' },
	});
});
afterAll(() => nock.enableNetConnect());
afterEach(() => {
	expect(nock.pendingMocks()).toEqual([]);
	nock.cleanAll();
	vi.mocked(sleep).mockClear();
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
			{ credentials },
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
		const { items, error } = await engine.run({ resource: 'submission', authentication: 'oAuth2', operation: 'getAll', returnAll: true, output: 'raw' }, { credentials });
		expect(error).toBeUndefined();
		expect(items?.map((i) => i.json)).toEqual([SUBMISSION]);
		expect(vi.mocked(sleep).mock.calls).toEqual([[3000]]);
	});
});
