import type { AppContext } from '../context.js';
import { eventPublisher } from '../webhooks/index.js';
import { assessmentEvent } from './assessment-events.js';
import type { AsyncReader, WriteOp } from '../store/index.js';
import type { SavedResult } from './results.js';

/** What a saved result adds to its own write. */
export interface SaveEffects {
  /**
   * Reads what the effects need in `tx`, the transaction the result is saved in (the
   * subscriptions), asked for beside the save's own first read; then the ops for the saved result.
   */
  readIn(tx: AsyncReader, orgId: string): Promise<(saved: SavedResult) => Promise<WriteOp[]>>;
}

/**
 * What every saved result sets off, whichever way it arrived: its `assessment.completed` /
 * `assessment.replaced` event stored in the same write (the outbox, so the event exists iff the
 * result does); the store's write hook then wakes the job runner for the deliveries and the CRM job.
 */
export function assessmentSaveEffects(ctx: AppContext): SaveEffects {
  return {
    readIn: async (tx, orgId) => {
      const publish = await eventPublisher(ctx, tx, orgId);
      return (saved) => {
        const event = assessmentEvent(saved);
        return publish(event.type, event.data);
      };
    },
  };
}
