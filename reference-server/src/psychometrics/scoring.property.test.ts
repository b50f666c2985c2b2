import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSubmission } from '../assessment/submission.js';
import { DIMENSIONS, ITEM_KEYS } from './model.js';
import { BENCHMARK_TAGS, selectNorm } from './norms.js';
import { bandOf, computeScores, scoreAnswers } from './scoring.js';

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

  it('bands agree with unrounded percentiles', () => {
    fc.assert(
      fc.property(answerSets, (answers) => {
        const { norm, reference } = selectNorm();
        const raw = computeScores(answers, norm, reference);
        for (const d of DIMENSIONS) expect(raw.dimensions[d].band).toBe(bandOf(raw.dimensions[d].percentile));
      }),
      { numRuns: 100 },
    );
  });

  it('mirrors: answering 7 − x everywhere turns each dimension mean m into 7 − m', () => {
    fc.assert(
      fc.property(answerSets, (answers) => {
        const { norm, reference } = selectNorm();
        const mirrored = Object.fromEntries(Object.entries(answers).map(([id, x]) => [id, 7 - x]));
        const a = computeScores(answers, norm, reference);
        const b = computeScores(mirrored, norm, reference);
        for (const d of DIMENSIONS) expect(a.dimensions[d].mean + b.dimensions[d].mean).toBeCloseTo(7, 10);
        expect(a.quality.indices.acquiescence).toBeCloseTo(-b.quality.indices.acquiescence, 10);
        expect(a.quality.indices.inconsistency).toBeCloseTo(b.quality.indices.inconsistency, 10);
      }),
      { numRuns: 100 },
    );
  });

  it('is monotonic: agreeing more with a forward item never lowers its dimension', () => {
    fc.assert(
      fc.property(answerSets, fc.constantFrom(...ITEM_KEYS.filter((i) => !i.reversed)), (answers, item) => {
        fc.pre((answers[item.id] as number) < 6);
        const { norm, reference } = selectNorm();
        const before = computeScores(answers, norm, reference).dimensions[item.dimension];
        const after = computeScores({ ...answers, [item.id]: (answers[item.id] as number) + 1 }, norm, reference).dimensions[item.dimension];
        expect(after.z).toBeGreaterThan(before.z);
        expect(after.percentile).toBeGreaterThanOrEqual(before.percentile);
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
