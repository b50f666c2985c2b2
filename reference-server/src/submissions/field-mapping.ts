import { z } from 'zod';
import type { AppContext } from '../context.js';
import { put, type AsyncReader, type StoredRecord } from '../store/index.js';
import { FIELD_MAPPINGS } from './submission-records.js';

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
export const MAPPING_TARGETS = ['submission', 'resource', 'transcript'] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];

const names = z.record(z.string().trim().min(1).max(128), z.string().trim().regex(/^[A-Za-z0-9_]{1,64}$/, 'must be a field name of letters, digits and _'));

export const fieldMappingSchema = z
  .object({
    submission: names.default({}),
    resource: names.default({}),
    transcript: names.default({}),
  })
  .strict()
  .refine((m) => MAPPING_TARGETS.every((t) => Object.keys(m[t]).length <= 200), 'at most 200 names per target');
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

interface MappingRecord extends StoredRecord, FieldMapping {
  id: 'mapping';
  updated_at: string;
}

/** The mapping as `GET`/`PUT /field-mapping` answer it. */
export const fieldMappingViewSchema = z
  .object({
    submission: z.record(z.string(), z.string()),
    resource: z.record(z.string(), z.string()),
    transcript: z.record(z.string(), z.string()),
    updated_at: z.iso.datetime().nullable().describe('null while no mapping was ever set.'),
  })
  .strict()
  .describe('Per target, your column name → the API\'s field name.');
export type FieldMappingView = z.infer<typeof fieldMappingViewSchema>;

const EMPTY: FieldMapping = { submission: {}, resource: {}, transcript: {} };

export async function getFieldMapping(ctx: { db: AsyncReader }, orgId: string): Promise<FieldMappingView> {
  const record = await ctx.db.get<MappingRecord>(FIELD_MAPPINGS, orgId, 'mapping');
  if (!record) return { ...EMPTY, updated_at: null };
  return { submission: record.submission, resource: record.resource, transcript: record.transcript, updated_at: record.updated_at };
}

export async function setFieldMapping(ctx: Pick<AppContext, 'db' | 'clock'>, orgId: string, mapping: FieldMapping): Promise<FieldMappingView> {
  const record: MappingRecord = { id: 'mapping', ...mapping, updated_at: new Date(ctx.clock.now()).toISOString() };
  await ctx.db.write([put(FIELD_MAPPINGS, orgId, record)]);
  return { submission: record.submission, resource: record.resource, transcript: record.transcript, updated_at: record.updated_at };
}

/** `input` with its keys renamed by the organisation's mapping for `target`. */
export function applyMapping<T>(mapping: FieldMapping, target: MappingTarget, input: Record<string, T>): Record<string, T> {
  const rules = new Map(Object.entries(mapping[target]).map(([from, to]) => [from.trim().toLowerCase(), to]));
  if (rules.size === 0) return input;
  const canonical: Record<string, T> = {};
  const mapped: Record<string, T> = {};
  for (const [key, value] of Object.entries(input)) {
    const to = rules.get(key.trim().toLowerCase());
    if (to === undefined) canonical[key] = value;
    else if (!(to in mapped)) mapped[to] = value;
  }
  return { ...mapped, ...canonical };
}
