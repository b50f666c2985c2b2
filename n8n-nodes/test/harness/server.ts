import { startTestServer, type TestServer } from 'reference-server/testing';

import { Engine } from './engine';

/** Credential ids the engine's store holds for the demo organisation of a test server. */
export const CREDENTIALS = {
	automation: { evaluationAutomationApi: 'automation' },
	assessment: { evaluationAssessmentApi: 'assessment' },
	partner: { evaluationPartnerOAuth2Api: 'partner' },
} as const;

/** A seeded reference server and an n8n engine holding its demo organisation's API keys. */
export async function serverWithEngine(...args: Parameters<typeof startTestServer>): Promise<{ server: TestServer; engine: Engine }> {
	const server = await startTestServer(...args);
	const engine = new Engine();
	engine.credentials.add('automation', 'evaluationAutomationApi', { baseUrl: server.url, apiKey: server.demo.automationKey });
	engine.credentials.add('assessment', 'evaluationAssessmentApi', { baseUrl: server.url, apiKey: server.demo.developerKey });
	return { server, engine };
}

/** A full set of answers: q5..q131 cycling through the 1–6 scale. */
export function answers(seed = 0): Record<string, number> {
	const out: Record<string, number> = {};
	for (let q = 5; q <= 131; q++) out[`q${q}`] = ((q + seed) % 6) + 1;
	return out;
}
