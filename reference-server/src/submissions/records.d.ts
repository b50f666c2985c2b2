import { z } from 'zod';
import type { StoredRecord } from '../store/store.js';
/** Collections of the submissions domain, all in the organisation's scope. */
export declare const PROFILES = "automation_profiles";
export declare const SUBMISSIONS = "automation_submissions";
/** record_id → submission id: the caller's unique id, looked up at flat cost. */
export declare const RECORD_IDS = "automation_submission_record_ids";
/** Pending processing jobs only (id = submission id); removed when a run settles the latest input. */
export declare const JOBS = "automation_submission_jobs";
/** Case-folded email → submissions awaiting that person's assessment result. */
export declare const AWAITING = "automation_submissions_awaiting";
export declare const RESOURCES = "automation_resources";
export declare const TRANSCRIPTS = "automation_transcripts";
export declare const FIELD_MAPPINGS = "automation_field_mappings";
export declare const SUBMISSION_STATUSES: readonly ["queued", "processing", "completed", "awaiting_assessment", "failed"];
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export type FieldValue = string | number | boolean | null | FieldValue[] | {
    [key: string]: FieldValue;
};
/** Any JSON value: what `fields` and `filters` hold. One instance, so contract documents name it once. */
export declare const fieldValueSchema: z.ZodType<FieldValue>;
export declare const criterionScoreSchema: z.ZodObject<{
    key: z.ZodString;
    label: z.ZodString;
    weight: z.ZodNumber;
    score: z.ZodNullable<z.ZodNumber>;
    evidence: z.ZodString;
}, z.core.$strict>;
export type CriterionScore = z.infer<typeof criterionScoreSchema>;
export declare const founderAssessmentSchema: z.ZodObject<{
    result_id: z.ZodString;
    revision: z.ZodInt;
    percentiles: z.ZodRecord<z.ZodString, z.ZodNumber>;
    fit: z.ZodNumber;
}, z.core.$strict>;
export type FounderAssessment = z.infer<typeof founderAssessmentSchema>;
export declare const founderSchema: z.ZodObject<{
    name: z.ZodNullable<z.ZodString>;
    email: z.ZodNullable<z.ZodString>;
    role: z.ZodNullable<z.ZodString>;
    primary: z.ZodBoolean;
    assessment: z.ZodNullable<z.ZodObject<{
        result_id: z.ZodString;
        revision: z.ZodInt;
        percentiles: z.ZodRecord<z.ZodString, z.ZodNumber>;
        fit: z.ZodNumber;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type Founder = z.infer<typeof founderSchema>;
export declare const scoreSummarySchema: z.ZodObject<{
    overall: z.ZodNumber;
    band: z.ZodEnum<{
        strong: "strong";
        promising: "promising";
        mixed: "mixed";
        weak: "weak";
    }>;
    partial: z.ZodBoolean;
    assessment: z.ZodEnum<{
        pending: "pending";
        included: "included";
        not_required: "not_required";
    }>;
}, z.core.$strict>;
export type ScoreSummary = z.infer<typeof scoreSummarySchema>;
export declare const reportSchema: z.ZodObject<{
    summary: z.ZodString;
    strengths: z.ZodArray<z.ZodString>;
    concerns: z.ZodArray<z.ZodString>;
    generated_at: z.ZodISODateTime;
}, z.core.$strict>;
export type Report = z.infer<typeof reportSchema>;
export interface Evaluation {
    score: ScoreSummary;
    criteria: CriterionScore[];
    founders: Founder[];
    report: Report;
}
export declare const submissionErrorSchema: z.ZodObject<{
    code: z.ZodEnum<{
        missing_required_fields: "missing_required_fields";
        profile_not_found: "profile_not_found";
        internal_error: "internal_error";
    }>;
    message: z.ZodString;
    fields: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
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
}
export interface StatusChange {
    status: SubmissionStatus;
    at: string;
}
/** Status changes kept per submission: a submission re-scored by every attachment could otherwise grow without end. */
export declare const MAX_STATUS_HISTORY = 50;
/** The submission moved to `status` at `at`, with the change added to its history. */
export declare function withStatus(submission: SubmissionRecord, status: SubmissionStatus, at: string): SubmissionRecord;
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
