import type { AppContext } from '../context.js';
import { installSubmissions } from '../submissions/index.js';
import { installWebhooks } from './engine.js';

/** Waits until the submission processor and the webhook worker have nothing left to do right now. */
export async function settle(ctx: AppContext): Promise<void> {
  const processor = installSubmissions(ctx);
  const delivery = installWebhooks(ctx);
  for (let round = 0; round < 20; round += 1) {
    await processor.idle();
    await delivery.idle();
    await new Promise((resolve) => setImmediate(resolve));
    if (processor.busy === false && delivery.busy === false) return;
  }
}
