import { answerOf, type Answers } from './raw-answers.js';
import { clampExact, exact, roundHalfAway, type ExactNumber } from './exact.js';
import { INSTRUMENT_VERSION } from './instrument.js';
import { DIMENSION_INFO, DIMENSIONS, ITEM_KEYS, SCALE_MAX, SCALE_MIN, scoredValue, type Dimension } from './model.js';
import { normalCdf } from './normal-cdf.js';
import type { NormSet, ScaleNorm } from './norms.js';
import { assessQuality } from './quality.js';
import type { Band, DimensionScore, NormReference, ScaleScore, ScoreReport } from './score-report.js';

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
export const SCORING_MODEL = 'entrepreneurial-potential-8d';
/** 1.1: exact decimal arithmetic, so ties round as documented; the CI multiplier is 1.96 exactly. */
export const SCORING_MODEL_VERSION = '1.1';

/** The 95% band's multiplier, the same in docs/assessment.md and the decision record. */
export const CI_MULTIPLIER = '1.96';
const BAND_LOW_MAX = 35;
const BAND_HIGH_MIN = 65;
const PERCENTILE_MIN = 1;
const PERCENTILE_MAX = 99;

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
  ci95: { tLow: ExactNumber; tHigh: ExactNumber; percentileLow: ExactNumber; percentileHigh: ExactNumber };
}

/** 100·Φ(z), clamped to 1..99. */
export const percentileOf = (z: ExactNumber): ExactNumber => clampExact(normalCdf(z).mul(100), PERCENTILE_MIN, PERCENTILE_MAX);

export const stenOf = (z: ExactNumber): number => clampExact(z.mul(2).add(6).floor(), 1, 10).toNumber();

export function bandOf(percentile: ExactNumber): Band {
  if (percentile.lte(BAND_LOW_MAX)) return 'low';
  if (percentile.gte(BAND_HIGH_MIN)) return 'high';
  return 'average';
}

/**
 * One scale, from its sum of scored values and the norm of that scale. z is one quotient of exact
 * decimals, (sum − items·μ) / (items·σ), so it is exact whenever its true value terminates (every
 * tie and boundary does); the rest follows from it by exact multiplications and additions.
 */
export function exactScale(sum: number, items: number, norm: ScaleNorm): ExactScale {
  const mean = exact(sum).div(items);
  const z = exact(sum).sub(exact(norm.mean).mul(items)).div(exact(norm.sd).mul(items));
  const t = z.mul(10).add(50);
  const percentile = percentileOf(z);
  const halfWidth = exact(CI_MULTIPLIER).mul(10).mul(exact(1).sub(exact(norm.reliability)).sqrt());
  const tLow = t.sub(halfWidth);
  const tHigh = t.add(halfWidth);
  const zOfT = (value: ExactNumber) => value.sub(50).div(10);
  return {
    items,
    sum,
    mean,
    pomp: exact(sum - SCALE_MIN * items).mul(100).div((SCALE_MAX - SCALE_MIN) * items),
    z,
    t,
    percentile,
    sten: stenOf(z),
    band: bandOf(percentile),
    ci95: { tLow, tHigh, percentileLow: percentileOf(zOfT(tLow)), percentileHigh: percentileOf(zOfT(tHigh)) },
  };
}

/** The published form of a scale: each exact value rounded once, half away from zero. */
export function publishScale(score: ExactScale): ScaleScore {
  return {
    items: score.items,
    sum: score.sum,
    mean: roundHalfAway(score.mean, 2),
    pomp: roundHalfAway(score.pomp, 1),
    z: roundHalfAway(score.z, 2),
    t: roundHalfAway(score.t, 1),
    percentile: roundHalfAway(score.percentile, 0),
    sten: score.sten,
    band: score.band,
    ci95: {
      tLow: roundHalfAway(score.ci95.tLow, 1),
      tHigh: roundHalfAway(score.ci95.tHigh, 1),
      percentileLow: roundHalfAway(score.ci95.percentileLow, 0),
      percentileHigh: roundHalfAway(score.ci95.percentileHigh, 0),
    },
  };
}

/**
 * A published scale depends only on (norm of the scale, items, sum): under 1,300 sums per norm.
 * Each costs a few high-precision Φ evaluations, so it is computed once per process.
 */
const published = new Map<string, ScaleScore>();
function scaleScore(sum: number, items: number, norm: ScaleNorm): ScaleScore {
  const key = `${norm.mean}|${norm.sd}|${norm.reliability}|${items}|${sum}`;
  let score = published.get(key);
  if (!score) {
    score = publishScale(exactScale(sum, items, norm));
    published.set(key, score);
  }
  return { ...score, ci95: { ...score.ci95 } };
}

/** Scores every dimension and the composite against `norm`, as published. */
export function scoreAnswers(answers: Answers, norm: NormSet, reference: NormReference): ScoreReport {
  const dimensions = {} as Record<Dimension, DimensionScore>;
  const sums = dimensionSums(answers);
  for (const dimension of DIMENSIONS) {
    const { sum, items } = sums[dimension];
    dimensions[dimension] = { label: DIMENSION_INFO[dimension].label, ...scaleScore(sum, items, norm.dimensions[dimension]) };
  }
  const total = DIMENSIONS.reduce((a, d) => a + sums[d].sum, 0);
  return {
    model: SCORING_MODEL,
    modelVersion: SCORING_MODEL_VERSION,
    instrumentVersion: INSTRUMENT_VERSION,
    norm: reference,
    dimensions,
    composite: scaleScore(total, ITEM_KEYS.length, norm.composite),
    quality: assessQuality(answers),
  };
}

/** Sum of scored values and item count per dimension. */
export function dimensionSums(answers: Answers): Record<Dimension, { sum: number; items: number }> {
  const sums = Object.fromEntries(DIMENSIONS.map((d) => [d, { sum: 0, items: 0 }])) as Record<Dimension, { sum: number; items: number }>;
  for (const item of ITEM_KEYS) {
    const entry = sums[item.dimension];
    entry.sum += scoredValue(answerOf(answers, item.id), item.reversed);
    entry.items += 1;
  }
  return sums;
}
