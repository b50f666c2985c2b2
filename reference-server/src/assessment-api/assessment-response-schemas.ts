import { z } from 'zod';
import { DIMENSIONS } from '../psychometrics/index.js';
import { scoreReportSchema } from '../psychometrics/index.js';
import { crmConfigViewSchema, crmSyncStateSchema, RESULT_SOURCES } from '../assessments/index.js';

export { crmConfigViewSchema, type CrmConfigView } from '../assessments/index.js';

/**
 * The response bodies of `/api/v1` as schemas. The handlers' view functions are typed by them,
 * the OpenAPI document is generated from them, and the tests parse real responses with them
 * (strictly, so an undocumented field fails a test).
 */
export const errorSchema = z
  .object({ error: z.string().describe('The HTTP reason phrase, e.g. Unauthorized, Not Found, Internal Server Error.'), message: z.string() })
  .strict();

export const submitErrorSchema = z
  .object({
    error: z.literal('Bad Request'),
    message: z.string(),
    missingCount: z.int().describe('Length of `missing`.'),
    invalidCount: z.int().describe('Length of `invalid`.'),
    missing: z.array(z.string()).describe('Required keys that are absent, null or blank: email, full_name, q5..q131.'),
    invalid: z.array(z.string()).describe('Keys present but failing their rule (question ids, email, full_name, benchmark_tag_id).'),
    benchmarkTagId: z.string().optional().describe('The unknown benchmark_tag_id, when that is one of the problems.'),
  })
  .strict();

export const submitResponseSchema = z
  .object({
    success: z.literal(true),
    responseId: z.string().describe('The result id (stays the same when a later submit replaces the result).'),
    scores: scoreReportSchema,
    benchmarkApplied: z.boolean(),
    replaced: z.boolean().describe('True when this submit replaced the result stored for the same email.'),
  })
  .strict();

export const publicResultSchema = z
  .object({
    id: z.string(),
    responseId: z.string().describe('Same as id.'),
    email: z.string(),
    fullName: z.string(),
    benchmarkTagId: z.string().nullable(),
    benchmarkApplied: z.boolean(),
    scores: scoreReportSchema,
    answers: z.record(z.string(), z.int().min(1).max(6)).describe('The raw answers q5..q131, before reverse keying.'),
    context: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe('Answered optional questions.'),
    revision: z.int().min(1).describe('1 for the first submit, +1 for each replacement.'),
    createdAt: z.iso.datetime(),
    submittedAt: z.iso.datetime().describe('When this revision was submitted.'),
    crmSync: crmSyncStateSchema,
    source: z.enum(RESULT_SOURCES).describe('How this revision arrived: `api` (POST /assessment/submit) or `invite` (a participant finishing an invite link).'),
  })
  .strict();
export type PublicResult = z.infer<typeof publicResultSchema>;

export const resultResponseSchema = z.object({ success: z.literal(true), result: publicResultSchema }).strict();

const scaleNormSchema = z
  .object({
    mean: z.number().describe('Mean of the scale mean (1..6) in the reference group; a decimal with at most 2 places, to be read exactly.'),
    sd: z.number().describe('Standard deviation of the scale mean; at most 2 decimal places.'),
    reliability: z.number().describe("Cronbach's α of the scale; at most 2 decimal places."),
  })
  .strict();

export const normSetSchema = z
  .object({
    source: z.object({ kind: z.literal('synthetic'), description: z.string() }).strict(),
    sampleSize: z.int(),
    dimensions: z.record(z.enum(DIMENSIONS), scaleNormSchema),
    composite: scaleNormSchema,
  })
  .strict()
  .describe('Every statistic scoring uses: per dimension and for the composite, μ and σ of the scale mean (1..6) and α.');
export type PublicNormSet = z.infer<typeof normSetSchema>;

export const benchmarkTagSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    industry: z.string(),
    description: z.string(),
    norms: normSetSchema,
  })
  .strict();
export type PublicBenchmarkTag = z.infer<typeof benchmarkTagSchema>;

export const generalNormSchema = z
  .object({
    id: z.literal('general').describe('The `scores.norm.id` of a result submitted without benchmark_tag_id.'),
    name: z.string(),
    norms: normSetSchema,
  })
  .strict()
  .describe('The norm a submit without benchmark_tag_id is scored against, on every page.');

export const benchmarkTagsResponseSchema = z
  .object({
    success: z.literal(true),
    pagination: z
      .object({
        page: z.int().min(1).describe('Pages start at 1.'),
        limit: z.int().min(1).max(100).describe('Default 20, capped at 100.'),
        total: z.int(),
        totalPages: z.int(),
        hasMore: z.boolean(),
      })
      .strict(),
    count: z.int().describe('Tags on this page.'),
    tags: z.array(benchmarkTagSchema),
    generalNorm: generalNormSchema,
  })
  .strict();

export const crmConfigResponseSchema = z.object({ success: z.literal(true), crmSync: crmConfigViewSchema.nullable() }).strict();
