import { z } from 'zod';
import type { AppContext } from '../context.js';
/**
 * An organisation's column-name mapping: the names its own systems use (a CRM export's
 * "Email Address", "Deck Link") onto the names the API understands. One mapping per target:
 *
 *   submission  — keys inside `fields` of a submission (→ email, name, company, …)
 *   resource    — top-level keys of a resource attach body (→ url, name, content_type, record_id, submission_id)
 *   transcript  — top-level keys of a transcript attach body (→ text, title, segments, record_id, submission_id)
 *
 * Source names match case-insensitively after trimming. A key the mapping does not name is kept
 * as sent. When a mapped key and the canonical key are both present, the canonical key wins.
 */
export declare const MAPPING_TARGETS: readonly ["submission", "resource", "transcript"];
export type MappingTarget = (typeof MAPPING_TARGETS)[number];
export declare const fieldMappingSchema: z.ZodObject<{
    submission: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    resource: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    transcript: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
}, z.core.$strict>;
export type FieldMapping = z.infer<typeof fieldMappingSchema>;
/** The mapping as `GET`/`PUT /field-mapping` answer it. */
export declare const fieldMappingViewSchema: z.ZodObject<{
    submission: z.ZodRecord<z.ZodString, z.ZodString>;
    resource: z.ZodRecord<z.ZodString, z.ZodString>;
    transcript: z.ZodRecord<z.ZodString, z.ZodString>;
    updated_at: z.ZodNullable<z.ZodISODateTime>;
}, z.core.$strict>;
export type FieldMappingView = z.infer<typeof fieldMappingViewSchema>;
export declare function getFieldMapping(ctx: Pick<AppContext, 'store'>, orgId: string): FieldMappingView;
export declare function setFieldMapping(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string, mapping: FieldMapping): Promise<FieldMappingView>;
/** `input` with its keys renamed by the organisation's mapping for `target`. */
export declare function applyMapping<T>(mapping: FieldMapping, target: MappingTarget, input: Record<string, T>): Record<string, T>;
