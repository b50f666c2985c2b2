import type { INodeProperties } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { EvaluationPlatform, OPERATION_PROPERTIES, RESOURCE_OPTIONS } from '../nodes/EvaluationPlatform/EvaluationPlatform.node.js';
import { labelSubtitle } from '../nodes/EvaluationPlatform/helpers/subtitle';
import { howToFix } from '../nodes/EvaluationPlatform/transport/errors';
import { CREDENTIAL_TYPES } from './harness/engine';
import { EvaluationPlatformTrigger } from '../nodes/EvaluationPlatformTrigger/EvaluationPlatformTrigger.node.js';
import example from '../examples/queue-founders-and-follow-up.json';
import pkg from '../package.json';

const action = new EvaluationPlatform();
const trigger = new EvaluationPlatformTrigger();

function declared(properties: INodeProperties[]): Set<string> {
	return new Set(properties.map((p) => p.name));
}

function operationsOf(resource: string): string[] {
	const property = action.description.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	);
	return (property?.options ?? []).map((o) => String((o as { value: string }).value));
}

describe('node descriptions', () => {
	it('offers an operation list for every resource, each with an AI-tool action name', () => {
		const resources = (action.description.properties.find((p) => p.name === 'resource')?.options ?? []).map((o) =>
			String((o as { value: string }).value),
		);
		expect(resources.sort()).toEqual(['account', 'assessment', 'benchmarkTag', 'partner', 'profile', 'resource', 'submission', 'transcript', 'webhook']);
		for (const resource of resources) {
			const property = action.description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
			expect(property?.options?.length, resource).toBeGreaterThan(0);
			for (const option of property?.options ?? []) expect((option as { action?: string }).action, `${resource}`).toBeTruthy();
		}
		expect(action.description.usableAsTool).toBe(true);
		expect((trigger.description as { usableAsTool?: boolean }).usableAsTool).toBeUndefined();
	});

	it('registers every node and credential in the n8n section of package.json', () => {
		expect(pkg.n8n.nodes).toEqual([
			'dist/nodes/EvaluationPlatform/EvaluationPlatform.node.js',
			'dist/nodes/EvaluationPlatformTrigger/EvaluationPlatformTrigger.node.js',
		]);
		expect(pkg.n8n.credentials).toHaveLength(3);
		expect(Object.keys(pkg.peerDependencies)).toEqual(['n8n-workflow']);
		expect((pkg as { dependencies?: object }).dependencies).toBeUndefined();
	});
});

describe('the example workflow in the README', () => {
	it('uses only parameters the nodes declare, with existing operations', () => {
		const platformNodes = example.nodes.filter((n) => n.type.startsWith('n8n-nodes-evaluation-platform.'));
		expect(platformNodes.length).toBeGreaterThan(1);
		for (const node of platformNodes) {
			const isTrigger = node.type.endsWith('Trigger');
			const names = declared((isTrigger ? trigger : action).description.properties);
			for (const parameter of Object.keys(node.parameters)) expect(names.has(parameter), `${node.name}: ${parameter}`).toBe(true);
			if (!isTrigger) {
				const { resource, operation } = node.parameters as { resource: string; operation: string };
				expect(operationsOf(resource)).toContain(operation);
			}
		}
	});
});

describe('what the editor shows', () => {
	it('gives every operation a unique action text', () => {
		const actions = action.description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options ?? []).map((o) => (o as { action: string }).action));
		expect(new Set(actions).size).toBe(actions.length);
	});

	it('labels the subtitle with the chosen resource and operation, as labelSubtitle derives them', () => {
		expect(action.description.subtitle).toBe(labelSubtitle(RESOURCE_OPTIONS, OPERATION_PROPERTIES));
		expect(action.description.subtitle).toContain('"getAll":"Get Many"');
		expect(trigger.description.subtitle).toContain('"submission.completed":"Submission Completed"');
		expect(trigger.description.properties.filter((p) => p.type === 'multiOptions').map((p) => p.displayName)).toEqual(['Trigger On', 'Trigger On']);
	});

	it('asks for a Base URL without a default, and calls the shared settings "Options"', () => {
		for (const credential of CREDENTIAL_TYPES) {
			const baseUrl = credential.properties.find((p) => p.name === 'baseUrl');
			expect(baseUrl, credential.name).toMatchObject({ required: true, default: '' });
		}
		expect(action.description.properties.find((p) => p.name === 'requestOptions')?.displayName).toBe('Options');
	});

	it('says how to fix a refused key, a missing scope and a rate limit', () => {
		expect(howToFix(401, 'automation')).toMatch(/Check the Evaluation Platform Automation API credential/);
		expect(howToFix(401, 'partner')).toMatch(/Reconnect/);
		expect(howToFix(403, 'partner')).toMatch(/Scope field and reconnect/);
		expect(howToFix(429, 'assessment')).toMatch(/Max Retries under Options/);
	});
});
