import { afterAll, beforeAll } from 'vitest';
import { WebhookReceiver } from './receiver.js';
import { startTestServer, type TestServer } from './server.js';

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
