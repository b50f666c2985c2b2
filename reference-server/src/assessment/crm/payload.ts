import { DIMENSIONS } from '../../psychometrics/model.js';
import type { AssessmentResult } from '../../psychometrics/results.js';

/**
 * The body POSTed to an organisation's CRM for each saved result revision: the person, the
 * norm used and a compact score summary. The full result stays available from the results
 * endpoint under `result_id`.
 */
export function crmPayload(result: AssessmentResult) {
  const { scores } = result;
  return {
    type: 'assessment.result',
    organization_id: result.organizationId,
    result_id: result.id,
    revision: result.revision,
    email: result.email,
    full_name: result.fullName,
    submitted_at: result.submittedAt,
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
