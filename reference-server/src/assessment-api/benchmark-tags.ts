import type { RequestHandler } from 'express';
import { z } from 'zod';
import { sendError } from '../http/index.js';
import { BENCHMARK_TAGS, GENERAL_NORM, GENERAL_NORM_ID, GENERAL_NORM_NAME, type BenchmarkTag, type NormSet } from '../psychometrics/index.js';
import type { PublicBenchmarkTag, PublicNormSet } from './assessment-response-schemas.js';

/**
 * `GET /api/v1/benchmark-tags?page=&limit=`: page numbers start at 1, the default page size is
 * 20, and a `limit` above 100 is capped at 100 (the spec) rather than refused. Every page also
 * carries `generalNorm`, the norm of untagged results, so the served norms alone reproduce any
 * result (an added field: clients that read only `tags` are unaffected).
 */
export const FIRST_PAGE = 1;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

const positiveInt = z.string().regex(/^\d{1,9}$/, 'must be a positive integer').transform(Number).pipe(z.int().min(1, 'must be at least 1'));

const querySchema = z.object({
  page: positiveInt.optional(),
  limit: positiveInt.optional(),
});

const publicNorms = (norms: NormSet): PublicNormSet => ({
  source: norms.source,
  sampleSize: norms.sampleSize,
  dimensions: norms.dimensions,
  composite: norms.composite,
});

export function publicTag(tag: BenchmarkTag): PublicBenchmarkTag {
  return { id: tag.id, name: tag.name, industry: tag.industry, description: tag.description, norms: publicNorms(tag.norms) };
}

const GENERAL = { id: GENERAL_NORM_ID, name: GENERAL_NORM_NAME, norms: publicNorms(GENERAL_NORM) } as const;

export const listBenchmarkTags: RequestHandler = (req, res) => {
  const parsed = querySchema.safeParse(req.query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    sendError(res, 400, `Query parameter ${String(issue?.path[0])} ${issue?.message ?? 'is invalid'}.`);
    return;
  }
  const page = parsed.data.page ?? FIRST_PAGE;
  const limit = Math.min(parsed.data.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const total = BENCHMARK_TAGS.length;
  const tags = BENCHMARK_TAGS.slice((page - 1) * limit, page * limit).map(publicTag);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  res.json({
    success: true,
    pagination: { page, limit, total, totalPages, hasMore: page < totalPages },
    count: tags.length,
    tags,
    generalNorm: GENERAL,
  });
};
