import type { StoredRecord } from '../store/store.js';

/** Collections of the submissions domain, all in the organisation's scope. */
export const PROFILES = 'automation_profiles';
export const SUBMISSIONS = 'automation_submissions';
/** record_id → submission id: the caller's unique id, looked up at flat cost. */
export const RECORD_IDS = 'automation_submission_record_ids';
/** Pending processing jobs only (id = submission id); removed when a run settles the latest input. */
export const JOBS = 'automation_submission_jobs';
/** Case-folded email → submissions awaiting that person's assessment result. */
export const AWAITING = 'automation_submissions_awaiting';
export const RESOURCES = 'automation_resources';
export const TRANSCRIPTS = 'automation_transcripts';
export const FIELD_MAPPINGS = 'automation_field_mappings';

export const SUBMISSION_STATUSES = ['queued', 'processing', 'completed', 'awaiting_assessment', 'failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export type FieldValue = string | number | boolean | null | FieldValue[] | { [key: string]: FieldValue };

export interface CriterionScore {
  key: string;
  label: string;
  weight: number;
  /** 0–100, or null while it cannot be computed yet (the assessment criterion without a result). */
  score: number | null;
  /** What the score was computed from, in words. */
  evidence: string;
}

export interface FounderAssessment {
  result_id: string;
  revision: number;
  percentiles: Record<string, number>;
  /** 0–100: how close the percentiles are to the profile's targets. */
  fit: number;
}

export interface Founder {
  name: string | null;
  email: string | null;
  role: string | null;
  primary: boolean;
  assessment: FounderAssessment | null;
}

export interface ScoreSummary {
  /** Weighted mean of the computable criteria, 0–100, one decimal. */
  overall: number;
  band: 'strong' | 'promising' | 'mixed' | 'weak';
  /** True when the assessment criterion is still pending (status awaiting_assessment). */
  partial: boolean;
  assessment: 'included' | 'pending' | 'not_required';
}

export interface Report {
  summary: string;
  strengths: string[];
  concerns: string[];
  generated_at: string;
}

export interface Evaluation {
  score: ScoreSummary;
  criteria: CriterionScore[];
  founders: Founder[];
  report: Report;
}

export interface SubmissionError {
  code: 'missing_required_fields' | 'profile_not_found' | 'internal_error';
  message: string;
  fields?: string[];
}

export interface SubmissionRecord extends StoredRecord {
  /** `sub_…` */
  id: string;
  orgId: string;
  /** `job_…`: returned at creation; the same for every (re-)run of this submission. */
  jobId: string;
  recordId: string;
  profileId: string;
  status: SubmissionStatus;
  /** After the organisation's field mapping. */
  fields: Record<string, FieldValue>;
  filters: FieldValue[];
  source: string | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  /** Bumped by every attachment: a run that scored an older input is followed by another. */
  inputRevision: number;
  /** Processing runs so far. */
  runs: number;
  evaluation: Evaluation | null;
  error: SubmissionError | null;
  resourceIds: string[];
  transcriptIds: string[];
}

export interface RecordIdEntry extends StoredRecord {
  /** The caller's record_id. */
  id: string;
  submissionId: string;
}

export interface JobRecord extends StoredRecord {
  /** The submission id. */
  id: string;
  jobId: string;
  /** The submission's inputRevision this job must score (at least). */
  revision: number;
  enqueuedAt: string;
}

export interface AwaitingEntry extends StoredRecord {
  /** Case-folded email. */
  id: string;
  submissionIds: string[];
}
