import { LoadOptionsContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { bulkSubmissions, settle, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getProfiles } from '../nodes/EvaluationPlatform/methods/loadOptions';
import { searchProfiles, searchSubmissions } from '../nodes/EvaluationPlatform/methods/listSearch';
import { type Engine, nodeTypes } from './harness/engine';
import { connectPartnerCredential } from './harness/oauth';
import { CREDENTIALS, serverWithEngine } from './harness/server';

/**
 * The Submission, Profile and Webhook resources signed in with OAuth2 (Authentication: OAuth2),
 * run as workflows in n8n-core with a real OAuth token from the server's flow, and read back
 * through the Automation API: both APIs serve the same submissions, and the node gives the same
 * simplified output whichever of them served it.
 */
let server: TestServer;
let engine: Engine;
const credentials = CREDENTIALS.partner;
const readOnly = { evaluationPartnerOAuth2Api: 'partner-read' };

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
	await connectPartnerCredential(server, engine, 'partner');
	await connectPartnerCredential(server, engine, 'partner-read', { scope: 'basic profile' });
});
afterAll(() => server.dispose());

async function automation(path: string, init: RequestInit = {}): Promise<IDataObject> {
	const response = await fetch(`${server.url}/api/automation${path}`, {
		...init,
		headers: { 'content-type': 'application/json', 'x-api-key': server.demo.automationKey },
	});
	return (await response.json()) as IDataObject;
}

const signedIn = { resource: 'submission', authentication: 'oAuth2' };

/** The node as the editor holds it with the OAuth2 credential, in a workflow of its own (for loadOptions and listSearch). */
function signedInNode(parameters: INode['parameters']): { node: INode; workflow: Workflow } {
	const node: INode = {
		id: 'p',
		name: 'Platform',
		type: 'evaluationPlatform',
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { evaluationPartnerOAuth2Api: { id: 'partner', name: 'partner' } },
	};
	return { node, workflow: new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes }) };
}

const createParameters = (recordId: string, extra: IDataObject = {}) => ({
	...signedIn,
	operation: 'create',
	recordId,
	profileId: 'prf_seed_deal',
	fieldsInput: 'keyValue',
	fieldValues: { field: [{ name: 'company', value: `${recordId} Inc` }, { name: 'stage', value: 'Seed' }, { name: 'pitch', value: 'A market with no competitor' }] },
	...extra,
});

describe('Profile, signed in with OAuth2', () => {
	it('lists the profiles (Get Many), gets one (Get), and fills the Profile pickers through the signed-in API', async () => {
		const direct = (await automation('/profiles')).data as Array<{ id: string; name: string }>;
		const { items, error } = await engine.run({ resource: 'profile', authentication: 'oAuth2', operation: 'getAll' }, { credentials });
		expect(error).toBeUndefined();
		expect(items?.map((i) => i.json.id)).toEqual(direct.map((p) => p.id));
		expect(items?.[0]?.json).toMatchObject({ name: direct[0]?.name, criteria: expect.any(Array) });

		const one = await engine.run({ resource: 'profile', authentication: 'oAuth2', operation: 'get', profileId: { __rl: true, mode: 'list', value: 'prf_seed_deal' } }, { credentials });
		expect(one.error).toBeUndefined();
		expect(one.items?.map((i) => i.json)).toEqual([expect.objectContaining({ id: 'prf_seed_deal', criteria: expect.any(Array) })]);
		const none = await engine.run({ resource: 'profile', authentication: 'oAuth2', operation: 'get', profileId: { __rl: true, mode: 'id', value: 'prf_nope' } }, { credentials });
		expect(none.error?.message).toBe('The organization has no profile "prf_nope"');

		// The editor asks the chosen API: only the OAuth2 credential is on this node.
		const { node, workflow } = signedInNode({ resource: 'submission', authentication: 'oAuth2', operation: 'create' });
		const context = (path: string) => new LoadOptionsContext(workflow, node, engine.additionalData('load-options'), path);
		const listed = await searchProfiles.call(context('parameters.profileId'));
		expect(listed.results.map((o) => [o.value, o.name])).toEqual(direct.map((p) => [p.id, p.name]));
		const options = await getProfiles.call(context('parameters.filters.profile_id'));
		expect(options.map((o) => [o.value, o.name])).toEqual(direct.map((p) => [p.id, p.name]));
	});
});

