import type { RequestHandler } from 'express';
import { z } from 'zod';
import { sendError } from '../http/error-body.js';
import { BENCHMARK_TAGS, type BenchmarkTag } from '../psychometrics/norms.js';
import type { PublicBenchmarkTag } from './api-schemas.js';

/**
 * `GET /api/v1/benchmark-tags?page=&limit=`: page numbers start at 1, the default page size is
 * 20, and a `limit` above 100 is capped at 100 (the spec) rather than refused.
 */
export const FIRST_PAGE = 1;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

const positiveInt = z.string().regex(/^\d{1,9}$/, 'must be a positive integer').transform(Number).pipe(z.int().min(1, 'must be at least 1'));

const querySchema = z.object({
  page: positiveInt.optional(),
  limit: positiveInt.optional(),
});

export function publicTag(tag: BenchmarkTag): PublicBenchmarkTag {
  return {
    id: tag.id,
    name: tag.name,
    industry: tag.industry,
    description: tag.description,
    norms: {
      source: tag.norms.source,
      sampleSize: tag.norms.sampleSize,
      dimensions: tag.norms.dimensions,
      composite: tag.norms.composite,
    },
  };
}

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
  });
};
