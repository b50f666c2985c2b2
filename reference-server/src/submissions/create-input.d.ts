import { z } from 'zod';
/**
 * What creating a submission takes, as every surface receives it (the Automation API's body, the
 * GraphQL mutation's input under its own field names): both parse into this, then call
 * `createSubmission`. Unknown top-level keys are ignored (no-code tools add their own).
 */
export declare const submissionInputSchema: z.ZodObject<{
    record_id: z.ZodString;
    profile_id: z.ZodString;
    fields: z.ZodRecord<z.ZodString, z.ZodType<import("./records.js").FieldValue, unknown, z.core.$ZodTypeInternals<import("./records.js").FieldValue, unknown>>>;
    filters: z.ZodOptional<z.ZodArray<z.ZodType<import("./records.js").FieldValue, unknown, z.core.$ZodTypeInternals<import("./records.js").FieldValue, unknown>>>>;
    source: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type SubmissionInput = z.infer<typeof submissionInputSchema>;
