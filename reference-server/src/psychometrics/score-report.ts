import { z } from 'zod';
import { DIMENSIONS } from './model.js';

/**
 * The published shape of a scored assessment (`scores` in the submit response and in a stored
 * result), as schemas: the TypeScript types derive from them and so does the OpenAPI document.
 * Every number here is the engine's exact value rounded once, half away from zero (docs/assessment.md).
 */
export const bandSchema = z.enum(['low', 'average', 'high']).describe('By percentile: low ≤ 35 < average < 65 ≤ high.');
export type Band = z.infer<typeof bandSchema>;

export const scaleScoreSchema = z
  .object({
    items: z.int().describe('Items scored (after reverse keying) on this scale.'),
    sum: z.number().describe('Sum of the scored item values.'),
    mean: z.number().describe('Mean scored value on the 1..6 scale, 2 decimals.'),
    pomp: z.number().describe('Percent of maximum possible, (mean − 1) / 5 × 100, 1 decimal.'),
    z: z.number().describe('(mean − norm mean) / norm SD, 2 decimals.'),
    t: z.number().describe('50 + 10z, 1 decimal.'),
    percentile: z.int().min(1).max(99).describe('100·Φ(z), clamped to 1..99.'),
    sten: z.int().min(1).max(10).describe('⌊2z + 6⌋ of the exact z, clamped to 1..10.'),
    band: bandSchema,
    ci95: z
      .object({ tLow: z.number(), tHigh: z.number(), percentileLow: z.int(), percentileHigh: z.int() })
      .strict()
      .describe(
        "95% band from the norm's reliability: T ± 1.96·SEM (exactly 1.96), SEM = 10·√(1 − reliability); T ends 1 decimal, " +
          'not clamped; percentile ends 100·Φ((T − 50) / 10) clamped to 1..99.',
      ),
  })
  .strict();
export type ScaleScore = z.infer<typeof scaleScoreSchema>;

export const dimensionScoreSchema = scaleScoreSchema.extend({ label: z.string() }).strict();
export type DimensionScore = z.infer<typeof dimensionScoreSchema>;

export const qualityStatusSchema = z.enum(['ok', 'review', 'invalid']);
export type QualityStatus = z.infer<typeof qualityStatusSchema>;

export const qualityFlagSchema = z.enum(['long_run', 'low_spread', 'acquiescence', 'disacquiescence', 'inconsistent']);
export type QualityFlag = z.infer<typeof qualityFlagSchema>;

export const responseQualitySchema = z
  .object({
    status: qualityStatusSchema,
    flags: z.array(qualityFlagSchema).describe('Which indices crossed a threshold, judged on the exact index (empty when status is ok).'),
    indices: z
      .object({
        longestRun: z.int().describe('Longest run of identical consecutive answers over q5..q131.'),
        spread: z.number().describe('Population standard deviation of the raw answers.'),
        acquiescence: z.number().describe('Mean raw answer over the 63 reversed pairs minus 3.5 (−2.5..2.5).'),
        inconsistency: z.number().describe('Mean |forward − (7 − reversed)| over the 63 reversed pairs (0..5).'),
      })
      .strict(),
  })
  .strict();
export type ResponseQuality = z.infer<typeof responseQualitySchema>;

export const normReferenceSchema = z
  .object({
    id: z.string().describe('`general` for the built-in reference norm, else the benchmark tag id.'),
    name: z.string(),
    kind: z.enum(['general', 'benchmark']),
    source: z.literal('synthetic').describe('Where the norm statistics come from: every built-in norm is synthetic.'),
  })
  .strict();
export type NormReference = z.infer<typeof normReferenceSchema>;

export const scoreReportSchema = z
  .object({
    model: z.string(),
    modelVersion: z.string(),
    instrumentVersion: z.string(),
    norm: normReferenceSchema,
    dimensions: z.record(z.enum(DIMENSIONS), dimensionScoreSchema),
    composite: scaleScoreSchema.describe('The mean of all 127 scored items, normed as its own scale.'),
    quality: responseQualitySchema,
  })
  .strict();
export type ScoreReport = z.infer<typeof scoreReportSchema>;
