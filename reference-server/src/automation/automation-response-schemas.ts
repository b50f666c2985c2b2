import { z } from 'zod';
import { cursorPageSchema, errorBodySchema, fieldProblemSchema } from '../http/index.js';
import { profileViewSchema, resourceViewSchema, SUBMISSION_STATUSES, submissionSummarySchema, transcriptViewSchema } from '../submissions/index.js';

/**
 * The answers the Automation API builds itself (the domain's shapes live beside their view
 * functions in submissions/, the webhooks' in webhooks/contract.ts). Handlers type their bodies
 * by these, automation-openapi.ts generates the contract document from them, and the tests parse real
 * answers with them strictly.
 */
export const meSchema = z
  .object({
    user: z.string().nullable().describe("The key owner's email; null for a key issued without a user."),
    orgName: z.string().nullable().describe("The organisation's name."),
  })
  .strict();
export type Me = z.infer<typeof meSchema>;

export const profilesSchema = z.object({ data: z.array(profileViewSchema).describe('Oldest first; an organisation has a handful.') }).strict();

export const submissionAcceptedSchema = z
  .object({
    status: z.enum(SUBMISSION_STATUSES).describe('`queued` for a new record_id; the current status when answering a repeat.'),
    job_id: z.string().describe('`job_…`'),
    submission_id: z.string().describe('`sub_…`'),
    record_id: z.string(),
  })
  .strict();
export type SubmissionAccepted = z.infer<typeof submissionAcceptedSchema>;

export const submissionExistingSchema = submissionAcceptedSchema
  .extend({ existing: z.literal(true).describe('This record_id was submitted before with the same profile_id and fields: its job, not a duplicate.') })
  .strict();

export const submissionConflictSchema = errorBodySchema
  .extend({
    error: z.literal('Conflict'),
    fields: z.array(fieldProblemSchema).min(1).describe('The fields (profile_id, fields) that differ from the first submission of this record_id.'),
    ...submissionAcceptedSchema.shape,
  })
  .strict()
  .describe('The record_id was submitted before with a different profile_id or fields; the existing job is named. Use a new record_id to submit again.');
export type SubmissionConflict = z.infer<typeof submissionConflictSchema>;

export const payloadTooLargeSchema = errorBodySchema
  .extend({ error: z.literal('Payload Too Large'), limit_bytes: z.int().positive().describe('The limit the body or file exceeded.') })
  .strict();
export type PayloadTooLarge = z.infer<typeof payloadTooLargeSchema>;

export const rateLimitedSchema = errorBodySchema
  .extend({ error: z.literal('Too Many Requests'), retry_after: z.int().min(0).describe('Seconds to wait; the same as the Retry-After header.') })
  .strict();
export type RateLimited = z.infer<typeof rateLimitedSchema>;

export const submissionsPageSchema = cursorPageSchema(submissionSummarySchema);
export const resourcesPageSchema = cursorPageSchema(resourceViewSchema);
export const transcriptsPageSchema = cursorPageSchema(transcriptViewSchema);
