import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { WebhookReceiver } from './receiver.js';
import { settle, startTestServer, type TestServer } from './server.js';

export interface BrowserFixture {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly receiver: WebhookReceiver;
}

/**
 * What a page test file runs against: the real server in-process, Debian's headless Chromium and a
 * webhook receiver, started before the file's tests (with `settle`, the seed's jobs run too) and
 * stopped after them. Its fields are read inside tests and hooks, once `beforeAll` has set them.
 */
export function browserFixture(options: { settle?: boolean } = {}): BrowserFixture {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    await receiver.start();
    if (options.settle) await settle(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await receiver.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser fixture is read before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    receiver,
  };
}
