import type { z } from 'zod';
import type { EventType } from '../webhooks/index.js';
import { resourceViewSchema, transcriptPreviewSchema } from './attachments.js';
import { submissionDetailSchema, submissionSummarySchema } from './submission-views.js';

/**
 * What `data` holds in the events this domain publishes (submission-service.ts: queued; processor.ts: the
 * run's outcome; attachments.ts: *.attached), for the contract documents and the tests that
 * parse real deliveries. docs/webhooks.md#event-types says the same in words.
 */
export const submissionEventData = {
  'submission.queued': submissionSummarySchema,
  'submission.completed': submissionDetailSchema,
  'submission.awaiting_assessment': submissionDetailSchema,
  'submission.failed': submissionDetailSchema,
  'resource.attached': resourceViewSchema,
  'transcript.attached': transcriptPreviewSchema,
} as const satisfies Partial<Record<EventType, z.ZodType>>;
