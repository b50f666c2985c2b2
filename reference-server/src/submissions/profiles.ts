import { z } from 'zod';
import type { AppContext } from '../context.js';
import { DIMENSIONS } from '../psychometrics/index.js';
import { put, type StoredRecord } from '../store/index.js';
import { PROFILES } from './submission-records.js';

/**
 * Investment / success profiles ("frameworks"): what a submission is scored against. Each
 * criterion has a weight and a rule; docs/automation.md#scoring gives the arithmetic of each rule.
 */
const fieldName = z.string().min(1).max(64);

export const criterionRuleSchema = z.discriminatedUnion('type', [
  /** 100 when the field holds a non-empty value, else 0. */
  z.object({ type: z.literal('field_present'), field: fieldName }).strict(),
  /** 100 when the field's value (case-insensitive) is one of `values`, else 0. */
  z.object({ type: z.literal('field_in'), field: fieldName, values: z.array(z.string().min(1)).min(1) }).strict(),
  /** 100 × min(1, value / target) for a numeric field (numbers in strings count); 0 when absent. */
  z.object({ type: z.literal('number_at_least'), field: fieldName, target: z.number().positive() }).strict(),
  /**
   * 100 × min(1, distinct keywords found / saturation), searching the submission's field values,
   * the transcripts' text and the resources' names, as `in` lists.
   */
  z
    .object({
      type: z.literal('keywords'),
      in: z.array(z.enum(['fields', 'transcripts', 'resources'])).min(1),
      keywords: z.array(z.string().min(1)).min(1),
      saturation: z.int().positive(),
    })
    .strict(),
  /** 100 × min(1, attached resources / target). */
  z.object({ type: z.literal('resource_count'), target: z.int().positive() }).strict(),
  /** 100 × min(1, transcript words / target). */
  z.object({ type: z.literal('transcript_words'), target: z.int().positive() }).strict(),
  /**
   * The fit of the founders' assessment percentiles to target percentiles: per founder with a
   * result, 100 − mean over the targeted dimensions of |percentile − target|; the criterion is
   * the mean over those founders. Pending while the primary person has no result.
   */
  z.object({ type: z.literal('assessment_fit'), targets: z.partialRecord(z.enum(DIMENSIONS), z.number().min(0).max(100)) }).strict(),
]);
export type CriterionRule = z.infer<typeof criterionRuleSchema>;

export const criterionSchema = z
  .object({
    key: z.string().regex(/^[a-z0-9_]{1,48}$/),
    label: z.string().min(1).max(80),
    description: z.string().max(300),
    weight: z.number().positive().max(100),
    rule: criterionRuleSchema,
  })
  .strict();
export type Criterion = z.infer<typeof criterionSchema>;

export const profileKinds = ['founder', 'candidate', 'deal'] as const;

export const profileInputSchema = z
  .object({
    name: z.string().min(1).max(120),
    description: z.string().max(1000),
    kind: z.enum(profileKinds),
    /** Canonical field names a submission must carry to be scored (else it fails). */
    required_fields: z.array(fieldName),
    criteria: z.array(criterionSchema).min(1).max(30),
  })
  .strict();
export type ProfileInput = z.infer<typeof profileInputSchema>;

export interface ProfileRecord extends StoredRecord, ProfileInput {
  /** `prf_…` */
  id: string;
  orgId: string;
  created_at: string;
  updated_at?: string;
  /** Set when an admin archives the profile: no longer listed nor accepted for new submissions. */
  archived_at?: string;
}

/** A profile as the APIs show it; profileView is typed by it and the contract documents generated from it. */
export const profileViewSchema = profileInputSchema
  .extend({
    id: z.string().describe('`prf_…`'),
    created_at: z.iso.datetime(),
    assessment_required: z.boolean().describe('True when a criterion is assessment_fit: its submissions wait for the person\'s assessment result.'),
  })
  .strict()
  .describe('An investment/success profile; docs/automation.md#scoring gives the arithmetic of each criterion rule.');
export type ProfileView = z.infer<typeof profileViewSchema>;

export function profileView(profile: ProfileRecord): ProfileView {
  const { orgId: _org, updated_at: _updated, archived_at: _archived, ...view } = profile;
  return { ...view, assessment_required: profile.criteria.some((c) => c.rule.type === 'assessment_fit') };
}

export function getProfile(ctx: Pick<AppContext, 'db'>, orgId: string, id: string): Promise<ProfileRecord | undefined> {
  return ctx.db.get<ProfileRecord>(PROFILES, orgId, id);
}

/**
 * The organisation's profiles a submission can be made into, oldest first (a short list: an
 * organisation has a handful); `includeArchived` adds the archived ones, for the workspace.
 */
export async function listProfiles(ctx: Pick<AppContext, 'db'>, orgId: string, options: { includeArchived?: boolean } = {}): Promise<ProfileRecord[]> {
  const all = await ctx.db.all<ProfileRecord>(PROFILES, orgId);
  return options.includeArchived ? all : all.filter((p) => !p.archived_at);
}

/** Replaces a profile's definition; submissions already scored keep their scores until re-scored. */
export async function updateProfile(ctx: Pick<AppContext, 'db' | 'clock'>, profile: ProfileRecord, input: ProfileInput): Promise<ProfileRecord> {
  const parsed = profileInputSchema.parse(input);
  const record: ProfileRecord = { ...profile, ...parsed, updated_at: new Date(ctx.clock.now()).toISOString() };
  await ctx.db.write([put(PROFILES, profile.orgId, record)]);
  return record;
}

/**
 * Archives a profile rather than deleting it: submissions made into it still show and re-score
 * against it, but it leaves the lists and new submissions into it are refused as unknown.
 */
export async function archiveProfile(ctx: Pick<AppContext, 'db' | 'clock'>, profile: ProfileRecord): Promise<ProfileRecord> {
  if (profile.archived_at) return profile;
  const record: ProfileRecord = { ...profile, archived_at: new Date(ctx.clock.now()).toISOString() };
  await ctx.db.write([put(PROFILES, profile.orgId, record)]);
  return record;
}

/** Stores a profile; `id` may be given (seeds use readable ones), else `prf_<random>`. */
export async function createProfile(ctx: Pick<AppContext, 'db' | 'ids' | 'clock'>, orgId: string, input: ProfileInput, id?: string): Promise<ProfileRecord> {
  const parsed = profileInputSchema.parse(input);
  const record: ProfileRecord = { id: id ?? ctx.ids.next('prf'), orgId, ...parsed, created_at: new Date(ctx.clock.now()).toISOString() };
  await ctx.db.write([put(PROFILES, orgId, record)]);
  return record;
}
