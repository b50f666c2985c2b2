import { createHash } from 'crypto';

import type { INodeExecutionData } from 'n8n-workflow';
import type { TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Engine } from './harness/engine';
import { CREDENTIALS, serverWithEngine } from './harness/server';

let server: TestServer;
let engine: Engine;
let profileId: string;
const credentials = CREDENTIALS.automation;

async function api(path: string, init: RequestInit = {}): Promise<Response> {
	return fetch(`${server.url}${path}`, {
		...init,
		headers: { 'content-type': 'application/json', 'x-api-key': server.demo.automationKey, ...(init.headers as Record<string, string>) },
	});
}

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
	const profiles = (await (await api('/api/automation/profiles')).json()) as { data: Array<{ id: string }> };
	profileId = String(profiles.data[0]?.id);
});
afterAll(() => server.dispose());

const create = (recordId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'submission',
	operation: 'create',
	recordId,
	profileId,
	fieldsInput: 'keyValue',
	fieldValues: { field: [{ name: 'email', value: `${recordId}@founders.example` }, { name: 'name', value: 'Ada Founder' }, { name: 'company', value: 'Engines' }] },
	...extra,
});

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

describe('Profile: Get Many', () => {
	it('lists the profiles submissions can be made into', async () => {
		const { items, error } = await engine.run({ resource: 'profile', operation: 'getAll' }, { credentials });
		expect(error).toBeUndefined();
		expect(items?.length).toBeGreaterThan(0);
		expect(items?.[0]?.json).toMatchObject({ id: profileId, name: expect.any(String) });
	});
});

describe('Submission: Create', () => {
	it('queues a submission from key-value fields, and returns the same job for the same record ID', async () => {
		const first = await engine.run(create('crm-1'), { credentials });
		expect(first.error).toBeUndefined();
		const queued = first.items?.[0]?.json as { status: string; job_id: string; record_id: string };
		expect(queued).toMatchObject({ status: 'queued', job_id: expect.stringMatching(/^job_/), record_id: 'crm-1' });
		const again = await engine.run(create('crm-1'), { credentials });
		expect(again.items?.[0]?.json).toMatchObject({ job_id: queued.job_id, existing: true });
	});

	it('queues one submission per input item from a JSON object, each paired with its item', async () => {
		const input: INodeExecutionData[] = ['crm-2', 'crm-3'].map((id) => ({ json: { id, person: { email: `${id}@x.example`, name: id } } }));
		const { items, error } = await engine.run(
			{ resource: 'submission', operation: 'create', recordId: '={{ $json.id }}', profileId, fieldsInput: 'json', fieldsJson: '={{ JSON.stringify($json.person) }}' },
			{ credentials, input },
		);
		expect(error).toBeUndefined();
		expect(items?.map((i) => [i.json.record_id, i.pairedItem])).toEqual([
			['crm-2', { item: 0 }],
			['crm-3', { item: 1 }],
		]);
	});

	it("surfaces a 400 naming the offending field (a profile of another organisation's)", async () => {
		const { error } = await engine.run(create('crm-bad', { profileId: 'prof_nope' }), { credentials });
		expect(error?.name).toBe('NodeApiError');
		expect((error as { httpCode?: string }).httpCode).toBe('400');
		expect(error?.description).toContain('profile_id');
	});
});

describe('Submission: Get Many', () => {
	beforeAll(async () => {
		for (let i = 0; i < 230; i += 1) {
			const response = await api('/api/automation/submissions', {
				method: 'POST',
				body: JSON.stringify({ record_id: `page-${i}`, profile_id: profileId, fields: { email: `p${i}@x.example`, name: `P ${i}` } }),
			});
			expect(response.ok).toBe(true);
		}
	});

	it('returns every submission across several cursor pages with Return All', async () => {
		const { items, error } = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: true }, { credentials });
		expect(error).toBeUndefined();
		const ids = items?.map((i) => i.json.record_id) ?? [];
		expect(ids.length).toBeGreaterThanOrEqual(233);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toContain('page-0');
		expect(ids).toContain('page-229');
	});

	it('stops at the limit, newest first, and filters by record ID', async () => {
		const limited = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: false, limit: 130 }, { credentials });
		expect(limited.items).toHaveLength(130);
		expect(limited.items?.[0]?.json.record_id).toBe('page-229');
		const one = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: true, filters: { record_id: 'page-7' } }, { credentials });
		expect(one.items?.map((i) => i.json.record_id)).toEqual(['page-7']);
	});
});

