import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSubmission } from '../assessment-api/submit-input.js';
import { DIMENSIONS, ITEM_KEYS } from './model.js';
import { BENCHMARK_TAGS, selectNorm } from './norms.js';
import { measureQuality } from './quality.js';
import { bandOf, dimensionSums, exactScale, scoreAnswers } from './scoring-engine.js';

/** Properties that must hold for every possible answer set, not just the worked example. */
const answerSets = fc
  .array(fc.integer({ min: 1, max: 6 }), { minLength: ITEM_KEYS.length, maxLength: ITEM_KEYS.length })
  .map((values) => Object.fromEntries(ITEM_KEYS.map((item, i) => [item.id, values[i] as number])));
const norms = fc.constantFrom(selectNorm(), ...BENCHMARK_TAGS.map((tag) => selectNorm(tag)));

describe('scoring properties', () => {
  it('keeps every output within its documented range', () => {
    fc.assert(
      fc.property(answerSets, norms, (answers, { norm, reference }) => {
        const report = scoreAnswers(answers, norm, reference);
        for (const score of [...Object.values(report.dimensions), report.composite]) {
          expect(score.mean).toBeGreaterThanOrEqual(1);
          expect(score.mean).toBeLessThanOrEqual(6);
          expect(score.pomp).toBeGreaterThanOrEqual(0);
          expect(score.pomp).toBeLessThanOrEqual(100);
          expect(Number.isInteger(score.percentile) && score.percentile >= 1 && score.percentile <= 99).toBe(true);
          expect(score.sten >= 1 && score.sten <= 10).toBe(true);
          expect(score.ci95.tLow).toBeLessThanOrEqual(score.t);
          expect(score.ci95.tHigh).toBeGreaterThanOrEqual(score.t);
          expect(score.ci95.percentileLow).toBeLessThanOrEqual(score.percentile);
          expect(score.ci95.percentileHigh).toBeGreaterThanOrEqual(score.percentile);
        }
        expect(['ok', 'review', 'invalid']).toContain(report.quality.status);
        expect(report.quality.status === 'ok').toBe(report.quality.flags.length === 0);
      }),
      { numRuns: 200 },
    );
  });

  it('bands agree with exact percentiles', () => {
    fc.assert(
      fc.property(answerSets, (answers) => {
        const { norm } = selectNorm();
        const sums = dimensionSums(answers);
        for (const d of DIMENSIONS) {
          const exact = exactScale(sums[d].sum, sums[d].items, norm.dimensions[d]);
          expect(exact.band).toBe(bandOf(exact.percentile));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('mirrors: answering 7 − x everywhere turns each dimension mean m into 7 − m', () => {
    fc.assert(
      fc.property(answerSets, (answers) => {
        const mirrored = Object.fromEntries(Object.entries(answers).map(([id, x]) => [id, 7 - x]));
        const a = dimensionSums(answers);
        const b = dimensionSums(mirrored);
        for (const d of DIMENSIONS) expect(a[d].sum + b[d].sum).toBe(7 * a[d].items);
        const qa = measureQuality(answers).indices;
        const qb = measureQuality(mirrored).indices;
        expect(qa.acquiescence.neg().eq(qb.acquiescence)).toBe(true);
        expect(qa.inconsistency.eq(qb.inconsistency)).toBe(true);
        expect(qa.spread.eq(qb.spread)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('is monotonic: agreeing more with a forward item never lowers its dimension', () => {
    fc.assert(
      fc.property(answerSets, fc.constantFrom(...ITEM_KEYS.filter((i) => !i.reversed)), (answers, item) => {
        fc.pre((answers[item.id] as number) < 6);
        const norm = selectNorm().norm.dimensions[item.dimension];
        const score = (a: typeof answers) => {
          const { sum, items } = dimensionSums(a)[item.dimension];
          return exactScale(sum, items, norm);
        };
        const before = score(answers);
        const after = score({ ...answers, [item.id]: (answers[item.id] as number) + 1 });
        expect(after.z.gt(before.z)).toBe(true);
        expect(after.percentile.gte(before.percentile)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('submission parsing properties', () => {
  it('never throws, and names each offending key once, in exactly one list', () => {
    const value = fc.oneof(fc.integer({ min: -2, max: 9 }), fc.double(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer()));
    const keys = fc.constantFrom('email', 'full_name', 'benchmark_tag_id', 'q0', 'q1', 'q2', 'q5', 'q77', 'q131', 'q132', 'q137', 'q141', 'extra');
    fc.assert(
      fc.property(fc.dictionary(keys, value), answerSets, fc.boolean(), (noise, answers, withAnswers) => {
        const body = { ...(withAnswers ? answers : {}), ...noise };
        const parsed = parseSubmission(body);
        if (parsed.ok) {
          expect(Object.keys(parsed.submission.answers)).toHaveLength(127);
        } else {
          expect(new Set(parsed.missing).size).toBe(parsed.missing.length);
          expect(new Set(parsed.invalid).size).toBe(parsed.invalid.length);
          expect(parsed.missing.filter((k) => parsed.invalid.includes(k))).toEqual([]);
          expect(parsed.missing.length + parsed.invalid.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
