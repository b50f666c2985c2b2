import { operate } from 'reference-server';
import { startTestServer, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester, type ZObject } from 'zapier-platform-core';
import App from '../src/index.js';
import { configureEnvironment } from './support/env.js';

/**
 * What Zapier makes of the real server's fault answers, injected through the server's own fault
 * interface (the workspace's developer tools or `faults set`), not through nock.
 */
let server: TestServer;
const appTester = createAppTester(App);

beforeAll(async () => {
  server = await startTestServer();
  configureEnvironment(server);
});
afterAll(() => server?.dispose());

const me = () =>
  appTester(async (z: ZObject) => (await z.request({ url: `${server.url}/api/automation/me` })).data, {
    authData: { automation_key: server.demo.automationKey },
  });

describe('against injected faults', () => {
  it('turns a 429 into a throttle with its Retry-After, a 503 into an error with the API message, then works again', async () => {
    const orgId = server.demo.organizationId;
    await operate(server.dataDir, 'fault.set', { orgId, surface: 'automation', kind: '429', retryAfterSeconds: 2 });
    await operate(server.dataDir, 'fault.set', { orgId, surface: 'automation', kind: '503', retryAfterSeconds: 1 });

    // Zapier retries a throttled step itself after the delay the error carries.
    const throttled = await me().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(throttled).toMatchObject({ name: 'ThrottledError' });
    expect(JSON.parse((throttled as Error).message)).toEqual({ message: 'Too many requests (an injected fault): retry after 2 second(s).', delay: 2 });

    await expect(me()).rejects.toThrow(/service is unavailable \(an injected fault\)/);
    await expect(me()).resolves.toEqual({ user: server.demo.user.email, orgName: server.demo.organizationName });
  });
});
