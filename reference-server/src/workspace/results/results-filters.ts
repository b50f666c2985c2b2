import { z } from 'zod';
import type { AssessmentResult } from '../../assessments/index.js';
import { bandSchema, qualityStatusSchema } from '../../psychometrics/index.js';

const DAY_MS = 86_400_000;
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)));

/** The results list's query string; a value that does not parse counts as "any" (the form offers only valid ones). */
const filtersSchema = z.object({
  email: z.string().trim().max(320).optional().catch(undefined),
  band: bandSchema.optional().catch(undefined),
  quality: qualityStatusSchema.optional().catch(undefined),
  from: date.optional().catch(undefined),
  to: date.optional().catch(undefined),
  after: z.string().max(200).optional().catch(undefined),
});

export type ResultFilters = Omit<z.infer<typeof filtersSchema>, 'after'>;

export function parseResultQuery(query: Record<string, unknown>): { filters: ResultFilters; after?: string } {
  const strings = Object.fromEntries(Object.entries(query).filter(([, value]) => typeof value === 'string' && value !== ''));
  const { after, ...filters } = filtersSchema.parse(strings);
  return { filters, ...(after ? { after } : {}) };
}

/** Whether a result passes the filters: composite band, response quality, and submitted on or between the dates (UTC days). */
export function resultMatcher(filters: ResultFilters): ((result: AssessmentResult) => boolean) | undefined {
  const from = filters.from ? Date.parse(`${filters.from}T00:00:00Z`) : undefined;
  const to = filters.to ? Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS : undefined;
  if (!filters.band && !filters.quality && from === undefined && to === undefined) return undefined;
  return (result) => {
    const at = Date.parse(result.submittedAt);
    return (
      (!filters.band || result.scores.composite.band === filters.band) &&
      (!filters.quality || result.scores.quality.status === filters.quality) &&
      (from === undefined || at >= from) &&
      (to === undefined || at < to)
    );
  };
}


/** The filters in words, as the form names them: `composite band high`, `submitted from 2026-01-01`. */
function filtersInWords(filters: ResultFilters): string[] {
  return [
    filters.band ? `composite band ${filters.band}` : '',
    filters.quality ? `response quality ${filters.quality}` : '',
    filters.from && filters.to ? `submitted from ${filters.from} until ${filters.to}` : filters.from ? `submitted from ${filters.from}` : filters.to ? `submitted until ${filters.to}` : '',
  ].filter(Boolean);
}

/**
 * Why the list is empty, naming exactly the filters chosen: the email alone is a lookup ("no result
 * is stored for…"); with others, the result may exist and not match them, so the message says so.
 */
export function noResultMessage(filters: ResultFilters, organizationName: string): string {
  const others = filtersInWords(filters);
  const backwards = filters.from && filters.to && filters.from > filters.to ? ' The date range ends before it starts.' : '';
  if (filters.email && others.length === 0) return `No result is stored for ${filters.email} in ${organizationName}.`;
  if (filters.email) return `The result for ${filters.email}, if there is one, does not match: ${others.join('; ')}.${backwards}`;
  if (others.length > 0) return `No result matches: ${others.join('; ')}.${backwards}`;
  return 'No result is stored yet.';
}
