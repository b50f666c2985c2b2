import { sleep } from 'n8n-workflow';
import { operate } from 'reference-server';
import type { TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Engine } from './harness/engine';
import { CREDENTIALS, serverWithEngine } from './harness/server';

// The retry waits go through n8n-workflow's sleep; recording them keeps the test instant and
// shows the waits the node chose from the server's Retry-After.
vi.mock('n8n-workflow', async (importOriginal) => ({
	...(await importOriginal<typeof import('n8n-workflow')>()),
	sleep: vi.fn(async () => {}),
}));

/**
 * Retries against the real server's answers, not a mock: faults injected through the server's
 * own fault interface (what a connector author sets in the workspace or with `faults set`).
 */
let server: TestServer;
let engine: Engine;

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
});
afterAll(() => server?.dispose());

describe('against injected faults', () => {
	it('waits out a 429 and then a 503 as their Retry-After say, and succeeds', async () => {
		const orgId = server.demo.organizationId;
		await operate(server.dataDir, 'fault.set', { orgId, surface: 'automation', kind: '429', retryAfterSeconds: 2 });
		await operate(server.dataDir, 'fault.set', { orgId, surface: 'automation', kind: '503', retryAfterSeconds: 1 });
		vi.mocked(sleep).mockClear();

		const { items, error } = await engine.run({ resource: 'account', operation: 'getMe' }, { credentials: CREDENTIALS.automation });

		expect(error).toBeUndefined();
		expect(items?.[0]?.json).toEqual({ user: server.demo.user.email, orgName: server.demo.organizationName });
		expect(vi.mocked(sleep).mock.calls).toEqual([[2000], [1000]]);
		// Both faults were met, in order, by the node's requests.
		expect(await operate(server.dataDir, 'fault.list', { orgId })).toEqual([]);
	});
});
