import { outputFieldsFrom } from '../output-fields.js';
import { SUBMISSION_SAMPLE } from './samples.js';

export type { Submission } from './evaluation.js';

/** Labels a zap builder reads when mapping a submission's fields (see output-fields.ts). */
export const submissionOutputFields = outputFieldsFrom(SUBMISSION_SAMPLE, { fields: '' }, {
  id: 'submission ID',
  job_id: 'job ID',
  record_id: 'record ID',
  profile_id: 'profile ID',
  profile_name: 'profile name',
  overall_score: 'overall score (0–100)',
  band: 'score band',
  score_partial: 'score is partial (assessment pending)',
  assessment_status: 'assessment status',
  criteria: 'criteria (key, label, weight, score, evidence)',
  criteria_text: 'criteria scores (text)',
  founders: 'founders (name, email, role, primary, fit)',
  founders_summary: "founders' assessment summary",
  report_summary: 'report summary (plain text)',
  report_markdown: 'report (Markdown)',
  report_strengths: 'strengths',
  report_concerns: 'concerns',
  workspace_url: 'link to the submission in the workspace',
  error_code: 'failure code',
  error_message: 'failure message',
});