describe('Submission → Create, signed in with OAuth2', () => {
	it('creates the submission the Automation API reads back, and returns it again for the same record ID', async () => {
		const first = await engine.run(createParameters('n8n-gql-1'), { credentials });
		expect(first.error).toBeUndefined();
		const created = first.items?.[0]?.json as { id: string; jobId: string; recordId: string; status: string; existing: boolean; source: string };
		expect(created).toMatchObject({ recordId: 'n8n-gql-1', status: 'QUEUED', existing: false, source: 'n8n', fields: { company: 'n8n-gql-1 Inc' } });
		const [listed] = (await automation('/submissions?record_id=n8n-gql-1')).data as IDataObject[];
		expect(listed).toMatchObject({ id: created.id, job_id: created.jobId, profile_id: 'prf_seed_deal', source: 'n8n' });

		const again = await engine.run(createParameters('n8n-gql-1'), { credentials });
		expect(again.items?.[0]?.json).toMatchObject({ id: created.id, existing: true });
	});

	it('creates one submission per input item from a JSON object, each paired with its item', async () => {
		const input: INodeExecutionData[] = ['n8n-gql-2', 'n8n-gql-3'].map((id) => ({ json: { id, deal: { company: id, founders: [{ name: 'A', email: `a@${id}.example` }] } } }));
		const { items, error } = await engine.run(
			{ ...createParameters('={{ $json.id }}'), fieldsInput: 'json', fieldsJson: '={{ JSON.stringify($json.deal) }}', additionalFields: { source: 'crm', filters: '["fund-ii"]' } },
			{ credentials, input },
		);
		expect(error).toBeUndefined();
		expect(items?.map((i) => [i.json.recordId, i.json.source, i.json.filters, i.pairedItem])).toEqual([
			['n8n-gql-2', 'crm', ['fund-ii'], { item: 0 }],
			['n8n-gql-3', 'crm', ['fund-ii'], { item: 1 }],
		]);
	});

	it('surfaces the field the platform refused, and continues on fail with the details', async () => {
		const { error } = await engine.run(createParameters('n8n-gql-bad', { profileId: 'prf_nope' }), { credentials });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toContain('profileId');
		expect(error?.description).toContain('BAD_USER_INPUT');
		expect(error?.description).toContain('profileId: is not a profile of this organisation');

		const input = [{ json: { recordId: '' } }, { json: { recordId: 'n8n-gql-ok' } }];
		const { items } = await engine.run({ ...createParameters('={{ $json.recordId }}') }, { credentials, input, continueOnFail: true });
		expect(items?.[0]?.json).toMatchObject({ error: expect.stringContaining('recordId'), details: { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })] } });
		expect(items?.[0]?.pairedItem).toEqual({ item: 0 });
		expect(items?.[1]?.json).toMatchObject({ recordId: 'n8n-gql-ok', existing: false });
	});

	it('is refused with the scope to ask for when the connection lacks "all"', async () => {
		const { error } = await engine.run(createParameters('n8n-gql-read-only'), { credentials: readOnly });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toContain('"all" scope');
		const read = await engine.run({ ...signedIn, operation: 'getAll', returnAll: false, limit: 1 }, { credentials: readOnly });
		expect(read.error).toBeUndefined();
		expect(read.items).toHaveLength(1);
	});
});

