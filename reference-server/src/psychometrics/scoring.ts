import { INSTRUMENT_VERSION } from './instrument.js';
import {
  DIMENSION_INFO,
  DIMENSIONS,
  ITEM_KEYS,
  REVERSED_PAIRS,
  SCALE_MAX,
  SCALE_MIN,
  scoredValue,
  type Dimension,
} from './model.js';
import type { NormSet, ScaleNorm } from './norms.js';
import type { Band, DimensionScore, NormReference, QualityFlag, ResponseQuality, ScaleScore, ScoreReport } from './report.js';

/**
 * The scoring engine: pure functions from answers and a norm to a score report. Nothing here
 * reads the clock, the store or randomness, so the same answers always give the same scores.
 *
 * The model (docs/assessment.md walks through it by hand):
 *   1. scored value s = x for a forward item, 7 − x for a reversed one (model.ts);
 *   2. per dimension: sum of s, mean = sum / items, POMP = (mean − 1) / 5 × 100;
 *   3. against the norm's mean μ, SD σ and reliability r of that scale:
 *      z = (mean − μ) / σ, T = 50 + 10z, percentile = 100·Φ(z) clamped to 1..99,
 *      sten = ⌊2z + 6⌋ clamped to 1..10, band by percentile (low ≤ 35 < average < 65 ≤ high),
 *      SEM = 10·√(1 − r) on the T scale and the 95% band T ± 1.96·SEM (also as percentiles);
 *   4. the composite is the mean of all 127 scored values, normed the same way;
 *   5. response-quality indices (quality.ts below) are computed from the raw answers.
 * Values stay unrounded until `roundReport`, which is applied once, at output.
 */
export const SCORING_MODEL = 'entrepreneurial-potential-8d';
export const SCORING_MODEL_VERSION = '1.0';

/** Raw answers q5..q131, integers 1..6 (validated before they reach the engine). */
export type Answers = Readonly<Record<string, number>>;

const Z_95 = 1.959963984540054;
const BAND_LOW_MAX = 35;
const BAND_HIGH_MIN = 65;

/**
 * Complementary error function (Numerical Recipes' erfcc, Chebyshev fit; fractional error
 * below 1.2e-7 everywhere), enough for percentiles reported as integers.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Standard normal cumulative distribution Φ(z). */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function percentileOf(z: number): number {
  return clamp(100 * normalCdf(z), 1, 99);
}

export function stenOf(z: number): number {
  return clamp(Math.floor(2 * z + 6), 1, 10);
}

export function bandOf(percentile: number): Band {
  if (percentile <= BAND_LOW_MAX) return 'low';
  if (percentile >= BAND_HIGH_MIN) return 'high';
  return 'average';
}

export function pompOf(mean: number): number {
  return ((mean - SCALE_MIN) / (SCALE_MAX - SCALE_MIN)) * 100;
}

/** The normed part of a scale score: everything that depends on the reference group. */
export function normScale(mean: number, norm: ScaleNorm): Omit<ScaleScore, 'items' | 'sum' | 'mean' | 'pomp'> {
  const z = (mean - norm.mean) / norm.sd;
  const t = 50 + 10 * z;
  const percentile = percentileOf(z);
  const sem = 10 * Math.sqrt(1 - norm.reliability);
  const tLow = t - Z_95 * sem;
  const tHigh = t + Z_95 * sem;
  return {
    z,
    t,
    percentile,
    sten: stenOf(z),
    band: bandOf(percentile),
    ci95: { tLow, tHigh, percentileLow: percentileOf((tLow - 50) / 10), percentileHigh: percentileOf((tHigh - 50) / 10) },
  };
}

function answerOf(answers: Answers, id: string): number {
  const x = answers[id];
  if (!Number.isInteger(x) || (x as number) < SCALE_MIN || (x as number) > SCALE_MAX) {
    throw new RangeError(`${id} must be an integer from ${SCALE_MIN} to ${SCALE_MAX}`);
  }
  return x as number;
}

/** Sum, mean and POMP of one dimension's scored values. */
export function rawDimension(answers: Answers, dimension: Dimension): Pick<ScaleScore, 'items' | 'sum' | 'mean' | 'pomp'> {
  let sum = 0;
  let items = 0;
  for (const item of ITEM_KEYS) {
    if (item.dimension !== dimension) continue;
    sum += scoredValue(answerOf(answers, item.id), item.reversed);
    items += 1;
  }
  const mean = sum / items;
  return { items, sum, mean, pomp: pompOf(mean) };
}

/** Thresholds of the response-quality indices (see docs/assessment.md for the reasoning). */
export const QUALITY_THRESHOLDS = {
  /** A run this long spans two keying blocks with one answer: agreement with opposite items. */
  longRun: { review: 16, invalid: 32 },
  /** Below this SD the answers barely vary: answers confined to two adjacent values land just under it. */
  lowSpread: { review: 0.5 },
  /** |mean raw answer over reversed pairs − 3.5|: agreeing (or disagreeing) regardless of content. */
  acquiescence: { review: 1.0, invalid: 2.0 },
  /** Mean |forward − reversed-scored| per pair; random answering averages about 1.94. */
  inconsistency: { review: 1.5, invalid: 2.5 },
} as const;

