import { LoadOptionsContext } from 'n8n-core';
import type { INode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { bulkSubmissions, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getProfiles } from '../nodes/EvaluationPlatform/methods/loadOptions';
import { searchBenchmarkTags, searchProfiles, searchSubmissions, searchWebhooks } from '../nodes/EvaluationPlatform/methods/listSearch';
import { type Engine, nodeTypes } from './harness/engine';
import { serverWithEngine } from './harness/server';

let server: TestServer;
let engine: Engine;
const automation = { evaluationAutomationApi: { id: 'automation', name: 'automation' } };

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
	await bulkSubmissions(server, { count: 130, prefix: 'list-', company: 'Company' });
});
afterAll(() => server.dispose());

/** The context n8n's editor uses to fill a dropdown or a resource locator's list. */
function editorContext(parameters: INode['parameters'], credentials: INode['credentials'], path: string): LoadOptionsContext {
	const node: INode = { id: 'p', name: 'Platform', type: 'evaluationPlatform', typeVersion: 1, position: [0, 0], parameters, credentials };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return new LoadOptionsContext(workflow, node, engine.additionalData('load-options'), path);
}

describe('resource locators, From list', () => {
	it('pages through the submissions by cursor, each linked to the workspace, and searches them', async () => {
		const context = editorContext({ resource: 'submission', operation: 'get' }, automation, 'parameters.submission');
		const first = await searchSubmissions.call(context);
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toEqual(expect.any(String));
		expect(first.results[0]).toMatchObject({ name: expect.stringMatching(/^list-129 — Company 129 \(/), value: expect.stringMatching(/^sub_/) });
		expect(first.results[0]?.url).toBe(`${server.url}/workspace/submissions/${String(first.results[0]?.value)}`);
		const second = await searchSubmissions.call(context, undefined, first.paginationToken);
		expect(second.results.length).toBeGreaterThanOrEqual(30);
		expect(second.paginationToken).toBeUndefined();
		const ids = [...first.results, ...second.results].map((r) => r.value);
		expect(new Set(ids).size).toBe(ids.length);
		// A search is the API's: the first answer holds every match, wherever it is in the list.
		const found = await searchSubmissions.call(context, 'company 12');
		expect(found.paginationToken).toBeUndefined();
		expect(found.results.map((r) => r.name.split(' ')[0])).toEqual([
			'list-129', 'list-128', 'list-127', 'list-126', 'list-125', 'list-124', 'list-123', 'list-122', 'list-121', 'list-120', 'list-12',
		]);
	});

	it('finds a submission outside the newest 100 in the first answer, by any part of its name, and reads its status in words', async () => {
		const context = editorContext({ resource: 'submission', operation: 'get' }, automation, 'parameters.submission');
		// list-0 is the oldest of 130: the first page (newest 100) does not hold it.
		const firstPage = await searchSubmissions.call(context);
		expect(firstPage.results.map((r) => r.name)).not.toContainEqual(expect.stringMatching(/^list-0 /));
		for (const typed of ['Company 0', 'company 0', 'LIST-0']) {
			const found = await searchSubmissions.call(context, typed);
			expect(found.results.map((r) => r.name.split(' ')[0]), typed).toContain('list-0');
		}
		const one = (await searchSubmissions.call(context, 'list-0')).results.find((r) => r.name.startsWith('list-0 '));
		expect(one?.name).toMatch(/^list-0 — Company 0 \((queued|processing|completed|awaiting assessment|failed)\)$/);
	});

	it('lists and searches the profiles', async () => {
		const context = editorContext({ resource: 'profile', operation: 'get' }, automation, 'parameters.profileId');
		const all = await searchProfiles.call(context);
		const direct = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as {
			data: Array<{ id: string; name: string }>;
		};
		expect(all.results.map((r) => r.value)).toEqual(direct.data.map((p) => p.id));
		const one = direct.data[0]!;
		expect((await searchProfiles.call(context, one.name.slice(2, 12).toUpperCase())).results).toContainEqual({ name: one.name, value: one.id });
		expect((await searchProfiles.call(context, 'no such profile')).results).toEqual([]);
	});

	it('pages and searches the benchmark tags', async () => {
		const context = editorContext({ resource: 'assessment', operation: 'submit' }, { evaluationAssessmentApi: { id: 'assessment', name: 'assessment' } }, 'parameters.benchmarkTagId');
		const first = await searchBenchmarkTags.call(context);
		const direct = (await (await fetch(`${server.url}/api/v1/benchmark-tags?limit=100`, { headers: { 'x-api-key': server.demo.developerKey } })).json()) as {
			pagination: { total: number; hasMore: boolean };
			tags: Array<{ id: string; name: string }>;
		};
		expect(first.results.map((r) => r.value)).toEqual(direct.tags.map((t) => t.id));
		expect(first.paginationToken).toBe(direct.pagination.hasMore ? '2' : undefined);
		const tag = direct.tags[0]!;
		expect((await searchBenchmarkTags.call(context, tag.name.toLowerCase())).results).toContainEqual({ name: tag.name, value: tag.id });
	});

	it('lists and searches the webhook subscriptions by URL', async () => {
		for (const path of ['alpha', 'beta']) {
			await fetch(`${server.url}/api/automation/webhooks`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-api-key': server.demo.automationKey },
				body: JSON.stringify({ url: `http://127.0.0.1:9/${path}`, events: ['submission.completed'] }),
			});
		}
		const context = editorContext({ resource: 'webhook', operation: 'get' }, automation, 'parameters.webhookId');
		expect((await searchWebhooks.call(context)).results.length).toBeGreaterThanOrEqual(2);
		const beta = await searchWebhooks.call(context, 'beta');
		expect(beta.results).toEqual([{ name: 'http://127.0.0.1:9/beta (1 event)', value: expect.stringMatching(/^whk_/) }]);
	});
});

describe('dropdowns', () => {
	it('lists the profiles for the Get Many filter', async () => {
		const options = await getProfiles.call(editorContext({ resource: 'submission', operation: 'getAll' }, automation, 'parameters.filters.profile_id'));
		expect(options.length).toBeGreaterThan(0);
		expect(options[0]).toMatchObject({ value: expect.stringMatching(/^prf_/) });
	});
});