describe('Submission → Get Many, signed in with OAuth2', () => {
	beforeAll(async () => {
		// Straight to the partner API: the Automation API's per-key rate limit has no say here.
		for (let i = 0; i < 230; i += 1) {
			const response = await fetch(`${server.url}/api`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: `Bearer ${server.demo.partnerCredential}` },
				body: JSON.stringify({
					query: 'mutation ($input: CreateSubmissionInput!) { createSubmission(input: $input) { existing } }',
					variables: { input: { recordId: `gql-page-${i}`, profileId: 'prf_seed_deal', fields: { company: `Page ${i}` } } },
				}),
			});
			expect(((await response.json()) as { data?: unknown }).data).toEqual({ createSubmission: { existing: false } });
		}
	});

	it('returns every submission across several cursor pages with Return All, in the Automation API order', async () => {
		const { items, error } = await engine.run({ ...signedIn, operation: 'getAll', returnAll: true, output: 'raw' }, { credentials });
		expect(error).toBeUndefined();
		const ids = items?.map((i) => i.json.id as string) ?? [];
		expect(ids.length).toBeGreaterThanOrEqual(231);
		expect(new Set(ids).size).toBe(ids.length);
		const restIds: string[] = [];
		let cursor: string | null = null;
		do {
			const page = await automation(`/submissions?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
			restIds.push(...(page.data as Array<{ id: string }>).map((s) => s.id));
			cursor = page.next_cursor as string | null;
		} while (cursor);
		expect(ids).toEqual(restIds);
	});

	it('stops at the limit, newest first, and filters by record ID and status', async () => {
		const limited = await engine.run({ ...signedIn, operation: 'getAll', returnAll: false, limit: 30 }, { credentials });
		expect(limited.items).toHaveLength(30);
		expect(limited.items?.[0]?.json.record_id).toBe('gql-page-229');
		// The filters are the ones the Automation API takes: the node translates them.
		const one = await engine.run({ ...signedIn, operation: 'getAll', returnAll: true, filters: { record_id: 'gql-page-7' } }, { credentials });
		expect(one.items?.map((i) => i.json.record_id)).toEqual(['gql-page-7']);
		await settle(server);
		const completed = await engine.run({ ...signedIn, operation: 'getAll', returnAll: true, output: 'raw', filters: { status: 'completed', profile_id: 'prf_seed_deal' } }, { credentials });
		expect(completed.items?.length).toBeGreaterThanOrEqual(230);
		expect(completed.items?.every((i) => i.json.status === 'COMPLETED' && i.json.profileId === 'prf_seed_deal')).toBe(true);
	});
});

describe('Submission → Get, signed in with OAuth2', () => {
	it('gets a scored submission with its scores, founders and report, by record ID or by ID', async () => {
		await engine.run(
			createParameters('n8n-gql-full', {
				fieldsInput: 'json',
				fieldsJson: JSON.stringify({ company: 'Full Co', email: 'Lead@Full.example', name: 'Lead', monthly_revenue: 20000, founders: [{ name: 'Second', email: 'second@full.example' }] }),
			}),
			{ credentials },
		);
		await settle(server);
		const byRecord = await engine.run({ ...signedIn, operation: 'get', output: 'raw', submission: { __rl: true, mode: 'recordId', value: 'n8n-gql-full' } }, { credentials });
		expect(byRecord.error).toBeUndefined();
		const submission = byRecord.items?.[0]?.json as {
			id: string;
			jobId: string;
			status: string;
			scores: { overall: number; criteria: Array<{ label: string; score: number }> };
			founders: Array<{ email: string; primary: boolean; assessment: unknown }>;
			report: { summary: string; markdown: string };
		};
		const detail = await automation(`/submissions/${submission.id}`);
		expect(submission.status).toBe('COMPLETED');
		expect(submission.scores.overall).toBe((detail.score as { overall: number }).overall);
		expect(submission.scores.criteria.map((c) => c.score)).toEqual((detail.criteria as Array<{ score: number }>).map((c) => c.score));
		expect(submission.founders.map((f) => [f.email, f.primary, f.assessment])).toEqual([
			['lead@full.example', true, null],
			['second@full.example', false, null],
		]);
		expect(submission.report.summary).toBe((detail.report as { summary: string }).summary);
		expect(submission.report.markdown).toContain(`**Overall ${submission.scores.overall} / 100`);

		const byJob = await engine.run({ ...signedIn, operation: 'get', output: 'raw', submission: { __rl: true, mode: 'id', value: submission.jobId } }, { credentials });
		expect(byJob.items?.[0]?.json).toEqual(submission);
		const missing = await engine.run({ ...signedIn, operation: 'get', submission: { __rl: true, mode: 'id', value: 'sub_nope' } }, { credentials });
		expect(missing.error?.message).toBe('No submission of the organization has the ID "sub_nope"');
	});

	it('gives the same simplified submission whichever API serves it, and lists it from either', async () => {
		const picked = { __rl: true, mode: 'recordId', value: 'n8n-gql-full' };
		const viaKey = await engine.run({ resource: 'submission', operation: 'get', submission: picked }, { credentials: CREDENTIALS.automation });
		const viaSignIn = await engine.run({ ...signedIn, operation: 'get', submission: picked }, { credentials });
		expect(viaKey.error).toBeUndefined();
		expect(viaSignIn.error).toBeUndefined();
		const simplified = viaSignIn.items?.[0]?.json as IDataObject;
		expect(simplified).toEqual(viaKey.items?.[0]?.json);
		expect(simplified).toMatchObject({ record_id: 'n8n-gql-full', status: 'completed', overall_score: expect.any(Number), criteria: expect.any(Array), report_summary: expect.any(String) });
		expect(Object.keys(simplified).length).toBeLessThanOrEqual(10);

		const listedByKey = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: true, filters: { record_id: 'n8n-gql-full' } }, { credentials: CREDENTIALS.automation });
		const listedSignedIn = await engine.run({ ...signedIn, operation: 'getAll', returnAll: true, filters: { record_id: 'n8n-gql-full' } }, { credentials });
		expect(listedSignedIn.items?.map((i) => i.json)).toEqual(listedByKey.items?.map((i) => i.json));

		// The list the Submission picker shows, through the signed-in API, links to the workspace.
		const { node, workflow } = signedInNode({ ...signedIn, operation: 'get' });
		const found = await searchSubmissions.call(new LoadOptionsContext(workflow, node, engine.additionalData('load-options'), 'parameters.submission'), 'Full Co');
		expect(found.results).toEqual([
			{ name: 'n8n-gql-full — Lead, Full Co (completed)', value: simplified.id, url: `${server.url}/workspace/submissions/${String(simplified.id)}` },
		]);
	});
});

describe('the Submission picker at size, signed in with OAuth2', () => {
	it('finds a submission outside the newest 100 in the first answer, as through the automation key', async () => {
		const created = await automation('/submissions', { method: 'POST', body: JSON.stringify({ record_id: 'ada-1', profile_id: 'prf_seed_deal', fields: { name: 'Ada Lovelace', company: 'Analytical Engines' } }) });
		expect(created.submission_id).toEqual(expect.stringMatching(/^sub_/));
		await bulkSubmissions(server, { count: 150, prefix: 'bulk-', company: 'Bulk' });
		const { node, workflow } = signedInNode({ ...signedIn, operation: 'get' });
		const context = new LoadOptionsContext(workflow, node, engine.additionalData('load-options'), 'parameters.submission');
		expect((await searchSubmissions.call(context)).results.map((r) => r.value)).not.toContain(created.submission_id);
		const found = await searchSubmissions.call(context, 'ada love');
		expect(found.results.map((r) => r.value)).toEqual([created.submission_id]);
		expect(found.results[0]?.name).toMatch(/^ada-1 — Ada Lovelace, Analytical Engines \((queued|processing|completed|awaiting assessment|failed)\)$/);
	});
});

describe('Webhook → Get Many, signed in with OAuth2', () => {
	it("lists the organization's subscriptions on both APIs without their secrets, by API", async () => {
		const created = await automation('/webhooks', { method: 'POST', body: JSON.stringify({ url: 'http://127.0.0.1:9/n8n-hook', events: ['submission.completed'] }) });
		const all = await engine.run({ resource: 'webhook', authentication: 'oAuth2', operation: 'getAll' }, { credentials });
		expect(all.error).toBeUndefined();
		expect(all.items?.map((i) => i.json)).toContainEqual(expect.objectContaining({ id: created.id, surface: 'AUTOMATION', url: 'http://127.0.0.1:9/n8n-hook', status: 'ACTIVE' }));
		expect(JSON.stringify(all.items)).not.toContain(created.secret as string);
		const assessment = await engine.run({ resource: 'webhook', authentication: 'oAuth2', operation: 'getAll', surface: 'ASSESSMENT' }, { credentials });
		expect(assessment.items).toEqual([]);
	});
});
