import { describe, expect, it } from 'vitest';
import { straightLine, workedExample, answersFrom } from './fixtures.js';
import { REVERSED_PAIRS, itemKey, itemsOf, DIMENSIONS } from './model.js';
import { benchmarkTag, selectNorm } from './norms.js';
import { exact, roundHalfAway } from './exact.js';
import { normalCdf } from './normal-cdf.js';
import { assessQuality } from './quality.js';
import { bandOf, dimensionSums, exactScale, scoreAnswers, stenOf } from './scoring-engine.js';

/**
 * The worked example of docs/assessment.md, pinned. Expected values were computed by hand
 * (and checked with an independent script using math.erf), not by running this engine.
 */
describe('the item key', () => {
  it('assigns items round-robin with alternating keying rounds', () => {
    expect(itemKey(5)).toMatchObject({ dimension: 'achievement_drive', reversed: false });
    expect(itemKey(12)).toMatchObject({ dimension: 'autonomy', reversed: false });
    expect(itemKey(13)).toMatchObject({ dimension: 'achievement_drive', reversed: true });
    expect(itemKey(131)).toMatchObject({ dimension: 'self_efficacy', reversed: true });
    const counts = DIMENSIONS.map((d) => [itemsOf(d).length, itemsOf(d).filter((i) => i.reversed).length]);
    expect(counts).toEqual([[16, 8], [16, 8], [16, 8], [16, 8], [16, 8], [16, 8], [16, 8], [15, 7]]);
    expect(REVERSED_PAIRS).toHaveLength(63);
    expect(() => itemKey(4)).toThrow(RangeError);
  });
});

describe('the worked example, achievement_drive', () => {
  /** What the answers alone give, whichever norm they are then read against. */
  const ACHIEVEMENT_DRIVE_RAW = { label: 'Achievement drive', items: 16, sum: 79, mean: 4.94, pomp: 78.8 };

  it('without a benchmark (general reference norm μ 4.10, σ 0.70, α .84)', () => {
    const { norm, reference } = selectNorm();
    const { sum, items } = dimensionSums(workedExample()).achievement_drive;
    expect([sum, items]).toEqual([79, 16]);
    const raw = exactScale(sum, items, norm.dimensions.achievement_drive);
    expect(raw.mean.toString()).toBe('4.9375');
    expect(raw.pomp.toString()).toBe('78.75');
    expect(raw.z.toFixed(10)).toBe('1.1964285714');
    expect(raw.t.toFixed(7)).toBe('61.9642857');
    expect(raw.percentile.toFixed(7)).toBe('88.4235321');
    expect(raw.ci95.tLow.toFixed(7)).toBe('54.1242857');
    expect(raw.ci95.tHigh.toFixed(7)).toBe('69.8042857');

    const out = scoreAnswers(workedExample(), norm, reference).dimensions.achievement_drive;
    expect(out).toEqual({ ...ACHIEVEMENT_DRIVE_RAW, z: 1.2, t: 62, percentile: 88, sten: 8, band: 'high', ci95: { tLow: 54.1, tHigh: 69.8, percentileLow: 66, percentileHigh: 98 } });
  });

  it('against the Fintech founders benchmark (μ 4.55, σ 0.60, α .84)', () => {
    const { norm, reference } = selectNorm(benchmarkTag('bt_fintech'));
    const report = scoreAnswers(workedExample(), norm, reference);
    expect(report.norm).toEqual({ id: 'bt_fintech', name: 'Fintech founders', kind: 'benchmark', source: 'synthetic' });
    expect(report.dimensions.achievement_drive).toEqual({ ...ACHIEVEMENT_DRIVE_RAW, z: 0.65, t: 56.5, percentile: 74, sten: 7, band: 'high', ci95: { tLow: 48.6, tHigh: 64.3, percentileLow: 45, percentileHigh: 92 } });
  });

  it('composite and the other dimensions', () => {
    const general = scoreAnswers(workedExample(), selectNorm().norm, selectNorm().reference);
    expect(general.composite).toMatchObject({ items: 127, sum: 523, mean: 4.12, pomp: 62.4, z: 0.48, t: 54.8, percentile: 68, sten: 6, band: 'high' });
    expect(general.dimensions.perseverance).toMatchObject({ sum: 64, mean: 4, pomp: 60, z: 0, t: 50, percentile: 50, sten: 6, band: 'average' });
    expect(general.dimensions.autonomy).toMatchObject({ items: 15, sum: 60, mean: 4 });
    const fintech = selectNorm(benchmarkTag('bt_fintech'));
    expect(scoreAnswers(workedExample(), fintech.norm, fintech.reference).composite).toMatchObject({
      z: -0.46,
      t: 45.4,
      percentile: 32,
      sten: 5,
      band: 'low',
      ci95: { tLow: 40.6, tHigh: 50.2, percentileLow: 17, percentileHigh: 51 },
    });
    expect(general.quality).toEqual({
      status: 'ok',
      flags: [],
      indices: { longestRun: 8, spread: 0.75, acquiescence: -0.01, inconsistency: 0.02 },
    });
  });
});

