import type { SavedResult } from './results.js';
import { resultSummary } from './result-summary.js';

/**
 * The events the Assessment API emits to its webhook subscribers, one per saved revision:
 * `assessment.completed` when a result is created for an email, `assessment.replaced` when a
 * later submit replaces it (same `result_id`, higher `revision`).
 */
export const ASSESSMENT_EVENT_TYPES = ['assessment.completed', 'assessment.replaced'] as const;
export type AssessmentEventType = (typeof ASSESSMENT_EVENT_TYPES)[number];

export function assessmentEvent(saved: SavedResult): { type: AssessmentEventType; data: Record<string, unknown> } {
  const data = resultSummary(saved.result);
  return saved.previous
    ? { type: 'assessment.replaced', data: { ...data, previous_revision: saved.previous.revision } }
    : { type: 'assessment.completed', data };
}
