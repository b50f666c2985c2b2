import { z } from 'zod';
import { criterionScoreSchema, fieldValueSchema, founderSchema, reportSchema, scoreSummarySchema, SUBMISSION_STATUSES, submissionErrorSchema, type SubmissionRecord } from './submission-records.js';

/**
 * The submission as the Automation API and the submission.* events show it. The view functions
 * are typed by these schemas, the contract document is generated from them, and the tests parse
 * real answers with them strictly, so the three cannot drift.
 */
export const submissionSummarySchema = z
  .object({
    id: z.string().describe('`sub_…`, stable.'),
    job_id: z.string().describe('`job_…`, returned at creation; the same for every re-run of this submission.'),
    record_id: z.string().describe('Your unique id for the person or deal.'),
    profile_id: z.string(),
    status: z.enum(SUBMISSION_STATUSES),
    source: z.string().nullable(),
    fields: z.record(z.string(), fieldValueSchema).describe("As sent, after the organisation's field mapping."),
    filters: z.array(fieldValueSchema).describe('As sent.'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    processed_at: z.iso.datetime().nullable().describe('When the latest run settled.'),
    resource_count: z.int().min(0),
    transcript_count: z.int().min(0),
    score: scoreSummarySchema.nullable().describe('Once scored (completed, or a partial score while awaiting_assessment).'),
    error: submissionErrorSchema.nullable().describe('When failed.'),
  })
  .strict();
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;

export const submissionDetailSchema = submissionSummarySchema
  .extend({
    criteria: z.array(criterionScoreSchema).nullable(),
    founders: z.array(founderSchema).nullable(),
    report: reportSchema.nullable(),
  })
  .strict();
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

/** A submission as lists show it: everything but the criteria breakdown, founders and report. */
export function submissionSummary(s: SubmissionRecord): SubmissionSummary {
  return {
    id: s.id,
    job_id: s.jobId,
    record_id: s.recordId,
    profile_id: s.profileId,
    status: s.status,
    source: s.source,
    fields: s.fields,
    filters: s.filters,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    processed_at: s.processedAt,
    resource_count: s.resourceIds.length,
    transcript_count: s.transcriptIds.length,
    score: s.evaluation?.score ?? null,
    error: s.error,
  };
}

/** A submission in full: the summary plus criteria, founders and report once scored. */
export function submissionDetail(s: SubmissionRecord): SubmissionDetail {
  return {
    ...submissionSummary(s),
    criteria: s.evaluation?.criteria ?? null,
    founders: s.evaluation?.founders ?? null,
    report: s.evaluation?.report ?? null,
  };
}
