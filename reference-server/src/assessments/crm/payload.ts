import type { AssessmentResult } from '../results.js';
import { resultSummary } from '../result-summary.js';

/** The body POSTed to an organisation's CRM for each saved result revision. */
export function crmPayload(result: AssessmentResult) {
  return { type: 'assessment.result', organization_id: result.organizationId, ...resultSummary(result) };
}
