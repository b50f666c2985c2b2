import type { RunningServer } from '../server.js';

/** Waits until the submission processor and the webhook worker have nothing left to do right now. */
export async function settle(server: Pick<RunningServer, 'workers'>): Promise<void> {
  const { submissions: processor, delivery } = server.workers;
  for (let round = 0; round < 20; round += 1) {
    await processor.idle();
    await delivery.idle();
    await new Promise((resolve) => setImmediate(resolve));
    if (processor.busy === false && delivery.busy === false) return;
  }
}
