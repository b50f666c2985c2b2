import type { Response } from 'express';
import { z } from 'zod';
/**
 * The error body the REST surfaces (Assessment and Automation) share: `error` is the HTTP reason
 * phrase the spec shows (`Unauthorized`, `Bad Request`, `Internal Server Error`), `message` says
 * what to fix, and any further fields (missingCount, invalidCount, fields…) are the details.
 */
export interface ErrorBody {
    error: string;
    message: string;
    [detail: string]: unknown;
}
/** The body without details, as the REST surfaces' contract documents show it. */
export declare const errorBodySchema: z.ZodObject<{
    error: z.ZodString;
    message: z.ZodString;
}, z.core.$strict>;
export declare function errorBody(status: number, message: string, details?: Record<string, unknown>): ErrorBody;
export declare function sendError(res: Response, status: number, message: string, details?: Record<string, unknown>): void;
/** One problem with one input field, named by its path (`record_id`, `fields.email`, `segments.0.text`). */
export declare const fieldProblemSchema: z.ZodObject<{
    field: z.ZodString;
    message: z.ZodString;
}, z.core.$strict>;
export type FieldProblem = z.infer<typeof fieldProblemSchema>;
/** The 400 body of the REST surfaces' field checks (what sendInvalidFields answers). */
export declare const invalidFieldsBodySchema: z.ZodObject<{
    message: z.ZodString;
    error: z.ZodLiteral<"Bad Request">;
    fields: z.ZodArray<z.ZodObject<{
        field: z.ZodString;
        message: z.ZodString;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type InvalidFieldsBody = z.infer<typeof invalidFieldsBodySchema>;
/** The problems of a failed zod parse, one per field (the first issue of each), in input order. */
export declare function fieldProblems(error: z.ZodError, root?: string): FieldProblem[];
/**
 * 400 with the REST error body and `fields: [{field, message}]`, one entry per invalid field;
 * `message` names them all so a log line alone says what to fix.
 */
export declare function sendInvalidFields(res: Response, problems: FieldProblem[]): void;
