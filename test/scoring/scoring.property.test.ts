import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workedExample } from '../../reference-server/src/psychometrics/fixtures.js';
import { benchmarkTag, selectNorm } from '../../reference-server/src/psychometrics/norms.js';
import * as production from '../../reference-server/src/psychometrics/scoring-engine.js';
import { FIXED_CASES, MODES, buildAnswers, type Answers } from './answer-sets.js';
import { documentedNorms } from './docs-norms.js';
import * as oracle from './oracle.js';

/**
 * The server's scores against an independent exact recomputation (oracle.ts) from the formulas
 * and the norms table of docs/assessment.md. A published scale depends only on (norm, scale, sum),
 * a finite domain, so every possible scale score is compared; then seeded answer sets — uniform,
 * and built to land on ties, sten boundaries and quality thresholds — compare whole reports.
 */
const DOCS = documentedNorms();
const NORM_IDS = [...DOCS.keys()];
const SCALES = [...oracle.DIMENSIONS, 'composite'] as const;
type Scale = (typeof SCALES)[number];
const GENERATED_RUNS = 4000;

const serverNorm = (id: string) => (id === 'general' ? selectNorm() : selectNorm(benchmarkTag(id)));
const documented = (id: string) => DOCS.get(id) as oracle.Norms;
const itemCount = (scale: Scale) => (scale === 'composite' ? oracle.ITEMS.length : oracle.itemsOf(scale).length);
const normOf = <N>(norms: { dimensions: Record<oracle.Dimension, N>; composite: N }, scale: Scale): N =>
  scale === 'composite' ? norms.composite : norms.dimensions[scale];

/** x is exactly halfway between two values of `decimals` places. */
const isTie = (x: oracle.Rat, decimals: number) => {
  const twice = oracle.mul(x, oracle.rat(2n * 10n ** BigInt(decimals)));
  return twice.d === 1n && twice.n % 2n !== 0n;
};
/**
 * Within 10⁻⁴ of a tie (the CI ends, which involve √(1 − α)): where a multiplier of 1.959964
 * instead of 1.96, or binary noise, would change the published value.
 */
const nearTie = (x: oracle.Real, decimals: number) => {
  const value = Math.abs(Number(x.centre.n) / Number(x.centre.d)) * 10 ** decimals;
  return Math.abs((value % 1) - 0.5) < 10 ** (decimals - 4);
};

interface Classified {
  expected: oracle.PublishedScale;
  kinds: string[];
}

function classify(sum: number, items: number, norm: oracle.ScaleNorm): Classified {
  const x = oracle.exactScale(sum, items, norm);
  const kinds = [
    isTie(x.mean, 2) && 'mean tie',
    isTie(x.pomp, 1) && 'POMP tie',
    isTie(x.z, 2) && 'z tie',
    isTie(x.t, 1) && 'T tie',
    x.stenArgument.d === 1n && 'sten boundary',
    (x.tLow.radius.n === 0n ? isTie(x.tLow.centre, 1) || isTie(x.tHigh.centre, 1) : false) && 'CI T tie',
    (nearTie(x.tLow, 1) || nearTie(x.tHigh, 1)) && 'CI T within 1e-4 of a tie',
  ].filter((k): k is string => typeof k === 'string');
  return { expected: oracle.scoreScale(sum, items, norm), kinds };
}

/** Every (norm, scale, sum) the instrument can produce, scored by the oracle from the docs. */
const TABLE = new Map<string, Classified>();
const key = (id: string, scale: Scale, sum: number) => `${id}|${scale}|${sum}`;
for (const id of NORM_IDS) {
  for (const scale of SCALES) {
    const items = itemCount(scale);
    for (let sum = items; sum <= 6 * items; sum += 1) TABLE.set(key(id, scale, sum), classify(sum, items, normOf(documented(id), scale)));
  }
}
const interesting = (id: string, scale: Scale) =>
  Array.from({ length: 5 * itemCount(scale) + 1 }, (_, i) => itemCount(scale) + i).filter((sum) => (TABLE.get(key(id, scale, sum))?.kinds.length ?? 0) > 0);

