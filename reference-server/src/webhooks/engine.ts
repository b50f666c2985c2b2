import type { AppContext } from '../context.js';
import { DeliveryWorker } from './delivery-worker.js';

const workers = new WeakMap<AppContext, DeliveryWorker>();

/**
 * The webhook engine of a server: one delivery worker per context, added to ctx.workers the
 * first time any surface installs it (so it starts after listen and stops on close). Idempotent:
 * the Automation and Assessment surfaces both call it.
 */
export function installWebhooks(ctx: AppContext): DeliveryWorker {
  let worker = workers.get(ctx);
  if (!worker) {
    worker = new DeliveryWorker(ctx);
    workers.set(ctx, worker);
    ctx.workers.push(worker);
  }
  return worker;
}
