import { DIMENSIONS } from '../psychometrics/index.js';
import type { AssessmentResult } from './results.js';

/**
 * The compact, snake_case summary of a result revision that leaves the server (CRM sync bodies
 * and webhook event data): who, which norm, and T/percentile/sten/band per scale. The full
 * result stays available from the results endpoint under `result_id`.
 */
export function resultSummary(result: AssessmentResult) {
  const { scores } = result;
  return {
    result_id: result.id,
    revision: result.revision,
    email: result.email,
    full_name: result.fullName,
    submitted_at: result.submittedAt,
    source: result.source ?? 'api',
    benchmark: scores.norm.kind === 'benchmark' ? { id: scores.norm.id, name: scores.norm.name } : null,
    quality_status: scores.quality.status,
    composite: { t: scores.composite.t, percentile: scores.composite.percentile, band: scores.composite.band },
    dimensions: Object.fromEntries(
      DIMENSIONS.map((d) => {
        const s = scores.dimensions[d];
        return [d, { t: s.t, percentile: s.percentile, sten: s.sten, band: s.band }];
      }),
    ),
  };
}
