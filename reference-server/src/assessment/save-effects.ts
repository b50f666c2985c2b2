import type { AppContext } from '../context.js';
import { eventOps, eventsCommitted } from '../webhooks/index.js';
import type { CrmSyncWorker } from './crm/queue.js';
import { assessmentEvent } from './events.js';
import type { SaveEffects } from './submit.js';

/**
 * What every saved result sets off, whichever way it arrived: its `assessment.completed` /
 * `assessment.replaced` event stored in the same write (the outbox, so the event exists iff the
 * result does), then a nudge to the webhook engine and, when configured, the CRM sync.
 */
export function assessmentSaveEffects(ctx: AppContext, crm: CrmSyncWorker): SaveEffects {
  return {
    opsFor: (saved) => {
      const event = assessmentEvent(saved);
      return eventOps(ctx, saved.result.organizationId, event.type, event.data);
    },
    afterSave: ({ result }, ops) => {
      eventsCommitted(ctx, ops);
      if (result.crmSync.status === 'pending') crm.enqueue(result.organizationId, result.id);
    },
  };
}
