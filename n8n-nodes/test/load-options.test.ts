import { LoadOptionsContext } from 'n8n-core';
import type { INode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import type { TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getBenchmarkTags, getProfiles } from '../nodes/EvaluationPlatform/methods/loadOptions';
import { type Engine, nodeTypes } from './harness/engine';
import { serverWithEngine } from './harness/server';

let server: TestServer;
let engine: Engine;

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
});
afterAll(() => server.dispose());

/** The context n8n's editor uses to fill a dropdown of the node. */
function dropdownContext(parameters: INode['parameters'], credentials: INode['credentials'], path: string): LoadOptionsContext {
	const node: INode = { id: 'p', name: 'Platform', type: 'evaluationPlatform', typeVersion: 1, position: [0, 0], parameters, credentials };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return new LoadOptionsContext(workflow, node, engine.additionalData('load-options'), path);
}

describe('dropdowns', () => {
	it('lists the profiles for Create Submission', async () => {
		const context = dropdownContext(
			{ resource: 'submission', operation: 'create' },
			{ evaluationAutomationApi: { id: 'automation', name: 'automation' } },
			'parameters.profileId',
		);
		const options = await getProfiles.call(context);
		const direct = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as {
			data: Array<{ id: string; name: string }>;
		};
		expect(options.map((o) => o.value)).toEqual(direct.data.map((p) => p.id));
		expect(options[0]?.name).toBe(direct.data[0]?.name);
	});

	it('lists every benchmark tag for Submit, after a "none" choice', async () => {
		const context = dropdownContext(
			{ resource: 'assessment', operation: 'submit' },
			{ evaluationAssessmentApi: { id: 'assessment', name: 'assessment' } },
			'parameters.benchmarkTagId',
		);
		const options = await getBenchmarkTags.call(context);
		const direct = (await (await fetch(`${server.url}/api/v1/benchmark-tags?limit=100`, { headers: { 'x-api-key': server.demo.developerKey } })).json()) as {
			pagination: { total: number };
		};
		expect(options[0]).toEqual({ name: 'None (General Norm)', value: '' });
		expect(options).toHaveLength(direct.pagination.total + 1);
	});
});
