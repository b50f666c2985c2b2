import { z } from 'zod';
import { type SubmissionRecord } from './records.js';
/**
 * The submission as the Automation API and the submission.* events show it. The view functions
 * are typed by these schemas, the contract document is generated from them, and the tests parse
 * real answers with them strictly, so the three cannot drift.
 */
export declare const submissionSummarySchema: z.ZodObject<{
    id: z.ZodString;
    job_id: z.ZodString;
    record_id: z.ZodString;
    profile_id: z.ZodString;
    status: z.ZodEnum<{
        failed: "failed";
        completed: "completed";
        queued: "queued";
        processing: "processing";
        awaiting_assessment: "awaiting_assessment";
    }>;
    source: z.ZodNullable<z.ZodString>;
    fields: z.ZodRecord<z.ZodString, z.ZodType<import("./records.js").FieldValue, unknown, z.core.$ZodTypeInternals<import("./records.js").FieldValue, unknown>>>;
    filters: z.ZodArray<z.ZodType<import("./records.js").FieldValue, unknown, z.core.$ZodTypeInternals<import("./records.js").FieldValue, unknown>>>;
    created_at: z.ZodISODateTime;
    updated_at: z.ZodISODateTime;
    processed_at: z.ZodNullable<z.ZodISODateTime>;
    resource_count: z.ZodInt;
    transcript_count: z.ZodInt;
    score: z.ZodNullable<z.ZodObject<{
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
    }, z.core.$strict>>;
    error: z.ZodNullable<z.ZodObject<{
        code: z.ZodEnum<{
            missing_required_fields: "missing_required_fields";
            profile_not_found: "profile_not_found";
            internal_error: "internal_error";
        }>;
        message: z.ZodString;
        fields: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;
export declare const submissionDetailSchema: z.ZodObject<{
    id: z.ZodString;
    job_id: z.ZodString;
    record_id: z.ZodString;
    profile_id: z.ZodString;
    status: z.ZodEnum<{
        failed: "failed";
        completed: "completed";
        queued: "queued";
        processing: "processing";
        awaiting_assessment: "awaiting_assessment";
    }>;
    source: z.ZodNullable<z.ZodString>;
    fields: z.ZodRecord<z.ZodString, z.ZodType<import("./records.js").FieldValue, unknown, z.core.$ZodTypeInternals<import("./records.js").FieldValue, unknown>>>;
    filters: z.ZodArray<z.ZodType<import("./records.js").FieldValue, unknown, z.core.$ZodTypeInternals<import("./records.js").FieldValue, unknown>>>;
    created_at: z.ZodISODateTime;
    updated_at: z.ZodISODateTime;
    processed_at: z.ZodNullable<z.ZodISODateTime>;
    resource_count: z.ZodInt;
    transcript_count: z.ZodInt;
    score: z.ZodNullable<z.ZodObject<{
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
    }, z.core.$strict>>;
    error: z.ZodNullable<z.ZodObject<{
        code: z.ZodEnum<{
            missing_required_fields: "missing_required_fields";
            profile_not_found: "profile_not_found";
            internal_error: "internal_error";
        }>;
        message: z.ZodString;
        fields: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    criteria: z.ZodNullable<z.ZodArray<z.ZodObject<{
        key: z.ZodString;
        label: z.ZodString;
        weight: z.ZodNumber;
        score: z.ZodNullable<z.ZodNumber>;
        evidence: z.ZodString;
    }, z.core.$strict>>>;
    founders: z.ZodNullable<z.ZodArray<z.ZodObject<{
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
    }, z.core.$strict>>>;
    report: z.ZodNullable<z.ZodObject<{
        summary: z.ZodString;
        strengths: z.ZodArray<z.ZodString>;
        concerns: z.ZodArray<z.ZodString>;
        generated_at: z.ZodISODateTime;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;
/** A submission as lists show it: everything but the criteria breakdown, founders and report. */
export declare function submissionSummary(s: SubmissionRecord): SubmissionSummary;
/** A submission in full: the summary plus criteria, founders and report once scored. */
export declare function submissionDetail(s: SubmissionRecord): SubmissionDetail;
