import { randomInt, seededRandom } from '../support/random.js';
import { DIMENSIONS, ITEMS, PAIRS, itemsOf, scored, type Dimension, type Item } from './oracle.js';

/**
 * Answer sets for the scoring tests: uniform ones, and ones built to land on the values where
 * exactness matters — a dimension or composite sum whose z, T, mean, POMP or band end is a
 * rounding tie, whose 2z + 6 is an integer (a sten boundary), and quality indices exactly on or
 * next to their thresholds. Each is built from a seed, so a failing case repeats.
 */
export type Answers = Record<string, number>;

/** The reported tie and boundary cases and the CI multiplier case, with the norm each is scored against. */
export const FIXED_CASES = {
  /** Resilience scored values summing to 58 (mean 3.625): z = −0.625 exactly → −0.63. */
  zTie: { norm: 'bt_corporate_venturing', answers: withDimensionSum(allAnswers(3), 'resilience', 58) },
  /** Perseverance sum 34: z = −3.875, T = 11.25 exactly → 11.3. */
  tTie: { norm: 'bt_climate', answers: withDimensionSum(allAnswers(3), 'perseverance', 34) },
  /** Every answer 3: self_efficacy mean 3.5, z = −1.5 exactly, sten ⌊3⌋ = 3. */
  stenBoundary: { norm: 'bt_b2b_software', answers: allAnswers(3) },
  /** Every answer 2: autonomy T − 1.96·SEM = 25.84999… → 25.8 (1.959964 would give 25.9). */
  ciMultiplier: { norm: 'bt_fintech', answers: allAnswers(2) },
} as const;

export function allAnswers(answer: number): Answers {
  return Object.fromEntries(ITEMS.map((item) => [item.id, answer]));
}

/** Re-answers one dimension so that its scored values sum to `sum` (spread deterministically). */
export function withDimensionSum(answers: Answers, dimension: Dimension, sum: number): Answers {
  const items = itemsOf(dimension);
  const out = { ...answers };
  let left = sum;
  items.forEach((item, i) => {
    const rest = items.length - i - 1;
    const s = Math.min(6, left - rest, Math.max(1, left - 6 * rest, Math.round(left / (rest + 1))));
    out[item.id] = scored(s, item.reversed);
    left -= s;
  });
  if (left !== 0) throw new RangeError(`${dimension} cannot sum to ${sum}`);
  return out;
}

/** Scored values 1..6 on `items` summing to `target`, spread at random. */
function distribute(random: () => number, items: readonly Item[], target: number, answers: Answers): void {
  const values = items.map(() => 1);
  for (let left = target - items.length; left > 0; ) {
    const i = randomInt(random, 0, items.length - 1);
    if ((values[i] as number) < 6) {
      values[i] = (values[i] as number) + 1;
      left -= 1;
    }
  }
  items.forEach((item, i) => (answers[item.id] = scored(values[i] as number, item.reversed)));
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[randomInt(random, 0, list.length - 1)] as T;

/** Sums worth hitting, per norm id and scale (a dimension or `composite`). */
export type InterestingSums = (normId: string, scale: Dimension | 'composite') => readonly number[];

export type Mode = 'uniform' | 'dimension-ties' | 'composite-tie' | 'quality-edges' | 'styles';
export const MODES: readonly Mode[] = ['uniform', 'dimension-ties', 'composite-tie', 'quality-edges', 'styles'];

export function buildAnswers(seed: number, mode: Mode, normId: string, interesting: InterestingSums): Answers {
  const random = seededRandom(seed);
  const answers: Answers = {};
  switch (mode) {
    case 'uniform':
      for (const item of ITEMS) answers[item.id] = randomInt(random, 1, 6);
      break;
    case 'dimension-ties':
      for (const d of DIMENSIONS) {
        const items = itemsOf(d);
        const sums = interesting(normId, d);
        const target = sums.length > 0 && random() < 0.75 ? pick(random, sums) : randomInt(random, items.length, 6 * items.length);
        distribute(random, items, target, answers);
      }
      break;
    case 'composite-tie': {
      const sums = interesting(normId, 'composite');
      distribute(random, ITEMS, sums.length > 0 ? pick(random, sums) : randomInt(random, 127, 762), answers);
      break;
    }
    case 'styles': {
      // Forward items one value, reversed another, with a little noise: spreads just under or over 0.5.
      const forward = randomInt(random, 1, 6);
      const reversed = randomInt(random, 1, 6);
      const noise = random() < 0.5 ? 0 : randomInt(random, 1, 6);
      for (const item of ITEMS) answers[item.id] = item.reversed ? reversed : forward;
      for (let i = 0; i < noise; i += 1) answers[pick(random, ITEMS).id] = randomInt(random, 1, 6);
      break;
    }
    case 'quality-edges':
      qualityEdges(random, answers);
      break;
  }
  return answers;
}

/**
 * A run of identical answers of length 15–17 or 31–33 (the long-run thresholds ±1), then the
 * reversed pairs outside it nudged until acquiescence is exactly on, or one step off, ±1 or ±2.
 */
function qualityEdges(random: () => number, answers: Answers): void {
  for (const item of ITEMS) answers[item.id] = randomInt(random, 1, 6);
  const length = pick(random, [15, 16, 17, 31, 32, 33]);
  const start = randomInt(random, 0, ITEMS.length - length);
  const value = randomInt(random, 1, 6);
  const inRun = new Set(ITEMS.slice(start, start + length).map((item) => item.id));
  for (const id of inRun) answers[id] = value;
  const edge = pick(random, [-252, -126, 126, 252]) + pick(random, [-1, 0, 0, 1]);
  const target = 441 + edge; // raw sum over the 126 paired answers: 3.5 × 126 = 441 is a = 0
  const free = PAIRS.flatMap((p) => [p.forward, p.reversed]).filter((item) => !inRun.has(item.id));
  let total = PAIRS.reduce((a, p) => a + (answers[p.forward.id] as number) + (answers[p.reversed.id] as number), 0);
  for (let step = 0; step < 4000 && total !== target; step += 1) {
    const item = pick(random, free);
    const x = answers[item.id] as number;
    const next = total < target ? Math.min(6, x + 1) : Math.max(1, x - 1);
    answers[item.id] = next;
    total += next - x;
  }
}
