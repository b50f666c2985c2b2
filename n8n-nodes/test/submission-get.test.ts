import type { IDataObject } from 'n8n-workflow';
import { settle, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Engine } from './harness/engine';
import { connectPartnerCredential } from './harness/oauth';
import { CREDENTIALS, serverWithEngine } from './harness/server';

/** Get Submission, its Output choice, Webhook Get Many over pages and the Updated Since filter, against a running server. */
let server: TestServer;
let engine: Engine;
const credentials = CREDENTIALS.automation;

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
	await connectPartnerCredential(server, engine, 'partner');
	await engine.run(
		{
			resource: 'submission',
			operation: 'create',
			recordId: 'n8n-get-1',
			profileId: { mode: 'list', value: 'prf_seed_deal' },
			fieldsInput: 'json',
			fieldsJson: JSON.stringify({ company: 'Get Co', name: 'Lead', email: 'lead@get.example', monthly_revenue: 20000, pitch: 'A market with no competitor' }),
		},
		{ credentials },
	);
	await settle(server);
});
afterAll(() => server.dispose());

async function detailOf(recordId: string): Promise<IDataObject> {
	const headers = { 'x-api-key': server.demo.automationKey };
	const list = (await (await fetch(`${server.url}/api/automation/submissions?record_id=${recordId}`, { headers })).json()) as { data: Array<{ id: string }> };
	return (await (await fetch(`${server.url}/api/automation/submissions/${list.data[0]!.id}`, { headers })).json()) as IDataObject;
}

describe('Submission › Get', () => {
	it('returns the processed submission with its score, criteria, founders and report (Raw), by record ID or ID', async () => {
		const detail = await detailOf('n8n-get-1');
		expect(detail.status).toBe('completed');
		const raw = await engine.run({ resource: 'submission', operation: 'get', submission: { mode: 'recordId', value: 'n8n-get-1' }, output: 'raw' }, { credentials });
		expect(raw.error).toBeUndefined();
		expect(raw.items?.[0]?.json).toEqual(detail);
		const json = raw.items?.[0]?.json as { criteria: unknown[]; report: { summary: string }; founders: unknown[] };
		expect(json.criteria.length).toBeGreaterThan(0);
		expect(json.report.summary).toContain(String((detail.score as { overall: number }).overall));
		const byId = await engine.run({ resource: 'submission', operation: 'get', submission: { mode: 'id', value: String(detail.job_id) }, output: 'raw' }, { credentials });
		expect(byId.items?.[0]?.json).toEqual(detail);
	});

	it('simplifies to at most ten fields: the scores, each criterion, the summary and the workspace link', async () => {
		const detail = await detailOf('n8n-get-1');
		const { items } = await engine.run({ resource: 'submission', operation: 'get', submission: { mode: 'list', value: String(detail.id) } }, { credentials });
		const simple = items?.[0]?.json as IDataObject;
		expect(Object.keys(simple).length).toBeLessThanOrEqual(10);
		expect(simple).toMatchObject({
			id: detail.id,
			record_id: 'n8n-get-1',
			status: 'completed',
			overall_score: (detail.score as { overall: number }).overall,
			band: (detail.score as { band: string }).band,
			report_summary: (detail.report as { summary: string }).summary,
			workspace_url: `${server.url}/workspace/submissions/${String(detail.id)}`,
		});
		expect(simple.criteria).toEqual((detail.criteria as Array<{ label: string; score: number }>).map((c) => ({ label: c.label, score: c.score })));
		const selected = await engine.run(
			{ resource: 'submission', operation: 'get', submission: { mode: 'id', value: String(detail.id) }, output: 'fields', outputFields: 'status, report, nope' },
			{ credentials },
		);
		expect(selected.items?.[0]?.json).toEqual({ status: 'completed', report: detail.report });
		const many = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: true }, { credentials });
		for (const item of many.items ?? []) expect(Object.keys(item.json).length).toBeLessThanOrEqual(10);
	});

	it('refuses a mistyped ID before the workflow runs (n8n checks the By ID pattern), saying what an ID looks like', async () => {
		await expect(engine.run({ resource: 'submission', operation: 'get', submission: { mode: 'id', value: 'n8n-get-1' } }, { credentials })).rejects.toThrow(
			/Not a valid ID \(expected something like sub_/,
		);
	});
});

describe('Get Many › Updated Since (a date-time without a zone, as the date picker gives it)', () => {
	it('is sent as ISO 8601 UTC on the Automation API and the partner API', async () => {
		const picked = '2020-01-01T00:00:00';
		const automation = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: true, output: 'raw', filters: { updated_since: picked } }, { credentials });
		expect(automation.error).toBeUndefined();
		expect(automation.items?.map((i) => i.json.record_id)).toContain('n8n-get-1');
		const future = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: true, filters: { updated_since: '2999-01-01T00:00:00' } }, { credentials });
		expect(future.items).toEqual([]);
		const partner = await engine.run(
			{ resource: 'submission', authentication: 'oAuth2', operation: 'getAll', returnAll: true, output: 'raw', filters: { updated_since: picked } },
			{ credentials: CREDENTIALS.partner },
		);
		expect(partner.error).toBeUndefined();
		expect(partner.items?.map((i) => i.json.recordId)).toContain('n8n-get-1');
		const bad = await engine.run({ resource: 'submission', operation: 'getAll', returnAll: true, filters: { updated_since: 'yesterday-ish' } }, { credentials });
		expect(bad.error?.message).toContain('is not a date and time');
	});
});

describe('Webhook › Get Many and Get', () => {
	it('returns every subscription across several cursor pages with Return All', async () => {
		for (let i = 0; i < 45; i += 1) {
			const response = await fetch(`${server.url}/api/automation/webhooks`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-api-key': server.demo.automationKey },
				body: JSON.stringify({ url: `http://127.0.0.1:9/hook-${i}`, events: ['submission.completed'] }),
			});
			expect(response.status).toBe(201);
		}
		const all = await engine.run({ resource: 'webhook', operation: 'getAll', returnAll: true }, { credentials });
		expect(all.error).toBeUndefined();
		const urls = all.items?.map((i) => i.json.url) ?? [];
		expect(urls.length).toBeGreaterThanOrEqual(45);
		expect(new Set(urls).size).toBe(urls.length);
		const limited = await engine.run({ resource: 'webhook', operation: 'getAll', returnAll: false, limit: 3 }, { credentials });
		expect(limited.items).toHaveLength(3);
		const one = await engine.run({ resource: 'webhook', operation: 'get', webhookId: { mode: 'list', value: String(all.items?.[0]?.json.id) } }, { credentials });
		expect(one.items?.[0]?.json).toMatchObject({ id: all.items?.[0]?.json.id, url: urls[0] });
	});
});