describe('Resource and Transcript', () => {
	it('attaches a URL and an n8n binary file to a submission and lists them', async () => {
		const url = await engine.run(
			{ resource: 'resource', operation: 'attach', submission: { mode: 'recordId', value: 'crm-1' }, attachFrom: 'url', url: 'https://example.com/deck.pdf', additionalFields: { name: 'Deck' } },
			{ credentials },
		);
		expect(url.error).toBeUndefined();
		expect(url.items?.[0]?.json).toMatchObject({ url: 'https://example.com/deck.pdf', name: 'Deck' });
		const file = Buffer.from('%PDF-1.4 a tiny deck');
		const input: INodeExecutionData[] = [{ json: {}, binary: { data: { data: file.toString('base64'), mimeType: 'application/pdf', fileName: 'deck.pdf' } } }];
		const uploaded = await engine.run(
			{ resource: 'resource', operation: 'attach', submission: { mode: 'recordId', value: 'crm-1' }, attachFrom: 'binary', binaryPropertyName: 'data' },
			{ credentials, input },
		);
		expect(uploaded.error).toBeUndefined();
		expect(uploaded.items?.[0]?.json).toMatchObject({
			name: 'deck.pdf',
			content_type: 'application/pdf',
			size_bytes: file.length,
			sha256: createHash('sha256').update(file).digest('hex'),
		});
		const listed = await engine.run({ resource: 'resource', operation: 'getAll', submission: { mode: 'recordId', value: 'crm-1' }, returnAll: true }, { credentials });
		expect(listed.items).toHaveLength(2);
	});

	it('surfaces a 404 for an unknown submission', async () => {
		const { error } = await engine.run(
			{ resource: 'resource', operation: 'attach', submission: { mode: 'recordId', value: 'nobody' }, attachFrom: 'url', url: 'https://example.com/x' },
			{ credentials },
		);
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('attaches a transcript as text with segments and as a file, and lists them', async () => {
		const text = await engine.run(
			{
				resource: 'transcript',
				operation: 'attach',
				submission: { mode: 'recordId', value: 'crm-1' },
				attachFrom: 'text',
				text: 'Founder: we grew 3x.',
				additionalFields: { title: 'Intro call', segments: JSON.stringify([{ speaker: 'Founder', text: 'we grew 3x.', start: 0, end: 2 }]) },
			},
			{ credentials },
		);
		expect(text.error).toBeUndefined();
		expect(text.items?.[0]?.json).toMatchObject({ title: 'Intro call' });
		const input: INodeExecutionData[] = [{ json: {}, binary: { data: { data: Buffer.from('Investor: tell me more.').toString('base64'), mimeType: 'text/plain', fileName: 'call.txt' } } }];
		const file = await engine.run(
			{ resource: 'transcript', operation: 'attach', submission: { mode: 'recordId', value: 'crm-1' }, attachFrom: 'binary', binaryPropertyName: 'data' },
			{ credentials, input },
		);
		expect(file.error).toBeUndefined();
		const listed = await engine.run({ resource: 'transcript', operation: 'getAll', submission: { mode: 'recordId', value: 'crm-1' }, returnAll: true }, { credentials });
		expect(listed.items).toHaveLength(2);
	});
});

describe('Webhook', () => {
	it('creates a subscription (secret shown once), lists it without the secret, and deletes it', async () => {
		const created = await engine.run(
			{ resource: 'webhook', operation: 'create', url: 'http://127.0.0.1:9/hook', events: ['submission.completed'] },
			{ credentials },
		);
		expect(created.error).toBeUndefined();
		const subscription = created.items?.[0]?.json as { id: string; secret: string };
		expect(subscription.secret).toMatch(/^whsec_/);
		const listed = await engine.run({ resource: 'webhook', operation: 'getAll' }, { credentials });
		expect(listed.items?.map((i) => i.json.id)).toContain(subscription.id);
		expect(JSON.stringify(listed.items)).not.toContain(subscription.secret);
		const deleted = await engine.run({ resource: 'webhook', operation: 'delete', webhookId: subscription.id }, { credentials });
		expect(deleted.items?.[0]?.json).toEqual({ id: subscription.id, deleted: true });
		const after = await engine.run({ resource: 'webhook', operation: 'getAll' }, { credentials });
		expect(after.items?.map((i) => i.json.id) ?? []).not.toContain(subscription.id);
	});
});
