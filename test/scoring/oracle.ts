/**
 * An independent scorer written from docs/assessment.md alone (it imports nothing from the
 * reference server): what a partner reproducing a result by hand would compute, from the answers
 * and the served norms. Its arithmetic is exact rationals in BigInt; the two irrational steps
 * (√ and Φ) are enclosures — a rational centre and an error radius — and any rounding or
 * comparison an enclosure cannot decide throws instead of guessing.
 *
 * The conformance suite uses it too, so it must stay free of server code.
 */

// ---------------------------------------------------------------- exact rationals

export interface Rat {
  n: bigint;
  d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rat(n: bigint, d = 1n): Rat {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/** A decimal written as text or as a JSON number (read by its shortest text: 4.05 is 405/100). */
export function dec(value: number | string): Rat {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a plain decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  return rat(BigInt(`${sign}${whole}${fraction}`), 10n ** BigInt(fraction.length));
}

export const int = (value: number): Rat => rat(BigInt(value));
export const add = (a: Rat, b: Rat) => rat(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rat, b: Rat) => rat(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rat, b: Rat) => rat(a.n * b.n, a.d * b.d);
export const div = (a: Rat, b: Rat) => rat(a.n * b.d, a.d * b.n);
export const cmp = (a: Rat, b: Rat): -1 | 0 | 1 => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
const floorDiv = (n: bigint, d: bigint) => (n >= 0n ? n / d : -((-n + d - 1n) / d));
export const floor = (a: Rat): bigint => floorDiv(a.n, a.d);

/** Half away from zero to `decimals` places, as the number a JSON body carries. */
export function roundRat(x: Rat, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  const scaled = abs(x.n) * scale;
  const magnitude = (2n * scaled + x.d) / (2n * x.d);
  const sign = x.n < 0n && magnitude !== 0n ? '-' : '';
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return Number(`${sign}${text}`);
}

export const ratText = (x: Rat): string => (x.d === 1n ? `${x.n}` : `${x.n}/${x.d}`);

// ---------------------------------------------------------------- enclosures of real numbers

/** A real number known to lie within [centre − radius, centre + radius]; radius 0 means exact. */
export interface Real {
  centre: Rat;
  radius: Rat;
}

export class Undecidable extends Error {
  override name = 'Undecidable';
}

const exactly = (x: Rat): Real => ({ centre: x, radius: int(0) });
const lo = (x: Real) => sub(x.centre, x.radius);
const hi = (x: Real) => add(x.centre, x.radius);

export function roundReal(x: Real, decimals: number): number {
  const a = roundRat(lo(x), decimals);
  const b = roundRat(hi(x), decimals);
  if (a !== b) throw new Undecidable(`cannot round ${ratText(x.centre)} ± ${ratText(x.radius)} to ${decimals} places`);
  return a;
}

export function cmpReal(x: Real, q: Rat): -1 | 0 | 1 {
  if (cmp(lo(x), q) > 0) return 1;
  if (cmp(hi(x), q) < 0) return -1;
  if (x.radius.n === 0n) return 0;
  throw new Undecidable(`cannot compare ${ratText(x.centre)} ± ${ratText(x.radius)} with ${ratText(q)}`);
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

const ROOT_DIGITS = 10n ** 60n;

/** √x for x ≥ 0: exact when x is the square of a rational, else to 60 decimals. */
export function sqrtRat(x: Rat): Real {
  const rn = isqrt(x.n);
  const rd = isqrt(x.d);
  if (rn * rn === x.n && rd * rd === x.d) return exactly(rat(rn, rd));
  return { centre: rat(isqrt((x.n * ROOT_DIGITS * ROOT_DIGITS) / x.d), ROOT_DIGITS), radius: rat(1n, ROOT_DIGITS / 10n) };
}

// ---------------------------------------------------------------- Φ, by a different series than the server's

const S = 10n ** 70n;
const toFixed = (x: Rat) => (x.n * S) / x.d;

/** arctan(1/k) in fixed point, by its alternating series. */
function arctanInverse(k: bigint): bigint {
  let power = S / k;
  let sum = power;
  const k2 = k * k;
  for (let n = 1n; power !== 0n; n += 1n) {
    power = -power / k2;
    sum += power / (2n * n + 1n);
  }
  return sum;
}
const PI = 16n * arctanInverse(5n) - 4n * arctanInverse(239n); // Machin
const SQRT_TWO_PI = isqrt(2n * PI * S);

/**
 * Φ(z) = ½ + φ(z)·Σₙ z^(2n+1) / (1·3·…·(2n+1)) with φ(z) = e^(−z²/2)/√(2π) (Marsaglia's series;
 * the server sums erf's Taylor series instead). Fixed point at 70 digits; the result is returned
 * with a radius of 10⁻⁴⁰, far above the arithmetic's error and far below any decision it feeds.
 */
function phiAt(z: Rat): Rat {
  const zf = toFixed(z);
  const z2 = (zf * zf) / S;
  let term = zf;
  let series = zf;
  for (let n = 1n; term !== 0n; n += 1n) {
    term = (term * z2) / S / (2n * n + 1n);
    series += term;
  }
  const half = z2 / 2n;
  let power = S;
  let exp = S; // e^(z²/2)
  for (let n = 1n; power !== 0n; n += 1n) {
    power = (power * half) / S / n;
    exp += power;
  }
  const density = (S * S * S) / exp / SQRT_TWO_PI; // φ(z), fixed point
  return rat(S / 2n + (density * series) / S, S);
}

const PHI_RADIUS = rat(1n, 10n ** 40n);
/** Φ of an enclosure: Φ is increasing with slope at most 1/√(2π) < 0.4. */
export function phi(x: Real): Real {
  return { centre: phiAt(x.centre), radius: add(PHI_RADIUS, mul(dec('0.4'), x.radius)) };
}

// ---------------------------------------------------------------- the instrument, from the docs

export const DIMENSIONS = [
  'achievement_drive',
  'perseverance',
  'resilience',
  'risk_tolerance',
  'innovativeness',
  'proactiveness',
  'self_efficacy',
  'autonomy',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface Item {
  id: string;
  dimension: Dimension;
  reversed: boolean;
}

/** Item qn, k = n − 5: dimension k mod 8, reverse-keyed when ⌊k/8⌋ is odd. */
export const ITEMS: readonly Item[] = Array.from({ length: 127 }, (_, k) => ({
  id: `q${k + 5}`,
  dimension: DIMENSIONS[k % 8] as Dimension,
  reversed: Math.floor(k / 8) % 2 === 1,
}));

export const itemsOf = (dimension: Dimension) => ITEMS.filter((item) => item.dimension === dimension);

/** A reverse-keyed item and the forward item just before it in the same dimension. */
export const PAIRS: readonly { forward: Item; reversed: Item }[] = DIMENSIONS.flatMap((d) => {
  const items = itemsOf(d);
  return Array.from({ length: Math.floor(items.length / 2) }, (_, i) => ({ forward: items[2 * i] as Item, reversed: items[2 * i + 1] as Item }));
});

export const scored = (x: number, reversed: boolean) => (reversed ? 7 - x : x);

// ---------------------------------------------------------------- scores

export interface ScaleNorm {
  mean: number | string;
  sd: number | string;
  reliability: number | string;
}
export interface Norms {
  dimensions: Record<Dimension, ScaleNorm>;
  composite: ScaleNorm;
}

export interface PublishedScale {
  items: number;
  sum: number;
  mean: number;
  pomp: number;
  z: number;
  t: number;
  percentile: number;
  sten: number;
  band: 'low' | 'average' | 'high';
  ci95: { tLow: number; tHigh: number; percentileLow: number; percentileHigh: number };
}

/** The exact values behind a published scale, for finding ties and boundaries. */
export interface ExactScale {
  mean: Rat;
  pomp: Rat;
  z: Rat;
  t: Rat;
  /** 2z + 6, whose floor is the sten before clamping. */
  stenArgument: Rat;
  /** T ± 1.96·SEM. */
  tLow: Real;
  tHigh: Real;
}

const CI_MULTIPLIER = dec('1.96');

/** 100·Φ(z) clamped to 1..99. Beyond |z| = 3 the clamp applies anyway (100·Φ(−3) = 0.135 < 1). */
function percentile(z: Real): { value: Real; published: number } {
  if (cmp(hi(z), int(-3)) <= 0) return { value: exactly(int(1)), published: 1 };
  if (cmp(lo(z), int(3)) >= 0) return { value: exactly(int(99)), published: 99 };
  const raw = phi(z);
  const hundred = { centre: mul(int(100), raw.centre), radius: mul(int(100), raw.radius) };
  if (cmpReal(hundred, int(1)) <= 0) return { value: exactly(int(1)), published: 1 };
  if (cmpReal(hundred, int(99)) >= 0) return { value: exactly(int(99)), published: 99 };
  return { value: hundred, published: roundReal(hundred, 0) };
}

export function exactScale(sum: number, items: number, norm: ScaleNorm): ExactScale {
  const mean = div(int(sum), int(items));
  const z = div(sub(mean, dec(norm.mean)), dec(norm.sd));
  const t = add(int(50), mul(int(10), z));
  const sem = sqrtRat(sub(int(1), dec(norm.reliability))); // SEM / 10
  const half = { centre: mul(mul(CI_MULTIPLIER, int(10)), sem.centre), radius: mul(mul(CI_MULTIPLIER, int(10)), sem.radius) };
  return {
    mean,
    pomp: mul(div(sub(mean, int(1)), int(5)), int(100)),
    z,
    t,
    stenArgument: add(mul(int(2), z), int(6)),
    tLow: { centre: sub(t, half.centre), radius: half.radius },
    tHigh: { centre: add(t, half.centre), radius: half.radius },
  };
}

export function scoreScale(sum: number, items: number, norm: ScaleNorm): PublishedScale {
  const x = exactScale(sum, items, norm);
  const p = percentile(exactly(x.z));
  const zOf = (t: Real): Real => ({ centre: div(sub(t.centre, int(50)), int(10)), radius: div(t.radius, int(10)) });
  const sten = Math.min(10, Math.max(1, Number(floor(x.stenArgument))));
  const band = cmpReal(p.value, int(35)) <= 0 ? 'low' : cmpReal(p.value, int(65)) >= 0 ? 'high' : 'average';
  return {
    items,
    sum,
    mean: roundRat(x.mean, 2),
    pomp: roundRat(x.pomp, 1),
    z: roundRat(x.z, 2),
    t: roundRat(x.t, 1),
    percentile: p.published,
    sten,
    band,
    ci95: {
      tLow: roundReal(x.tLow, 1),
      tHigh: roundReal(x.tHigh, 1),
      percentileLow: percentile(zOf(x.tLow)).published,
      percentileHigh: percentile(zOf(x.tHigh)).published,
    },
  };
}

export interface PublishedQuality {
  status: 'ok' | 'review' | 'invalid';
  flags: string[];
  indices: { longestRun: number; spread: number; acquiescence: number; inconsistency: number };
}

export function scoreQuality(answers: Readonly<Record<string, number>>): PublishedQuality {
  const raw = ITEMS.map((item) => answers[item.id] as number);
  let longestRun = 0;
  for (let i = 0, run = 0; i < raw.length; i += 1) {
    run = i > 0 && raw[i] === raw[i - 1] ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
  }
  const n = int(raw.length);
  const mean = div(int(raw.reduce((a, x) => a + x, 0)), n);
  const variance = div(
    raw.reduce((a, x) => add(a, mul(sub(int(x), mean), sub(int(x), mean))), int(0)),
    n,
  );
  const spread = sqrtRat(variance);
  let pairRaw = 0;
  let pairGap = 0;
  for (const { forward, reversed } of PAIRS) {
    const f = answers[forward.id] as number;
    const r = answers[reversed.id] as number;
    pairRaw += f + r;
    pairGap += Math.abs(f - (7 - r));
  }
  const acquiescence = sub(div(int(pairRaw), int(2 * PAIRS.length)), dec('3.5'));
  const inconsistency = div(int(pairGap), int(PAIRS.length));
  const size = cmp(acquiescence, int(0)) < 0 ? mul(int(-1), acquiescence) : acquiescence;

  const flags: string[] = [];
  let invalid = false;
  if (longestRun >= 16) {
    flags.push('long_run');
    invalid ||= longestRun >= 32;
  }
  if (cmpReal(spread, dec('0.5')) < 0) flags.push('low_spread');
  if (cmp(size, int(1)) >= 0) {
    flags.push(cmp(acquiescence, int(0)) > 0 ? 'acquiescence' : 'disacquiescence');
    invalid ||= cmp(size, int(2)) >= 0;
  }
  if (cmp(inconsistency, dec('1.5')) >= 0) {
    flags.push('inconsistent');
    invalid ||= cmp(inconsistency, dec('2.5')) >= 0;
  }
  return {
    status: invalid ? 'invalid' : flags.length > 0 ? 'review' : 'ok',
    flags,
    indices: { longestRun, spread: roundReal(spread, 2), acquiescence: roundRat(acquiescence, 2), inconsistency: roundRat(inconsistency, 2) },
  };
}

export interface PublishedScores {
  dimensions: Record<Dimension, PublishedScale>;
  composite: PublishedScale;
  quality: PublishedQuality;
}

/** Sum of scored values per dimension. */
export function dimensionSums(answers: Readonly<Record<string, number>>): Record<Dimension, number> {
  const sums = Object.fromEntries(DIMENSIONS.map((d) => [d, 0])) as Record<Dimension, number>;
  for (const item of ITEMS) {
    const x = answers[item.id];
    if (!Number.isInteger(x) || (x as number) < 1 || (x as number) > 6) throw new RangeError(`${item.id} must be an integer 1..6`);
    sums[item.dimension] += scored(x as number, item.reversed);
  }
  return sums;
}

/** Every number of `scores` except labels and the model/norm identification. */
export function scoreAnswers(answers: Readonly<Record<string, number>>, norms: Norms): PublishedScores {
  const sums = dimensionSums(answers);
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((d) => [d, scoreScale(sums[d], itemsOf(d).length, norms.dimensions[d])]),
  ) as Record<Dimension, PublishedScale>;
  const total = DIMENSIONS.reduce((a, d) => a + sums[d], 0);
  return { dimensions, composite: scoreScale(total, ITEMS.length, norms.composite), quality: scoreQuality(answers) };
}
