import type { Dimension } from './model.js';

/**
 * The published shape of a scored assessment (`scores` in the submit response and in a stored
 * result). Every number here is rounded once, for output, from the unrounded engine values.
 */
export type Band = 'low' | 'average' | 'high';

export interface ScaleScore {
  /** Items scored (after reverse keying) on this scale. */
  items: number;
  /** Sum of the scored item values (composite: sum of the dimension means). Integer, or 2 decimals. */
  sum: number;
  /** Mean scored value on the 1..6 scale, 2 decimals. */
  mean: number;
  /** Percent of maximum possible, (mean − 1) / 5 × 100, 1 decimal. */
  pomp: number;
  /** (mean − norm mean) / norm SD, 2 decimals. */
  z: number;
  /** 50 + 10z, 1 decimal. */
  t: number;
  /** 100·Φ(z), clamped to 1..99, integer. */
  percentile: number;
  /** Standard ten: round(2z + 5.5) clamped to 1..10. */
  sten: number;
  /** By percentile: low ≤ 35 < average < 65 ≤ high. */
  band: Band;
  /** 95% band from the norm's reliability: T ± 1.96·SEM, SEM = 10·√(1 − reliability). */
  ci95: { tLow: number; tHigh: number; percentileLow: number; percentileHigh: number };
}

export interface DimensionScore extends ScaleScore {
  label: string;
}

export type QualityStatus = 'ok' | 'review' | 'invalid';

export type QualityFlag =
  | 'long_run'
  | 'low_spread'
  | 'acquiescence'
  | 'disacquiescence'
  | 'inconsistent';

export interface ResponseQuality {
  status: QualityStatus;
  /** Which indices crossed a threshold (empty when status is ok). */
  flags: QualityFlag[];
  indices: {
    /** Longest run of identical consecutive answers over q5..q131. */
    longestRun: number;
    /** Population standard deviation of the raw answers, 2 decimals. */
    spread: number;
    /** Mean raw answer over the reversed pairs minus the scale midpoint 3.5, 2 decimals (−2.5..2.5). */
    acquiescence: number;
    /** Mean |forward − (7 − reversed)| over the 63 reversed pairs, 2 decimals (0..5). */
    inconsistency: number;
  };
}

export interface NormReference {
  /** `general` for the built-in reference norm, else the benchmark tag id. */
  id: string;
  name: string;
  kind: 'general' | 'benchmark';
  /** Where the norm statistics come from (the built-in ones are synthetic). */
  source: string;
}

export interface ScoreReport {
  model: string;
  modelVersion: string;
  instrumentVersion: string;
  norm: NormReference;
  dimensions: Record<Dimension, DimensionScore>;
  /** The unweighted mean of the eight dimension means, normed as its own scale. */
  composite: ScaleScore;
  quality: ResponseQuality;
}
