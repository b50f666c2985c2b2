import type { z } from 'zod';
/**
 * What `data` holds in the events this domain publishes (service.ts: queued; processor.ts: the
 * run's outcome; attachments.ts: *.attached), for the contract documents and the tests that
 * parse real deliveries. docs/webhooks.md#event-types says the same in words.
 */
export declare const submissionEventData: {
    readonly 'submission.queued': z.ZodObject<{
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
    readonly 'submission.completed': z.ZodObject<{
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
    readonly 'submission.awaiting_assessment': z.ZodObject<{
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
    readonly 'submission.failed': z.ZodObject<{
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
    readonly 'resource.attached': z.ZodObject<{
        id: z.ZodString;
        submission_id: z.ZodString;
        record_id: z.ZodString;
        kind: z.ZodEnum<{
            file: "file";
            url: "url";
        }>;
        url: z.ZodNullable<z.ZodString>;
        name: z.ZodString;
        content_type: z.ZodNullable<z.ZodString>;
        size_bytes: z.ZodNullable<z.ZodInt>;
        sha256: z.ZodNullable<z.ZodString>;
        created_at: z.ZodISODateTime;
    }, z.core.$strict>;
    readonly 'transcript.attached': z.ZodObject<{
        word_count: z.ZodInt;
        language: z.ZodNullable<z.ZodString>;
        source: z.ZodEnum<{
            file: "file";
            text: "text";
        }>;
        file_name: z.ZodNullable<z.ZodString>;
        created_at: z.ZodISODateTime;
        text_preview: z.ZodString;
        segment_count: z.ZodInt;
        id: z.ZodString;
        submission_id: z.ZodString;
        record_id: z.ZodString;
        title: z.ZodNullable<z.ZodString>;
    }, z.core.$strict>;
};
