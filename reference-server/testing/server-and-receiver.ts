import { ManualClock } from 'reference-server';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { WebhookReceiver } from './receiver.js';
import { settle, startTestServer, type TestServer } from './server.js';

/**
 * For a test file: before its tests, a seeded test server and a listening webhook receiver,
 * handed to `use`; after them, both stopped.
 */
export function serverAndReceiverForFile(use: (started: { server: TestServer; receiver: WebhookReceiver }) => void): void {
  let server: TestServer | undefined;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    server = await startTestServer();
    await receiver.start();
    use({ server, receiver });
  });
  afterAll(async () => {
    await receiver.stop();
    await server?.dispose();
  });
}

/**
 * For each test of a file: a seeded test server on a manual clock set to `startAt()`, with the
 * seed's work settled (the demo submission is scored at start, before the test subscribes), and a
 * listening webhook receiver, handed to `use`; after the test, both stopped.
 */
export function serverAndReceiverForEach(startAt: () => number, use: (started: { clock: ManualClock; server: TestServer; receiver: WebhookReceiver }) => void): void {
  let server: TestServer | undefined;
  let receiver: WebhookReceiver | undefined;
  beforeEach(async () => {
    const clock = new ManualClock(startAt());
    server = await startTestServer({}, { clock });
    receiver = await new WebhookReceiver().start();
    await settle(server);
    use({ clock, server, receiver });
  });
  afterEach(async () => {
    await server?.dispose();
    await receiver?.stop();
  });
}
