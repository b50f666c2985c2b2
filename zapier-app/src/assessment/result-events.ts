import { outputFieldsFrom, type OutputField } from '../output-fields.js';
import { ASSESSMENT_LABELS, RESULT_SAMPLE } from './samples.js';

/**
 * `data` of an `assessment.completed` event as the reference server delivered it (the answers of
 * RESULT_SAMPLE, scored against the fintech benchmark), with `previous_revision`, which only
 * `assessment.replaced` carries, set to null so both event types give the same fields.
 */
export const RESULT_EVENT_SAMPLE = {
  result_id: 'res_qllfqLaq7qEuBjmS',
  revision: 1,
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  submitted_at: '2026-11-23T08:46:16.570Z',
  benchmark: { id: 'bt_fintech', name: 'Fintech founders' },
  quality_status: 'review',
  composite: { t: 31, percentile: 3, band: 'low' },
  dimensions: {
    achievement_drive: { t: 34.6, percentile: 6, sten: 2, band: 'low' },
    perseverance: { t: 38.3, percentile: 12, sten: 3, band: 'low' },
    resilience: { t: 41.3, percentile: 19, sten: 4, band: 'low' },
    risk_tolerance: { t: 40, percentile: 16, sten: 4, band: 'low' },
    innovativeness: { t: 34.4, percentile: 6, sten: 2, band: 'low' },
    proactiveness: { t: 39.3, percentile: 14, sten: 3, band: 'low' },
    self_efficacy: { t: 35.8, percentile: 8, sten: 3, band: 'low' },
    autonomy: { t: 35.6, percentile: 8, sten: 3, band: 'low' },
  },
  previous_revision: null as number | null,
};

type Scale = { t: number; percentile: number; sten: number; band: string };
export type ResultEvent = Omit<typeof RESULT_EVENT_SAMPLE, 'benchmark' | 'dimensions'> & {
  benchmark: { id: string; name: string } | null;
  dimensions: Record<string, Scale>;
};

const EVENT_KEYS = Object.keys(RESULT_EVENT_SAMPLE) as (keyof ResultEvent)[];

/** A delivered event's `data`, in the sample's keys and order (`previous_revision` null for a first result). */
export function resultEventOutput(data: Record<string, unknown>): ResultEvent {
  return Object.fromEntries(EVENT_KEYS.map((key) => [key, data[key] ?? null])) as ResultEvent;
}

type StoredResult = typeof RESULT_SAMPLE;

/**
 * The same summary built from what `GET /api/v1/assessment/results` returns (the server makes
 * its event data from the same stored result): a stored result is the latest revision, and a
 * revision above 1 replaced the one before it.
 */
export function resultEventFromStored(result: StoredResult): ResultEvent {
  const { norm, quality, composite, dimensions } = result.scores;
  return {
    result_id: result.id,
    revision: result.revision,
    email: result.email,
    full_name: result.fullName,
    submitted_at: result.submittedAt,
    benchmark: norm.kind === 'benchmark' ? { id: norm.id, name: norm.name } : null,
    quality_status: quality.status,
    composite: { t: composite.t, percentile: composite.percentile, band: composite.band },
    dimensions: Object.fromEntries(
      Object.entries(dimensions as Record<string, Scale>).map(([key, s]) => [key, { t: s.t, percentile: s.percentile, sten: s.sten, band: s.band }]),
    ),
    previous_revision: result.revision > 1 ? result.revision - 1 : null,
  };
}

/**
 * Fields from the sample; `previous_revision` is a number even though the sample's is null. The
 * trigger adds the event id as the primary key (webhooks/event-id.ts): a replaced result is a new
 * event, a retried delivery the same one.
 */
export const resultEventOutputFields: OutputField[] = outputFieldsFrom(RESULT_EVENT_SAMPLE, ASSESSMENT_LABELS, {
  result_id: 'result ID',
  benchmark__id: 'benchmark ID',
}).map((field) => (field.key === 'previous_revision' ? { ...field, type: 'number' } : field));
