import { Decimal } from 'decimal.js';
/**
 * Decimal arithmetic for scoring, so that ties and boundaries come out as docs/assessment.md
 * defines them. Binary floating point cannot: (3.625 − 4.05) / 0.68 is −0.625 exactly, but as a
 * double it is −0.6249999999999997 and rounds to −0.62 instead of −0.63.
 *
 * Why 50 significant digits are exact enough: every input is a decimal (integer sums, norms with
 * two decimals), so each quantity is a rational with a small denominator (at most a few 10⁵), or
 * such a rational plus a multiple of √(1 − α). When its exact value is a terminating decimal — the
 * only case where it can sit exactly on a rounding tie or a sten boundary — decimal.js computes it
 * without error (its operations are correctly rounded). Otherwise it is at least ~10⁻¹² away from
 * any tie or boundary, far beyond the 10⁻⁴⁵ error of 50 digits. So rounding and comparing these
 * values gives the same answer as rounding and comparing the exact ones.
 */
export const Exact = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
/** A norm statistic or a count as an exact decimal: 4.05 is read from its text, exactly 4.05. */
export const exact = (value) => new Exact(value);
/** The single rounding rule of every published number: half away from zero (−0.625 → −0.63). */
export function roundHalfAway(value, decimals) {
    const rounded = value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toNumber();
    return rounded === 0 ? 0 : rounded;
}
export const clampExact = (value, min, max) => Exact.max(min, Exact.min(max, value));
//# sourceMappingURL=exact.js.map