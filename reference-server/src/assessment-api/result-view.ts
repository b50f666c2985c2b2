import type { AssessmentResult } from '../assessments/index.js';
import type { PublicResult } from './assessment-response-schemas.js';

/** A stored result as the results endpoint (and the webhook events) present it. */
export function publicResult(result: AssessmentResult): PublicResult {
  return {
    id: result.id,
    responseId: result.id,
    email: result.email,
    fullName: result.fullName,
    benchmarkTagId: result.benchmarkTagId,
    benchmarkApplied: result.benchmarkApplied,
    scores: result.scores,
    answers: result.answers,
    context: result.context,
    revision: result.revision,
    createdAt: result.createdAt,
    submittedAt: result.submittedAt,
    crmSync: result.crmSync,
    source: result.source ?? 'api',
  };
}
