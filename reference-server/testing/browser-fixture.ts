import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { WebhookReceiver } from './receiver.js';
import { serverFixture, started } from './server-fixture.js';
import { settle, type TestServer } from './server.js';

export interface BrowserFixture {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly receiver: WebhookReceiver;
  /** A call to the Automation API with the demo admin's key (a POST with its JSON body when given): how a page test makes records. */
  automation(path: string, body?: unknown): Promise<Response>;
}

/**
 * What a page test file runs against: the real server in-process, Debian's headless Chromium and a
 * webhook receiver, started before the file's tests (with `settle`, the seed's jobs run too) and
 * stopped after them. Its fields are read inside tests and hooks, once `beforeAll` has set them.
 */
export function browserFixture(options: { settle?: boolean } = {}): BrowserFixture {
  // Hooks registered first run their afterAll last: the receiver outlives the server that delivers to it.
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
  });
  const base = serverFixture('browser');
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    if (options.settle) await settle(base.server);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get server() {
      return base.server;
    },
    get browser() {
      return started('browser', browser);
    },
    receiver,
    automation: (path, body) =>
      fetch(`${base.server.url}/api/automation${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'x-api-key': base.server.demo.automationKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
  };
}