/** The oracle's report for answers (scales from the table, quality computed). */
function expectedScores(answers: Answers, id: string) {
  const sums = oracle.dimensionSums(answers);
  const total = oracle.DIMENSIONS.reduce((a, d) => a + sums[d], 0);
  const scale = (s: Scale, sum: number) => (TABLE.get(key(id, s, sum)) as Classified).expected;
  return {
    dimensions: Object.fromEntries(oracle.DIMENSIONS.map((d) => [d, scale(d, sums[d])])),
    composite: scale('composite', total),
    quality: oracle.scoreQuality(answers),
  };
}

function serverScores(answers: Answers, id: string) {
  const { norm, reference } = serverNorm(id);
  const report = production.scoreAnswers(answers, norm, reference);
  return {
    dimensions: Object.fromEntries(Object.entries(report.dimensions).map(([d, { label: _label, ...score }]) => [d, score])),
    composite: report.composite,
    quality: report.quality,
  };
}

describe('the norms the docs publish', () => {
  it('are the norms the server scores with, for the general norm and every benchmark', () => {
    expect(NORM_IDS).toEqual(['general', ...Array.from({ length: 12 }, (_, i) => expect.stringMatching(/^bt_/))]);
    for (const id of NORM_IDS) {
      const { norm } = serverNorm(id);
      expect(norm.sampleSize).toBe(DOCS.get(id)?.sampleSize);
      for (const scale of SCALES) {
        const docs = normOf(documented(id), scale);
        const server = normOf(norm, scale);
        // The docs' text read exactly equals the server's number read by its shortest text.
        for (const stat of ['mean', 'sd', 'reliability'] as const) expect(oracle.dec(server[stat])).toEqual(oracle.dec(docs[stat]));
      }
    }
  });
});

