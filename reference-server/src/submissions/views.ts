import type { SubmissionRecord } from './records.js';

/** A submission as lists show it: everything but the criteria breakdown, founders and report. */
export function submissionSummary(s: SubmissionRecord) {
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
export type SubmissionSummary = ReturnType<typeof submissionSummary>;

/** A submission in full: the summary plus criteria, founders and report once scored. */
export function submissionDetail(s: SubmissionRecord) {
  return {
    ...submissionSummary(s),
    criteria: s.evaluation?.criteria ?? null,
    founders: s.evaluation?.founders ?? null,
    report: s.evaluation?.report ?? null,
  };
}
export type SubmissionDetail = ReturnType<typeof submissionDetail>;
