import { PackageDirectoryLoader } from 'n8n-core';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The built package as n8n itself loads a community package: n8n-core's PackageDirectoryLoader
 * reads the `n8n` section of package.json, loads each compiled node and credential in isolation
 * and resolves their icons. Needs `npm run build -w n8n-nodes` (the root `npm test` runs it).
 */
const packageDir = new URL('..', import.meta.url).pathname;
let loader: PackageDirectoryLoader;

beforeAll(async () => {
	loader = new PackageDirectoryLoader(packageDir);
	await loader.loadAll();
});

describe('the built package, loaded the way n8n loads it', () => {
	it('registers both nodes and the three credentials', () => {
		expect(loader.packageName).toBe('n8n-nodes-evaluation-platform');
		expect(Object.keys(loader.known.nodes).sort()).toEqual(['evaluationPlatform', 'evaluationPlatformTrigger']);
		expect(Object.keys(loader.known.credentials).sort()).toEqual([
			'evaluationAssessmentApi',
			'evaluationAutomationApi',
			'evaluationPartnerOAuth2Api',
		]);
	});

	it('resolves light and dark icons and the codex for every node', () => {
		for (const node of loader.types.nodes) {
			expect(node.iconUrl, node.name).toMatchObject({
				light: expect.stringMatching(/evaluationPlatform\.svg$/),
				dark: expect.stringMatching(/evaluationPlatform\.dark\.svg$/),
			});
			expect(node.codex?.categories, node.name).toContain('Sales');
		}
		for (const credential of loader.types.credentials) {
			expect(credential.iconUrl, credential.name).toMatchObject({ light: expect.any(String), dark: expect.any(String) });
		}
	});

	it('knows the OAuth2 credential extends oAuth2Api and the nodes that use each credential', () => {
		expect(loader.known.credentials.evaluationPartnerOAuth2Api?.extends).toEqual(['oAuth2Api']);
		expect(loader.known.credentials.evaluationAutomationApi?.supportedNodes?.sort()).toEqual(['evaluationPlatform', 'evaluationPlatformTrigger']);
	});
});
