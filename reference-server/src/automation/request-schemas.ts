import { z } from 'zod';
import { SUBMISSION_STATUSES, submissionInputSchema } from '../submissions/index.js';

/**
 * Request schemas of the Automation API; types derive from them. Unknown top-level keys are
 * ignored (no-code tools add their own), except where noted.
 */
/** `POST /submissions`: the submissions domain's input, as is. */
export const submissionCreateSchema = submissionInputSchema;

export const pageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(512).optional(),
});

export const submissionListSchema = pageSchema.extend({
  status: z.enum(SUBMISSION_STATUSES).optional(),
  profile_id: z.string().max(128).optional(),
  record_id: z.string().max(256).optional(),
  updated_since: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-01-31T09:00:00Z' }).optional(),
  q: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Search: every word must begin a word of the name, company or email field, the record_id or the submission id; any case, accents ignored ("grace hop" finds Grace Hopper). Pages newest first over the matches, whatever their age.',
    ),
});

/** Search words for the small lists (profiles, webhook subscriptions), read as the submissions' `q` is. */
export const searchQuerySchema = z.string().max(200).optional();

export const profileListSchema = z.object({
  q: searchQuerySchema.describe('Search: every word must begin a word of the profile\'s name, description or id; any case.'),
});

/** Which submission an attachment belongs to: exactly one of the two. */
const submissionRef = {
  submission_id: z.string().trim().min(1).max(128).optional(),
  record_id: z.string().trim().min(1).max(256).optional(),
};

export const attachmentListSchema = pageSchema.extend(submissionRef);

export const resourceBodySchema = z.object({
  ...submissionRef,
  url: z.url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' }).max(2048).optional(),
  name: z.string().trim().min(1).max(255).optional(),
  content_type: z
    .string()
    .trim()
    .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'must be a media type such as application/pdf')
    .max(255)
    .optional(),
});

export const segmentSchema = z
  .object({
    speaker: z.string().trim().max(120).nullable().optional(),
    text: z.string().min(1).max(100_000),
    start: z.number().min(0).optional(),
    end: z.number().min(0).optional(),
  })
  .strict()
  .refine((s) => s.start === undefined || s.end === undefined || s.end >= s.start, { message: 'end must not be before start', path: ['end'] });

export const transcriptBodySchema = z.object({
  ...submissionRef,
  text: z.string().max(1_000_000).optional(),
  segments: z.array(segmentSchema).max(10_000).optional(),
  title: z.string().trim().min(1).max(255).optional(),
  language: z.string().trim().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en or pt-BR').optional(),
});
