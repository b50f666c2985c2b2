import { draftRetention } from './assessments/index.js';
import { runRetention } from './certification/index.js';
import type { RetentionRule } from './retention/index.js';
import { submissionRetention } from './submissions/index.js';
import { eventRetention } from './webhooks/index.js';

/**
 * What the retention sweep removes, one rule per domain over its own collections, in the order a
 * sweep takes them (a sweep that reaches its limit leaves the rest to the next one). retention/
 * knows none of them: compose.ts hands it this list.
 */
export const RETENTION_RULES: readonly RetentionRule[] = [eventRetention, submissionRetention, runRetention, draftRetention];
