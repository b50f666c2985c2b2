import { outputFieldsFrom } from '../output-fields.js';
import { SUBMISSION_SAMPLE } from './samples.js';

export type Submission = typeof SUBMISSION_SAMPLE;

/**
 * Every submission step returns a submission in the list's shape (`submissionSummary` on the
 * server): the webhook events of scored submissions add `criteria`, `founders` and `report`,
 * which are left out so a trigger's live output, its performList and the searches and creates
 * all match one sample. The full evaluation stays one `GET /api/automation/submissions/{id}` away.
 */
export const SUMMARY_KEYS = Object.keys(SUBMISSION_SAMPLE) as (keyof Submission)[];

export function submissionSummary(data: Record<string, unknown>): Submission {
  return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, data[key] ?? null])) as Submission;
}

export const SUBMISSION_LABELS: Record<string, string> = { fields: '', score: 'score', overall: 'overall' };

export const submissionOutputFields = outputFieldsFrom(SUBMISSION_SAMPLE, SUBMISSION_LABELS, {
  id: 'submission ID',
  job_id: 'job ID',
  record_id: 'record ID',
  profile_id: 'profile ID',
  score__overall: 'overall score',
  score__assessment: 'assessment status',
});