describe('the building blocks', () => {
  it('Φ matches reference values to 30 digits (mpmath, 50 digits)', () => {
    const phi = (z: string) => normalCdf(exact(z)).toFixed(30);
    expect(phi('0')).toBe('0.500000000000000000000000000000');
    expect(phi('1.96')).toBe('0.975002104851779565863415730959');
    expect(phi('-1')).toBe('0.158655253931457051414767454368');
    expect(phi('3')).toBe('0.998650101968369905473348185232');
    expect(phi('-8')).toBe('0.000000000000000622096057427178');
  });

  it('sten, band and rounding follow their documented edges', () => {
    expect(['-3', '-2', '-1.5', '-0.01', '0', '0.49', '0.5', '2', '9'].map((z) => stenOf(exact(z)))).toEqual([1, 2, 3, 5, 6, 6, 7, 10, 10]);
    expect(['1', '35', '35.01', '64.99', '65', '99'].map((p) => bandOf(exact(p)))).toEqual(['low', 'low', 'average', 'average', 'high', 'high']);
    const rounded = [['2.675', 2], ['-0.125', 2], ['0.125', 2], ['-0.625', 2], ['11.25', 1], ['-0.004', 2]] as const;
    expect(rounded.map(([v, dp]) => roundHalfAway(exact(v), dp))).toEqual([2.68, -0.13, 0.13, -0.63, 11.3, 0]);
    expect(Object.is(roundHalfAway(exact('-0.004'), 2), -0)).toBe(false);
  });

  it('clamps percentiles to 1..99', () => {
    const { norm, reference } = selectNorm();
    const max = scoreAnswers(answersFrom((i) => (i.reversed ? 1 : 6)), norm, reference);
    const min = scoreAnswers(answersFrom((i) => (i.reversed ? 6 : 1)), norm, reference);
    for (const d of DIMENSIONS) {
      expect(max.dimensions[d]).toMatchObject({ mean: 6, pomp: 100, percentile: 99, sten: 10, band: 'high' });
      expect(min.dimensions[d]).toMatchObject({ mean: 1, pomp: 0, percentile: 1, sten: 1, band: 'low' });
    }
  });

  it('refuses an answer outside 1..6 instead of scoring it', () => {
    const { norm, reference } = selectNorm();
    expect(() => scoreAnswers({ ...workedExample(), q50: 7 }, norm, reference)).toThrow(/q50/);
  });
});

describe('response quality', () => {
  it('marks a straight line of agreement invalid, still with scores', () => {
    const quality = assessQuality(straightLine(6));
    expect(quality).toEqual({
      status: 'invalid',
      flags: ['long_run', 'low_spread', 'acquiescence', 'inconsistent'],
      indices: { longestRun: 127, spread: 0, acquiescence: 2.5, inconsistency: 5 },
    });
    const { norm, reference } = selectNorm();
    expect(scoreAnswers(straightLine(6), norm, reference).dimensions.achievement_drive.mean).toBe(3.5);
  });

  it('marks steady disagreement with everything as disacquiescence', () => {
    const quality = assessQuality(answersFrom((i) => (i.number % 2 === 0 ? 1 : 2)));
    expect(quality.flags).toContain('disacquiescence');
    expect(quality.indices.acquiescence).toBeLessThanOrEqual(-1);
  });

  it('puts answers that ignore keying under review', () => {
    // Agree with forward items and mildly with reversed ones: pair gap |5 − (7 − 4)| = 2.
    const quality = assessQuality(answersFrom((i) => (i.reversed ? 4 : 5)));
    expect(quality).toMatchObject({ status: 'review', flags: ['low_spread', 'acquiescence', 'inconsistent'] });
    expect(quality.indices).toMatchObject({ longestRun: 8, acquiescence: 1, inconsistency: 2 });
    expect(quality.indices.spread).toBeCloseTo(0.5, 3);
  });

  it('accepts a consistent extreme responder', () => {
    const quality = assessQuality(answersFrom((i) => (i.reversed ? 1 : 6)));
    expect(quality).toMatchObject({ status: 'ok', flags: [], indices: { longestRun: 8, acquiescence: 0, inconsistency: 0 } });
    expect(quality.indices.spread).toBeCloseTo(2.5, 3);
  });
});
