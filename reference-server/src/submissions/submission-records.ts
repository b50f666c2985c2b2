import { z } from 'zod';
import type { StoredRecord } from '../store/index.js';

/** Collections of the submissions domain, all in the organisation's scope. */
export const PROFILES = 'automation_profiles';
export const SUBMISSIONS = 'automation_submissions';
/** record_id → submission id: the caller's unique id, looked up at flat cost. */
export const RECORD_IDS = 'automation_submission_record_ids';
/** Pending processing jobs only (id = submission id); removed when a run settles the latest input. */
export const JOBS = 'automation_submission_jobs';
/** Case-folded email → submissions awaiting that person's assessment result. */
export const AWAITING = 'automation_submissions_awaiting';
/** Pending re-scores (id = the case-folded email whose assessment result was just stored). */
export const RESCORES = 'automation_submission_rescores';
export const RESOURCES = 'automation_resources';
export const TRANSCRIPTS = 'automation_transcripts';
export const FIELD_MAPPINGS = 'automation_field_mappings';
/** An uploaded file's bytes (id = the resource id): in the store, so every server serves them. */
export const FILES = 'automation_files';
/**
 * How many submissions were ever created in an organisation, kept in CREATED_COUNTERS counters
 * (ids `created-0` …): every create bumps one, chosen by its id, with an `increment` (its row
 * locked only while the commit runs), so creates wait on each other only when they draw the same
 * counter, and then only for the commit. A search index knows from one
 * read of the scope whether anything is new, and how much (search.ts). Id `created` is the single
 * counter kept before (every create locked it: an organisation's creates ran one at a time on
 * PostgreSQL); what it counted stays counted.
 */
export const CREATED = 'automation_submission_sequence';
export const CREATED_COUNTERS = 32;
/** The counter bumped before the counters were split, and by submissions created then. */
export const FIRST_COUNTER = 'created';

/** The counter a create bumps: drawn from the submission's random id part, so creates spread over all of them. */
export function counterFor(token: string): string {
  let sum = 0;
  for (let i = 0; i < token.length; i += 1) sum += token.charCodeAt(i);
  return `created-${sum % CREATED_COUNTERS}`;
}

export const SUBMISSION_STATUSES = ['queued', 'processing', 'completed', 'awaiting_assessment', 'failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export type FieldValue = string | number | boolean | null | FieldValue[] | { [key: string]: FieldValue };
/** Any JSON value: what `fields` and `filters` hold. One instance, so contract documents name it once. */
export const fieldValueSchema: z.ZodType<FieldValue> = z.json();

/*
 * The evaluation of a submission, as stored and as both APIs show it (REST and GraphQL): the
 * types derive from these schemas, and the contract documents are generated from them.
 */
export const criterionScoreSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    weight: z.number(),
    score: z.number().min(0).max(100).nullable().describe('0–100, or null while it cannot be computed yet (the assessment criterion without a result).'),
    evidence: z.string().describe('What the score was computed from, in words.'),
  })
  .strict();
export type CriterionScore = z.infer<typeof criterionScoreSchema>;

export const founderAssessmentSchema = z
  .object({
    result_id: z.string(),
    revision: z.int(),
    percentiles: z.record(z.string(), z.number()).describe('Dimension → percentile (0–100) of their assessment result.'),
    fit: z.number().min(0).max(100).describe('How close the percentiles are to the profile\'s targets.'),
  })
  .strict();
export type FounderAssessment = z.infer<typeof founderAssessmentSchema>;

export const founderSchema = z
  .object({
    name: z.string().nullable(),
    email: z.string().nullable().describe('Lower-cased; matched to the organisation\'s assessment results.'),
    role: z.string().nullable(),
    primary: z.boolean().describe('The person of the top-level fields (the others come from fields.founders).'),
    assessment: founderAssessmentSchema.nullable(),
  })
  .strict();
export type Founder = z.infer<typeof founderSchema>;

export const scoreSummarySchema = z
  .object({
    overall: z.number().min(0).max(100).describe('Weighted mean of the computable criteria, 0–100, one decimal.'),
    band: z.enum(['strong', 'promising', 'mixed', 'weak']).describe('strong ≥ 75, promising ≥ 55, mixed ≥ 35, else weak.'),
    partial: z.boolean().describe('True when the assessment criterion is still pending (status awaiting_assessment).'),
    assessment: z.enum(['included', 'pending', 'not_required']),
  })
  .strict();
export type ScoreSummary = z.infer<typeof scoreSummarySchema>;

export const reportSchema = z
  .object({
    summary: z.string(),
    strengths: z.array(z.string()).describe('Labels of the criteria scoring 75 or more.'),
    concerns: z.array(z.string()).describe('Labels of the criteria scoring under 40.'),
    generated_at: z.iso.datetime(),
  })
  .strict();
export type Report = z.infer<typeof reportSchema>;

export interface Evaluation {
  score: ScoreSummary;
  criteria: CriterionScore[];
  founders: Founder[];
  report: Report;
}

export const submissionErrorSchema = z
  .object({
    code: z.enum(['missing_required_fields', 'profile_not_found', 'internal_error']),
    message: z.string(),
    fields: z.array(z.string()).optional().describe('With missing_required_fields: the fields the profile needs.'),
  })
  .strict();
export type SubmissionError = z.infer<typeof submissionErrorSchema>;

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
  /** Every status it has had, oldest first (the last MAX_STATUS_HISTORY); absent on records stored before it was kept. */
  history?: StatusChange[];
  /** The created counter its create bumped (CREATED); absent on submissions from before the counters were split. */
  counter?: string;
}

export interface StatusChange {
  status: SubmissionStatus;
  at: string;
}

/** Status changes kept per submission: a submission re-scored by every attachment could otherwise grow without end. */
export const MAX_STATUS_HISTORY = 50;

/** The submission moved to `status` at `at`, with the change added to its history. */
export function withStatus(submission: SubmissionRecord, status: SubmissionStatus, at: string): SubmissionRecord {
  const history = [...(submission.history ?? []), { status, at }].slice(-MAX_STATUS_HISTORY);
  return { ...submission, status, updatedAt: at, history };
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

export interface FileRecord extends StoredRecord {
  /** The resource id. */
  id: string;
  /** The bytes, base64. */
  data: string;
}

export interface CreatedCount extends StoredRecord {
  /** `created-N`, or FIRST_COUNTER. */
  id: string;
  count: number;
}

export interface RescoreJob extends StoredRecord {
  /** Case-folded email. */
  id: string;
  enqueuedAt: string;
}

export interface AwaitingEntry extends StoredRecord {
  /** Case-folded email. */
  id: string;
  submissionIds: string[];
}
