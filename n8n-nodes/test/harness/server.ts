import { startTestServer, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll } from 'vitest';

import { Engine } from './engine';
import { type Receiver, startReceiver } from './receiver';

/** Credential ids the engine's store holds for the demo organisation of a test server. */
export const CREDENTIALS = {
	automation: { evaluationAutomationApi: 'automation' },
	assessment: { evaluationAssessmentApi: 'assessment' },
	partner: { evaluationPartnerOAuth2Api: 'partner' },
} as const;

/** Puts the API keys of the server's demo organisation in the engine's store, under the ids of CREDENTIALS. */
function addDemoKeys(engine: Engine, server: TestServer): void {
	engine.credentials.add('automation', 'evaluationAutomationApi', { baseUrl: server.url, apiKey: server.demo.automationKey });
	engine.credentials.add('assessment', 'evaluationAssessmentApi', { baseUrl: server.url, apiKey: server.demo.developerKey });
}

/** A seeded reference server and an n8n engine holding its demo organisation's API keys. */
export async function serverWithEngine(...args: Parameters<typeof startTestServer>): Promise<{ server: TestServer; engine: Engine }> {
	const server = await startTestServer(...args);
	const engine = new Engine();
	addDemoKeys(engine, server);
	return { server, engine };
}

/**
 * For a test file: before its tests, a seeded reference server and a webhook receiver whose engine
 * holds the demo organisation's API keys, handed to `use`; after them, both closed.
 */
export function serverAndReceiverForFile(use: (started: { server: TestServer; receiver: Receiver }) => void): void {
	let server: TestServer | undefined;
	let receiver: Receiver | undefined;
	beforeAll(async () => {
		server = await startTestServer();
		receiver = await startReceiver();
		addDemoKeys(receiver.engine, server);
		use({ server, receiver });
	});
	afterAll(async () => {
		await receiver?.close();
		await server?.dispose();
	});
}

/** A full set of answers: q5..q131 cycling through the 1–6 scale. */
export function answers(seed = 0): Record<string, number> {
	const out: Record<string, number> = {};
	for (let q = 5; q <= 131; q++) out[`q${q}`] = ((q + seed) % 6) + 1;
	return out;
}

export interface Subscription {
	id: string;
	url: string;
	events: string[];
}

/** The demo organisation's webhook subscriptions on one API (`/api/automation/webhooks`, `/api/v1/webhooks`), read with its key. */
export async function subscriptionsOf(server: TestServer, path: string, key: string): Promise<Subscription[]> {
	const response = await fetch(`${server.url}${path}?limit=100`, { headers: { 'x-api-key': key } });
	if (!response.ok) throw new Error(`${path} answered ${response.status}`);
	return ((await response.json()) as { data: Subscription[] }).data;
}
