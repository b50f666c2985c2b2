import type { AppContext } from '../context.js';
import { eventOps } from '../webhooks/index.js';
import { assessmentEvent } from './assessment-events.js';
import type { AsyncReader, WriteOp } from '../store/index.js';
import type { SavedResult } from './results.js';

/** What a saved result adds to its own write. */
export interface SaveEffects {
  /** `tx`: the transaction the result is saved in (the subscriptions are read in it). */
  opsFor(saved: SavedResult, tx: AsyncReader): Promise<WriteOp[]>;
}

/**
 * What every saved result sets off, whichever way it arrived: its `assessment.completed` /
 * `assessment.replaced` event stored in the same write (the outbox, so the event exists iff the
 * result does); the store's write hook then wakes the job runner for the deliveries and the CRM job.
 */
export function assessmentSaveEffects(ctx: AppContext): SaveEffects {
  return {
    opsFor: (saved, tx) => {
      const event = assessmentEvent(saved);
      return eventOps(ctx, tx, saved.result.organizationId, event.type, event.data);
    },
  };
}
