import type { INode, INodeCredentialDescription, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { EvaluationPlatform, OPERATION_PROPERTIES, RESOURCE_OPTIONS } from '../nodes/EvaluationPlatform/EvaluationPlatform.node.js';
import { RESOURCE_AUTHENTICATION, SURFACE_OF } from '../nodes/EvaluationPlatform/helpers/authentication';
import { labelSubtitle } from '../nodes/EvaluationPlatform/helpers/subtitle';
import { CREDENTIAL_OF } from '../nodes/EvaluationPlatform/transport';
import { howToFix } from '../nodes/EvaluationPlatform/transport/errors';
import { CREDENTIAL_TYPES } from './harness/engine';
import { EvaluationPlatformTrigger } from '../nodes/EvaluationPlatformTrigger/EvaluationPlatformTrigger.node.js';
import example from '../examples/queue-founders-and-follow-up.json';
import pkg from '../package.json';
// Vite hands the file over as text (community-node lint allows no node:fs, even in tests).
import readme from '../README.md?raw';

const action = new EvaluationPlatform();
const trigger = new EvaluationPlatformTrigger();

function declared(properties: INodeProperties[]): Set<string> {
	return new Set(properties.map((p) => p.name));
}

/** The parameters as n8n settles them for a node (defaults filled in, hidden ones dropped). */
function settled(parameters: INode['parameters']): INode['parameters'] {
	const node = { parameters, typeVersion: 1 } as INode;
	return NodeHelpers.getNodeParameters(action.description.properties, parameters, true, false, node, action.description) ?? {};
}

/** What the editor shows for these parameters: the credentials asked for and the operations offered. */
function shown(parameters: INode['parameters']): { credentials: string[]; operations: string[]; authentication: string[] } {
	const values = settled(parameters);
	const node = { parameters: values, typeVersion: 1 } as INode;
	const visible = (p: INodeProperties | INodeCredentialDescription) => NodeHelpers.displayParameter(values, p, node, action.description);
	const options = (name: string) =>
		action.description.properties
			.filter((p) => p.name === name && visible(p))
			.flatMap((p) => (p.options ?? []).map((o) => String((o as { value: string }).value)));
	return {
		credentials: (action.description.credentials ?? []).filter(visible).map((c) => c.name),
		operations: options('operation'),
		authentication: options('authentication'),
	};
}

function operationsOf(resource: string, authentication?: string): string[] {
	return shown({ resource, ...(authentication ? { authentication } : {}) }).operations;
}

/** Every text of the action node and the credentials a user reads, with where it is. */
function userTexts(): Array<[string, string]> {
	const texts: Array<[string, string]> = [];
	const walk = (where: string, value: unknown): void => {
		if (Array.isArray(value)) return value.forEach((v, i) => walk(`${where}[${i}]`, v));
		if (typeof value !== 'object' || value === null || (value as { type?: unknown }).type === 'hidden') return;
		for (const [key, v] of Object.entries(value)) {
			if (['displayName', 'name', 'description', 'action', 'placeholder', 'hint'].includes(key) && typeof v === 'string') texts.push([`${where}.${key}`, v]);
			else walk(`${where}.${key}`, v);
		}
	};
	walk('node', { ...action.description, subtitle: undefined });
	for (const credential of CREDENTIAL_TYPES) walk(credential.name, credential.properties);
	return texts;
}

describe('node descriptions', () => {
	it('offers an operation list for every resource, each with an AI-tool action name', () => {
		const resources = (action.description.properties.find((p) => p.name === 'resource')?.options ?? []).map((o) =>
			String((o as { value: string }).value),
		);
		expect(resources).toEqual(['account', 'assessment', 'benchmarkTag', 'integration', 'organization', 'profile', 'resource', 'submission', 'transcript', 'webhook']);
		for (const property of action.description.properties.filter((p) => p.name === 'operation')) {
			expect(property.options?.length, JSON.stringify(property.displayOptions)).toBeGreaterThan(0);
			for (const option of property.options ?? []) expect((option as { action?: string }).action, JSON.stringify(property.displayOptions)).toBeTruthy();
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

describe('resources grouped by what they are, with the credential chosen by Authentication', () => {
	it('asks for exactly the credential of the chosen authentication, for every resource and every way it signs in', () => {
		const resources = (action.description.properties.find((p) => p.name === 'resource')?.options ?? []).map((o) => String((o as { value: string }).value));
		expect(Object.keys(RESOURCE_AUTHENTICATION).sort()).toEqual([...resources].sort());
		for (const [resource, ways] of Object.entries(RESOURCE_AUTHENTICATION)) {
			// The default is the first way; n8n's editor lists exactly these.
			expect(shown({ resource }).authentication, resource).toEqual(ways);
			expect(shown({ resource }).credentials, resource).toEqual([CREDENTIAL_OF[SURFACE_OF[ways[0]!]]]);
			for (const way of ways) {
				const { credentials, operations } = shown({ resource, authentication: way });
				expect(credentials, `${resource} with ${way}`).toEqual([CREDENTIAL_OF[SURFACE_OF[way]]]);
				expect(operations.length, `${resource} with ${way}`).toBeGreaterThan(0);
			}
		}
	});

	it('serves Submission and Profile through both APIs with the same operations, and the rest where the API has them', () => {
		expect(RESOURCE_AUTHENTICATION.submission).toEqual(['automationKey', 'oAuth2']);
		expect(operationsOf('submission', 'automationKey')).toEqual(['create', 'get', 'getAll']);
		expect(operationsOf('submission', 'oAuth2')).toEqual(['create', 'get', 'getAll']);
		expect(operationsOf('profile', 'automationKey')).toEqual(['get', 'getAll']);
		expect(operationsOf('profile', 'oAuth2')).toEqual(['get', 'getAll']);
		expect(operationsOf('account', 'oAuth2')).toEqual(['getMe']);
		expect(operationsOf('webhook', 'oAuth2')).toEqual(['getAll']);
		expect(operationsOf('assessment', 'oAuth2')).toEqual(['getResult']);
		expect(operationsOf('organization')).toEqual(['get']);
		expect(operationsOf('integration')).toEqual(['getStatus']);
		// Each operation list of a resource is a part of its first one, the one n8n's actions panel lists.
		for (const resource of Object.keys(RESOURCE_AUTHENTICATION)) {
			const first = operationsOf(resource, RESOURCE_AUTHENTICATION[resource]![0]);
			for (const way of RESOURCE_AUTHENTICATION[resource]!) expect(first, resource).toEqual(expect.arrayContaining(operationsOf(resource, way)));
		}
	});

	it('names nothing after the API protocol, and spells "organization" the American way', () => {
		const texts = userTexts();
		expect(texts.length).toBeGreaterThan(100);
		expect(texts.filter(([, text]) => /graphql|partner api|\bquery\b|mutation/i.test(text))).toEqual([]);
		expect(texts.filter(([, text]) => /organis/i.test(text))).toEqual([]);
	});

	it('lists optional fields alphabetically', () => {
		const collections = action.description.properties.filter((p) => p.type === 'collection');
		expect(collections.length).toBeGreaterThanOrEqual(5);
		for (const collection of collections) {
			const names = (collection.options ?? []).map((o) => (o as { displayName: string }).displayName);
			expect(names, `${collection.name} ${JSON.stringify(collection.displayOptions)}`).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		}
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

	// The dropdowns come from operationSelector(), where n8n's lint cannot read them: its rules on Operation parameters, here.
	it('builds every Operation dropdown as n8n lint asks of one written out in full', () => {
		const selectors = action.description.properties.filter((p) => p.name === 'operation');
		expect(selectors).toHaveLength(12);
		for (const selector of selectors) {
			const where = JSON.stringify(selector.displayOptions);
			const options = (selector.options ?? []) as Array<{ name: string; value: string; description?: string; action?: string }>;
			expect(selector, where).toMatchObject({ displayName: 'Operation', type: 'options', noDataExpression: true });
			expect(options.map((o) => o.value), where).toContain(selector.default);
			expect(options.map((o) => o.name), where).toEqual([...options.map((o) => o.name)].sort((a, b) => a.localeCompare(b)));
			expect(new Set(options.map((o) => o.name)).size, where).toBe(options.length);
			expect(new Set(options.map((o) => o.value)).size, where).toBe(options.length);
			for (const option of options) {
				// Sentence case: capitalised first word, the rest lower case but for all-capital words (URL, ID).
				const [first = '', ...rest] = (option.action ?? '').split(' ').filter((word) => word !== word.toUpperCase() || !/[A-Z]/.test(word));
				expect(/^[A-Z][^A-Z]*$/.test(first) && rest.every((word) => word === word.toLowerCase()), `${where} ${option.action}`).toBe(true);
				if (option.value === 'getAll') {
					expect(option.name, where).toBe('Get Many');
					expect(option.action, where).toMatch(/^Get many /);
					expect(option.description, where).not.toMatch(/ all /);
				}
			}
		}
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

	it('links each credential to where the README says how to get its key, and names the workspace page', () => {
		const anchors = new Set([...readme.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) => heading!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
		const docs = pkg.homepage.replace(/#readme$/, '');
		for (const credential of CREDENTIAL_TYPES) {
			const url = credential.documentationUrl ?? '';
			expect(url.startsWith(`${docs}#`), credential.name).toBe(true);
			expect(anchors, credential.name).toContain(url.slice(docs.length + 1));
			// The help under the key (or, for OAuth2, the notice above the client fields) links there too.
			const help = credential.properties.filter((p) => p.name === 'apiKey' || p.type === 'notice').map((p) => `${p.description ?? ''} ${p.displayName}`);
			expect(help.join(' '), credential.name).toContain(`<a href="${url}">`);
		}
		const automationKey = CREDENTIAL_TYPES.find((c) => c.name === 'evaluationAutomationApi')?.properties.find((p) => p.name === 'apiKey');
		expect(automationKey?.description).toContain('Base URL followed by /workspace/keys');
	});

	it('says how to fix a refused key, a missing scope and a rate limit', () => {
		expect(howToFix(401, 'automation')).toMatch(/Check the Evaluation Platform Automation API credential/);
		expect(howToFix(401, 'partner')).toMatch(/Reconnect/);
		expect(howToFix(403, 'partner')).toMatch(/Scope field and reconnect/);
		expect(howToFix(429, 'assessment', true)).toMatch(/Max Retries under Options/);
		// A list or dropdown has no Options: its advice names none.
		expect(howToFix(429, 'automation')).not.toMatch(/Options|Max Retries/);
		expect(howToFix(429, 'automation')).toMatch(/open the list again/);
	});
});