describe('every possible scale score', () => {
  it('equals the exact recomputation from the docs, for every norm, scale and sum', { timeout: 600_000 }, () => {
    const mismatches: string[] = [];
    const kinds = new Map<string, number>();
    for (const id of NORM_IDS) {
      const { norm } = serverNorm(id);
      for (const scale of SCALES) {
        const items = itemCount(scale);
        for (let sum = items; sum <= 6 * items; sum += 1) {
          const { expected, kinds: found } = TABLE.get(key(id, scale, sum)) as Classified;
          for (const kind of found) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          const actual = production.publishScale(production.exactScale(sum, items, normOf(norm, scale)));
          if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(`${key(id, scale, sum)}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(TABLE.size).toBe(13 * (7 * 81 + 76 + 636));
    console.info(`scoring: ${TABLE.size} scale scores compared; ties and boundaries among them: ${JSON.stringify(Object.fromEntries(kinds))}`);
    // The domain really contains the cases exactness is for.
    // (No CI end is ever exactly a tie: where √(1 − α) is rational, α = 0.84, T ± 7.84 ends in 1 or 9.)
    for (const kind of ['mean tie', 'POMP tie', 'z tie', 'T tie', 'sten boundary', 'CI T within 1e-4 of a tie']) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(10);
  });
});

describe('the reported tie and boundary cases', () => {
  const score = ({ norm, answers }: { norm: string; answers: Answers }) => serverScores(answers, norm);

  it('z at a tie: resilience mean 3.625 against bt_corporate_venturing is −0.63', () => {
    expect(score(FIXED_CASES.zTie).dimensions.resilience).toMatchObject({ sum: 58, mean: 3.63, z: -0.63 });
  });

  it('T at a tie: perseverance sum 34 against bt_climate is 11.3', () => {
    expect(score(FIXED_CASES.tTie).dimensions.perseverance).toMatchObject({ sum: 34, z: -3.88, t: 11.3 });
  });

  it('sten at a boundary: every answer 3, self_efficacy against bt_b2b_software has z −1.5 and sten 3', () => {
    expect(score(FIXED_CASES.stenBoundary).dimensions.self_efficacy).toMatchObject({ sum: 56, mean: 3.5, z: -1.5, sten: 3 });
  });

  it('one CI multiplier, 1.96: every answer 2, autonomy against bt_fintech has tLow 25.8', () => {
    expect(score(FIXED_CASES.ciMultiplier).dimensions.autonomy).toMatchObject({ sum: 51, t: 34.6, ci95: { tLow: 25.8, tHigh: 43.4 } });
  });

  it('agree with the oracle in every other number too', () => {
    for (const c of Object.values(FIXED_CASES)) expect(score(c)).toEqual(expectedScores(c.answers, c.norm));
  });
});

describe('the worked example of docs/assessment.md', () => {
  it('shows the untagged result the server and the oracle compute', () => {
    const markdown = readFileSync(new URL('../../docs/assessment.md', import.meta.url), 'utf8');
    const rows = markdown.split('\n').filter((l) => /^\| [a-z_]+ \| 1[56] \| \d+ \| /.test(l));
    expect(rows).toHaveLength(8);
    const server = serverScores(workedExample(), 'general');
    const number = (text: string) => Number(text.replace('−', '-'));
    for (const row of rows) {
      const [dimension, items, sum, mean, , z, t, percentile, sten, band, tBand, pBand] = row.split('|').slice(1, -1).map((c) => c.trim());
      const [tLow, tHigh] = (tBand as string).split('–').map(number);
      const [percentileLow, percentileHigh] = (pBand as string).split('–').map(number);
      expect(server.dimensions[dimension as string]).toEqual({
        items: number(items as string),
        sum: number(sum as string),
        mean: number(mean as string),
        pomp: expect.any(Number),
        z: number(z as string),
        t: number(t as string),
        percentile: number(percentile as string),
        sten: number(sten as string),
        band,
        ci95: { tLow, tHigh, percentileLow, percentileHigh },
      });
    }
    expect(server).toEqual(expectedScores(workedExample(), 'general'));
  });
});

describe('generated answer sets', () => {
  it(`score as the oracle computes them: ${GENERATED_RUNS} seeded cases over every norm`, { timeout: 600_000 }, () => {
    const hits = { scaleTiesOrBoundaries: 0, qualityOnThreshold: 0, flagged: 0 };
    fc.assert(
      fc.property(fc.constantFrom(...NORM_IDS), fc.constantFrom(...MODES), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (id, mode, seed) => {
        const answers = buildAnswers(seed, mode, id, interesting);
        const expected = expectedScores(answers, id);
        expect(serverScores(answers, id)).toEqual(expected);
        const sums = oracle.dimensionSums(answers);
        const total = oracle.DIMENSIONS.reduce((a, d) => a + sums[d], 0);
        const scales = [...oracle.DIMENSIONS.map((d) => key(id, d, sums[d])), key(id, 'composite', total)];
        hits.scaleTiesOrBoundaries += scales.filter((k) => (TABLE.get(k)?.kinds.length ?? 0) > 0).length;
        const pairRaw = oracle.PAIRS.reduce((a, p) => a + (answers[p.forward.id] as number) + (answers[p.reversed.id] as number), 0);
        if ([16, 32].includes(expected.quality.indices.longestRun) || [126, 252].includes(Math.abs(pairRaw - 441))) hits.qualityOnThreshold += 1;
        if (expected.quality.flags.length > 0) hits.flagged += 1;
      }),
      { seed: 18, numRuns: GENERATED_RUNS },
    );
    expect(hits.scaleTiesOrBoundaries).toBeGreaterThan(GENERATED_RUNS);
    expect(hits.qualityOnThreshold).toBeGreaterThan(GENERATED_RUNS / 20);
    console.info(`scoring: ${GENERATED_RUNS} generated answer sets; ${JSON.stringify(hits)}`);
  });
});