/** Response-quality indices from the raw answers; scores are reported whatever they say. */
export function assessQuality(answers: Answers): ResponseQuality {
  const raw = ITEM_KEYS.map((item) => answerOf(answers, item.id));

  let longestRun = 1;
  let run = 1;
  for (let i = 1; i < raw.length; i += 1) {
    run = raw[i] === raw[i - 1] ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
  }

  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  const spread = Math.sqrt(raw.reduce((a, x) => a + (x - mean) ** 2, 0) / raw.length);

  let pairRaw = 0;
  let pairGap = 0;
  for (const { forward, reversed } of REVERSED_PAIRS) {
    const f = answerOf(answers, forward.id);
    const r = answerOf(answers, reversed.id);
    pairRaw += f + r;
    pairGap += Math.abs(f - scoredValue(r, true));
  }
  const acquiescence = pairRaw / (2 * REVERSED_PAIRS.length) - (SCALE_MIN + SCALE_MAX) / 2;
  const inconsistency = pairGap / REVERSED_PAIRS.length;

  const flags: QualityFlag[] = [];
  let invalid = false;
  const t = QUALITY_THRESHOLDS;
  if (longestRun >= t.longRun.review) {
    flags.push('long_run');
    invalid ||= longestRun >= t.longRun.invalid;
  }
  if (spread < t.lowSpread.review) flags.push('low_spread');
  if (Math.abs(acquiescence) >= t.acquiescence.review) {
    flags.push(acquiescence > 0 ? 'acquiescence' : 'disacquiescence');
    invalid ||= Math.abs(acquiescence) >= t.acquiescence.invalid;
  }
  if (inconsistency >= t.inconsistency.review) {
    flags.push('inconsistent');
    invalid ||= inconsistency >= t.inconsistency.invalid;
  }
  return {
    status: invalid ? 'invalid' : flags.length > 0 ? 'review' : 'ok',
    flags,
    indices: { longestRun, spread, acquiescence, inconsistency },
  };
}

/** Scores every dimension and the composite against `norm`, unrounded. */
export function computeScores(answers: Answers, norm: NormSet, reference: NormReference): ScoreReport {
  const dimensions = {} as Record<Dimension, DimensionScore>;
  let total = 0;
  for (const dimension of DIMENSIONS) {
    const raw = rawDimension(answers, dimension);
    total += raw.sum;
    dimensions[dimension] = { label: DIMENSION_INFO[dimension].label, ...raw, ...normScale(raw.mean, norm.dimensions[dimension]) };
  }
  const compositeMean = total / ITEM_KEYS.length;
  return {
    model: SCORING_MODEL,
    modelVersion: SCORING_MODEL_VERSION,
    instrumentVersion: INSTRUMENT_VERSION,
    norm: reference,
    dimensions,
    composite: {
      items: ITEM_KEYS.length,
      sum: total,
      mean: compositeMean,
      pomp: pompOf(compositeMean),
      ...normScale(compositeMean, norm.composite),
    },
    quality: assessQuality(answers),
  };
}

/** Rounds half away from zero (−0.125 → −0.13, like 0.125 → 0.13), tolerant of binary noise. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const magnitude = Math.round(Math.abs(value) * (1 + Number.EPSILON) * factor) / factor;
  return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

function roundScale<S extends ScaleScore>(score: S): S {
  return {
    ...score,
    sum: round(score.sum, 2),
    mean: round(score.mean, 2),
    pomp: round(score.pomp, 1),
    z: round(score.z, 2),
    t: round(score.t, 1),
    percentile: round(score.percentile, 0),
    ci95: {
      tLow: round(score.ci95.tLow, 1),
      tHigh: round(score.ci95.tHigh, 1),
      percentileLow: round(score.ci95.percentileLow, 0),
      percentileHigh: round(score.ci95.percentileHigh, 0),
    },
  };
}

/** The output form: each value rounded once (sten and band were derived from unrounded values). */
export function roundReport(report: ScoreReport): ScoreReport {
  const q = report.quality.indices;
  return {
    ...report,
    dimensions: Object.fromEntries(
      Object.entries(report.dimensions).map(([d, score]) => [d, roundScale(score)]),
    ) as Record<Dimension, DimensionScore>,
    composite: roundScale(report.composite),
    quality: {
      ...report.quality,
      flags: [...report.quality.flags],
      indices: {
        longestRun: q.longestRun,
        spread: round(q.spread, 2),
        acquiescence: round(q.acquiescence, 2),
        inconsistency: round(q.inconsistency, 2),
      },
    },
  };
}

/** Scores answers for output: `roundReport(computeScores(...))`. */
export function scoreAnswers(answers: Answers, norm: NormSet, reference: NormReference): ScoreReport {
  return roundReport(computeScores(answers, norm, reference));
}
