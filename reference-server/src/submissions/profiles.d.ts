import { z } from 'zod';
import type { AppContext } from '../context.js';
import { type StoredRecord } from '../store/store.js';
export declare const criterionRuleSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    type: z.ZodLiteral<"field_present">;
    field: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"field_in">;
    field: z.ZodString;
    values: z.ZodArray<z.ZodString>;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"number_at_least">;
    field: z.ZodString;
    target: z.ZodNumber;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"keywords">;
    in: z.ZodArray<z.ZodEnum<{
        fields: "fields";
        transcripts: "transcripts";
        resources: "resources";
    }>>;
    keywords: z.ZodArray<z.ZodString>;
    saturation: z.ZodInt;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"resource_count">;
    target: z.ZodInt;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"transcript_words">;
    target: z.ZodInt;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"assessment_fit">;
    targets: z.ZodRecord<z.ZodEnum<{
        achievement_drive: "achievement_drive";
        perseverance: "perseverance";
        resilience: "resilience";
        risk_tolerance: "risk_tolerance";
        innovativeness: "innovativeness";
        proactiveness: "proactiveness";
        self_efficacy: "self_efficacy";
        autonomy: "autonomy";
    }> & z.core.$partial, z.ZodNumber>;
}, z.core.$strict>], "type">;
export type CriterionRule = z.infer<typeof criterionRuleSchema>;
export declare const criterionSchema: z.ZodObject<{
    key: z.ZodString;
    label: z.ZodString;
    description: z.ZodString;
    weight: z.ZodNumber;
    rule: z.ZodDiscriminatedUnion<[z.ZodObject<{
        type: z.ZodLiteral<"field_present">;
        field: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"field_in">;
        field: z.ZodString;
        values: z.ZodArray<z.ZodString>;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"number_at_least">;
        field: z.ZodString;
        target: z.ZodNumber;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"keywords">;
        in: z.ZodArray<z.ZodEnum<{
            fields: "fields";
            transcripts: "transcripts";
            resources: "resources";
        }>>;
        keywords: z.ZodArray<z.ZodString>;
        saturation: z.ZodInt;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"resource_count">;
        target: z.ZodInt;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"transcript_words">;
        target: z.ZodInt;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"assessment_fit">;
        targets: z.ZodRecord<z.ZodEnum<{
            achievement_drive: "achievement_drive";
            perseverance: "perseverance";
            resilience: "resilience";
            risk_tolerance: "risk_tolerance";
            innovativeness: "innovativeness";
            proactiveness: "proactiveness";
            self_efficacy: "self_efficacy";
            autonomy: "autonomy";
        }> & z.core.$partial, z.ZodNumber>;
    }, z.core.$strict>], "type">;
}, z.core.$strict>;
export type Criterion = z.infer<typeof criterionSchema>;
export declare const profileKinds: readonly ["founder", "candidate", "deal"];
export declare const profileInputSchema: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodString;
    kind: z.ZodEnum<{
        founder: "founder";
        candidate: "candidate";
        deal: "deal";
    }>;
    required_fields: z.ZodArray<z.ZodString>;
    criteria: z.ZodArray<z.ZodObject<{
        key: z.ZodString;
        label: z.ZodString;
        description: z.ZodString;
        weight: z.ZodNumber;
        rule: z.ZodDiscriminatedUnion<[z.ZodObject<{
            type: z.ZodLiteral<"field_present">;
            field: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"field_in">;
            field: z.ZodString;
            values: z.ZodArray<z.ZodString>;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"number_at_least">;
            field: z.ZodString;
            target: z.ZodNumber;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"keywords">;
            in: z.ZodArray<z.ZodEnum<{
                fields: "fields";
                transcripts: "transcripts";
                resources: "resources";
            }>>;
            keywords: z.ZodArray<z.ZodString>;
            saturation: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"resource_count">;
            target: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"transcript_words">;
            target: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"assessment_fit">;
            targets: z.ZodRecord<z.ZodEnum<{
                achievement_drive: "achievement_drive";
                perseverance: "perseverance";
                resilience: "resilience";
                risk_tolerance: "risk_tolerance";
                innovativeness: "innovativeness";
                proactiveness: "proactiveness";
                self_efficacy: "self_efficacy";
                autonomy: "autonomy";
            }> & z.core.$partial, z.ZodNumber>;
        }, z.core.$strict>], "type">;
    }, z.core.$strict>>;
}, z.core.$strict>;
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
export declare const profileViewSchema: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodString;
    kind: z.ZodEnum<{
        founder: "founder";
        candidate: "candidate";
        deal: "deal";
    }>;
    required_fields: z.ZodArray<z.ZodString>;
    criteria: z.ZodArray<z.ZodObject<{
        key: z.ZodString;
        label: z.ZodString;
        description: z.ZodString;
        weight: z.ZodNumber;
        rule: z.ZodDiscriminatedUnion<[z.ZodObject<{
            type: z.ZodLiteral<"field_present">;
            field: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"field_in">;
            field: z.ZodString;
            values: z.ZodArray<z.ZodString>;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"number_at_least">;
            field: z.ZodString;
            target: z.ZodNumber;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"keywords">;
            in: z.ZodArray<z.ZodEnum<{
                fields: "fields";
                transcripts: "transcripts";
                resources: "resources";
            }>>;
            keywords: z.ZodArray<z.ZodString>;
            saturation: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"resource_count">;
            target: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"transcript_words">;
            target: z.ZodInt;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"assessment_fit">;
            targets: z.ZodRecord<z.ZodEnum<{
                achievement_drive: "achievement_drive";
                perseverance: "perseverance";
                resilience: "resilience";
                risk_tolerance: "risk_tolerance";
                innovativeness: "innovativeness";
                proactiveness: "proactiveness";
                self_efficacy: "self_efficacy";
                autonomy: "autonomy";
            }> & z.core.$partial, z.ZodNumber>;
        }, z.core.$strict>], "type">;
    }, z.core.$strict>>;
    id: z.ZodString;
    created_at: z.ZodISODateTime;
    assessment_required: z.ZodBoolean;
}, z.core.$strict>;
export type ProfileView = z.infer<typeof profileViewSchema>;
export declare function profileView(profile: ProfileRecord): ProfileView;
export declare function getProfile(ctx: Pick<AppContext, 'store'>, orgId: string, id: string): ProfileRecord | undefined;
/**
 * The organisation's profiles a submission can be made into, oldest first (a short list: an
 * organisation has a handful); `includeArchived` adds the archived ones, for the workspace.
 */
export declare function listProfiles(ctx: Pick<AppContext, 'store'>, orgId: string, options?: {
    includeArchived?: boolean;
}): ProfileRecord[];
/** Replaces a profile's definition; submissions already scored keep their scores until re-scored. */
export declare function updateProfile(ctx: Pick<AppContext, 'store' | 'clock'>, profile: ProfileRecord, input: ProfileInput): Promise<ProfileRecord>;
/**
 * Archives a profile rather than deleting it: submissions made into it still show and re-score
 * against it, but it leaves the lists and new submissions into it are refused as unknown.
 */
export declare function archiveProfile(ctx: Pick<AppContext, 'store' | 'clock'>, profile: ProfileRecord): Promise<ProfileRecord>;
/** Stores a profile; `id` may be given (seeds use readable ones), else `prf_<random>`. */
export declare function createProfile(ctx: Pick<AppContext, 'store' | 'ids' | 'clock'>, orgId: string, input: ProfileInput, id?: string): Promise<ProfileRecord>;
