import { z } from 'zod';
import { fieldValueSchema } from './submission-records.js';

/**
 * What creating a submission takes, as every surface receives it (the Automation API's body, the
 * GraphQL mutation's input under its own field names): both parse into this, then call
 * `createSubmission`. Unknown top-level keys are ignored (no-code tools add their own).
 */
export const submissionInputSchema = z.object({
  record_id: z.string().trim().min(1, 'must not be empty').max(256, 'must be at most 256 characters'),
  profile_id: z.string().trim().min(1, 'must not be empty').max(128),
  fields: z
    .record(z.string().min(1).max(128), fieldValueSchema, { error: 'must be an object of the person or deal attributes (e.g. email, name, company)' })
    .refine((fields) => Object.keys(fields).length <= 200, 'must have at most 200 keys'),
  filters: z.array(fieldValueSchema).max(50).optional(),
  source: z.string().trim().max(100).optional(),
});
export type SubmissionInput = z.infer<typeof submissionInputSchema>;
