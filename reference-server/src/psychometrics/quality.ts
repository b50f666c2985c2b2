import { exact, roundHalfAway, type ExactNumber } from './exact.js';
import { ITEM_KEYS, REVERSED_PAIRS, SCALE_MAX, SCALE_MIN, scoredValue } from './model.js';
import type { QualityFlag, ResponseQuality } from './score-report.js';
import { answerOf, type Answers } from './raw-answers.js';

/**
 * Response-quality indices from the raw answers (docs/assessment.md, "Response quality"). Every
 * flag is judged on the exact index, before the 2-decimal rounding of the published value: a
 * spread of 0.49998 is published as 0.5 and is still `low_spread`.
 */
export const QUALITY_THRESHOLDS = {
  /** A run this long spans two keying blocks with one answer: agreement with opposite items. */
  longRun: { review: 16, invalid: 32 },
  /** Below this SD the answers barely vary: answers confined to two adjacent values land just under it. */
  lowSpread: { review: 0.5 },
  /** |mean raw answer over reversed pairs − 3.5|: agreeing (or disagreeing) regardless of content. */
  acquiescence: { review: 1, invalid: 2 },
  /** Mean |forward − reversed-scored| per pair; random answering averages about 1.94. */
  inconsistency: { review: 1.5, invalid: 2.5 },
} as const;

export interface ExactQuality {
  status: ResponseQuality['status'];
  flags: QualityFlag[];
  indices: { longestRun: number; spread: ExactNumber; acquiescence: ExactNumber; inconsistency: ExactNumber };
}

/**
 * The exact quotients below depend only on small integers (n·Σx² − (Σx)² for the spread, the pair
 * sums for the other two), and the square root at 50 digits was most of a submit's scoring: each
 * distinct value is computed once per process. Decimals are immutable, so sharing one is safe. The
 * integers are bounded by the instrument (127 answers of 1..6), and so are the maps; `MEMO_MAX`
 * stops them growing past what real answers produce.
 */
const MEMO_MAX = 100_000;
const spreads = new Map<number, ExactNumber>();
const acquiescences = new Map<number, ExactNumber>();
const inconsistencies = new Map<number, ExactNumber>();
function memo(map: Map<number, ExactNumber>, key: number, compute: () => ExactNumber): ExactNumber {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    if (map.size < MEMO_MAX) map.set(key, value);
  }
  return value;
}

export function measureQuality(answers: Answers): ExactQuality {
  const raw = ITEM_KEYS.map((item) => answerOf(answers, item.id));

  let longestRun = 1;
  let run = 1;
  for (let i = 1; i < raw.length; i += 1) {
    run = raw[i] === raw[i - 1] ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
  }

  // Population SD = √(n·Σx² − (Σx)²) / n: an integer under the root, so only the root is inexact.
  const n = raw.length;
  const sum = raw.reduce((a, x) => a + x, 0);
  const sumOfSquares = raw.reduce((a, x) => a + x * x, 0);
  const spread = memo(spreads, n * sumOfSquares - sum * sum, () => exact(n * sumOfSquares - sum * sum).sqrt().div(n));

  let pairRaw = 0;
  let pairGap = 0;
  for (const { forward, reversed } of REVERSED_PAIRS) {
    const f = answerOf(answers, forward.id);
    const r = answerOf(answers, reversed.id);
    pairRaw += f + r;
    pairGap += Math.abs(f - scoredValue(r, true));
  }
  const pairs = REVERSED_PAIRS.length;
  // pairRaw / 2p − 3.5 as one quotient, (2·pairRaw − 7·2p) / 4p, so ±1 exactly stays exact.
  const acquiescence = memo(acquiescences, pairRaw, () => exact(2 * pairRaw - (SCALE_MIN + SCALE_MAX) * 2 * pairs).div(4 * pairs));
  const inconsistency = memo(inconsistencies, pairGap, () => exact(pairGap).div(pairs));

  const flags: QualityFlag[] = [];
  let invalid = false;
  const t = QUALITY_THRESHOLDS;
  if (longestRun >= t.longRun.review) {
    flags.push('long_run');
    invalid ||= longestRun >= t.longRun.invalid;
  }
  if (spread.lt(t.lowSpread.review)) flags.push('low_spread');
  if (acquiescence.abs().gte(t.acquiescence.review)) {
    flags.push(acquiescence.isPositive() ? 'acquiescence' : 'disacquiescence');
    invalid ||= acquiescence.abs().gte(t.acquiescence.invalid);
  }
  if (inconsistency.gte(t.inconsistency.review)) {
    flags.push('inconsistent');
    invalid ||= inconsistency.gte(t.inconsistency.invalid);
  }
  return {
    status: invalid ? 'invalid' : flags.length > 0 ? 'review' : 'ok',
    flags,
    indices: { longestRun, spread, acquiescence, inconsistency },
  };
}

/** The published form: indices rounded to 2 decimals, flags and status as judged on the exact ones. */
export function assessQuality(answers: Answers): ResponseQuality {
  const { status, flags, indices } = measureQuality(answers);
  return {
    status,
    flags,
    indices: {
      longestRun: indices.longestRun,
      spread: roundHalfAway(indices.spread, 2),
      acquiescence: roundHalfAway(indices.acquiescence, 2),
      inconsistency: roundHalfAway(indices.inconsistency, 2),
    },
  };
}
