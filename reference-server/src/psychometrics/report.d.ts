import { z } from 'zod';
/**
 * The published shape of a scored assessment (`scores` in the submit response and in a stored
 * result), as schemas: the TypeScript types derive from them and so does the OpenAPI document.
 * Every number here is the engine's exact value rounded once, half away from zero (docs/assessment.md).
 */
export declare const bandSchema: z.ZodEnum<{
    low: "low";
    average: "average";
    high: "high";
}>;
export type Band = z.infer<typeof bandSchema>;
export declare const scaleScoreSchema: z.ZodObject<{
    items: z.ZodInt;
    sum: z.ZodNumber;
    mean: z.ZodNumber;
    pomp: z.ZodNumber;
    z: z.ZodNumber;
    t: z.ZodNumber;
    percentile: z.ZodInt;
    sten: z.ZodInt;
    band: z.ZodEnum<{
        low: "low";
        average: "average";
        high: "high";
    }>;
    ci95: z.ZodObject<{
        tLow: z.ZodNumber;
        tHigh: z.ZodNumber;
        percentileLow: z.ZodInt;
        percentileHigh: z.ZodInt;
    }, z.core.$strict>;
}, z.core.$strict>;
export type ScaleScore = z.infer<typeof scaleScoreSchema>;
export declare const dimensionScoreSchema: z.ZodObject<{
    items: z.ZodInt;
    sum: z.ZodNumber;
    mean: z.ZodNumber;
    pomp: z.ZodNumber;
    z: z.ZodNumber;
    t: z.ZodNumber;
    percentile: z.ZodInt;
    sten: z.ZodInt;
    band: z.ZodEnum<{
        low: "low";
        average: "average";
        high: "high";
    }>;
    ci95: z.ZodObject<{
        tLow: z.ZodNumber;
        tHigh: z.ZodNumber;
        percentileLow: z.ZodInt;
        percentileHigh: z.ZodInt;
    }, z.core.$strict>;
    label: z.ZodString;
}, z.core.$strict>;
export type DimensionScore = z.infer<typeof dimensionScoreSchema>;
export declare const qualityStatusSchema: z.ZodEnum<{
    ok: "ok";
    review: "review";
    invalid: "invalid";
}>;
export type QualityStatus = z.infer<typeof qualityStatusSchema>;
export declare const qualityFlagSchema: z.ZodEnum<{
    long_run: "long_run";
    low_spread: "low_spread";
    acquiescence: "acquiescence";
    disacquiescence: "disacquiescence";
    inconsistent: "inconsistent";
}>;
export type QualityFlag = z.infer<typeof qualityFlagSchema>;
export declare const responseQualitySchema: z.ZodObject<{
    status: z.ZodEnum<{
        ok: "ok";
        review: "review";
        invalid: "invalid";
    }>;
    flags: z.ZodArray<z.ZodEnum<{
        long_run: "long_run";
        low_spread: "low_spread";
        acquiescence: "acquiescence";
        disacquiescence: "disacquiescence";
        inconsistent: "inconsistent";
    }>>;
    indices: z.ZodObject<{
        longestRun: z.ZodInt;
        spread: z.ZodNumber;
        acquiescence: z.ZodNumber;
        inconsistency: z.ZodNumber;
    }, z.core.$strict>;
}, z.core.$strict>;
export type ResponseQuality = z.infer<typeof responseQualitySchema>;
export declare const normReferenceSchema: z.ZodObject<{
    id: z.ZodString;
    name: z.ZodString;
    kind: z.ZodEnum<{
        general: "general";
        benchmark: "benchmark";
    }>;
    source: z.ZodLiteral<"synthetic">;
}, z.core.$strict>;
export type NormReference = z.infer<typeof normReferenceSchema>;
export declare const scoreReportSchema: z.ZodObject<{
    model: z.ZodString;
    modelVersion: z.ZodString;
    instrumentVersion: z.ZodString;
    norm: z.ZodObject<{
        id: z.ZodString;
        name: z.ZodString;
        kind: z.ZodEnum<{
            general: "general";
            benchmark: "benchmark";
        }>;
        source: z.ZodLiteral<"synthetic">;
    }, z.core.$strict>;
    dimensions: z.ZodRecord<z.ZodEnum<{
        achievement_drive: "achievement_drive";
        perseverance: "perseverance";
        resilience: "resilience";
        risk_tolerance: "risk_tolerance";
        innovativeness: "innovativeness";
        proactiveness: "proactiveness";
        self_efficacy: "self_efficacy";
        autonomy: "autonomy";
    }>, z.ZodObject<{
        items: z.ZodInt;
        sum: z.ZodNumber;
        mean: z.ZodNumber;
        pomp: z.ZodNumber;
        z: z.ZodNumber;
        t: z.ZodNumber;
        percentile: z.ZodInt;
        sten: z.ZodInt;
        band: z.ZodEnum<{
            low: "low";
            average: "average";
            high: "high";
        }>;
        ci95: z.ZodObject<{
            tLow: z.ZodNumber;
            tHigh: z.ZodNumber;
            percentileLow: z.ZodInt;
            percentileHigh: z.ZodInt;
        }, z.core.$strict>;
        label: z.ZodString;
    }, z.core.$strict>>;
    composite: z.ZodObject<{
        items: z.ZodInt;
        sum: z.ZodNumber;
        mean: z.ZodNumber;
        pomp: z.ZodNumber;
        z: z.ZodNumber;
        t: z.ZodNumber;
        percentile: z.ZodInt;
        sten: z.ZodInt;
        band: z.ZodEnum<{
            low: "low";
            average: "average";
            high: "high";
        }>;
        ci95: z.ZodObject<{
            tLow: z.ZodNumber;
            tHigh: z.ZodNumber;
            percentileLow: z.ZodInt;
            percentileHigh: z.ZodInt;
        }, z.core.$strict>;
    }, z.core.$strict>;
    quality: z.ZodObject<{
        status: z.ZodEnum<{
            ok: "ok";
            review: "review";
            invalid: "invalid";
        }>;
        flags: z.ZodArray<z.ZodEnum<{
            long_run: "long_run";
            low_spread: "low_spread";
            acquiescence: "acquiescence";
            disacquiescence: "disacquiescence";
            inconsistent: "inconsistent";
        }>>;
        indices: z.ZodObject<{
            longestRun: z.ZodInt;
            spread: z.ZodNumber;
            acquiescence: z.ZodNumber;
            inconsistency: z.ZodNumber;
        }, z.core.$strict>;
    }, z.core.$strict>;
}, z.core.$strict>;
export type ScoreReport = z.infer<typeof scoreReportSchema>;
