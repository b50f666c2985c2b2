import { type Answers } from './answers.js';
import { type ExactNumber } from './exact.js';
import { type Dimension } from './model.js';
import type { NormSet, ScaleNorm } from './norms.js';
import type { Band, NormReference, ScaleScore, ScoreReport } from './report.js';
/**
 * The scoring engine: pure functions from answers and a norm to a score report. Nothing here
 * reads the clock, the store or randomness, so the same answers always give the same scores.
 *
 * The model (docs/assessment.md walks through it by hand):
 *   1. scored value s = x for a forward item, 7 − x for a reversed one (model.ts);
 *   2. per dimension: sum of s, mean = sum / items, POMP = (mean − 1) / 5 × 100;
 *   3. against the norm's mean μ, SD σ and reliability α of that scale:
 *      z = (mean − μ) / σ, T = 50 + 10z, percentile = 100·Φ(z) clamped to 1..99,
 *      sten = ⌊2z + 6⌋ clamped to 1..10, band by percentile (low ≤ 35 < average < 65 ≤ high),
 *      95% band T ± 1.96·SEM with SEM = 10·√(1 − α), its ends also as clamped percentiles;
 *   4. the composite is the mean of all 127 scored values, normed the same way;
 *   5. response-quality indices (quality.ts) are computed from the raw answers.
 * Every value is exact (exact.ts) until it is published: sten, band and flags are decided on the
 * exact values, and each published number is the exact value rounded once, half away from zero.
 */
export declare const SCORING_MODEL = "entrepreneurial-potential-8d";
/** 1.1: exact decimal arithmetic, so ties round as documented; the CI multiplier is 1.96 exactly. */
export declare const SCORING_MODEL_VERSION = "1.1";
/** The 95% band's multiplier, the same in docs/assessment.md and the decision record. */
export declare const CI_MULTIPLIER = "1.96";
/** A scale score before publication: every value exact, sten and band decided on them. */
export interface ExactScale {
    items: number;
    sum: number;
    mean: ExactNumber;
    pomp: ExactNumber;
    z: ExactNumber;
    t: ExactNumber;
    percentile: ExactNumber;
    sten: number;
    band: Band;
    ci95: {
        tLow: ExactNumber;
        tHigh: ExactNumber;
        percentileLow: ExactNumber;
        percentileHigh: ExactNumber;
    };
}
/** 100·Φ(z), clamped to 1..99. */
export declare const percentileOf: (z: ExactNumber) => ExactNumber;
export declare const stenOf: (z: ExactNumber) => number;
export declare function bandOf(percentile: ExactNumber): Band;
/**
 * One scale, from its sum of scored values and the norm of that scale. z is one quotient of exact
 * decimals, (sum − items·μ) / (items·σ), so it is exact whenever its true value terminates (every
 * tie and boundary does); the rest follows from it by exact multiplications and additions.
 */
export declare function exactScale(sum: number, items: number, norm: ScaleNorm): ExactScale;
/** The published form of a scale: each exact value rounded once, half away from zero. */
export declare function publishScale(score: ExactScale): ScaleScore;
/** Scores every dimension and the composite against `norm`, as published. */
export declare function scoreAnswers(answers: Answers, norm: NormSet, reference: NormReference): ScoreReport;
/** Sum of scored values and item count per dimension. */
export declare function dimensionSums(answers: Answers): Record<Dimension, {
    sum: number;
    items: number;
}>;
