import fc from 'fast-check';
import { expect, it } from 'vitest';
import { powerCutTrial, workloadArbitrary } from './power-cut.js';

// The long run is `npm run crash -- --power-cut --trials N`; this one keeps `npm test` short.
it('keeps every acknowledged write, whole batches and list order across 300 power cuts at random points', { timeout: 240_000 }, async () => {
  let acked = 0;
  await fc.assert(
    fc.asyncProperty(workloadArbitrary, async (workload) => {
      const outcome = await powerCutTrial(workload);
      acked += outcome.acked;
      expect(outcome.problems).toEqual([]);
      expect(outcome.opened).toBe(true);
      expect(outcome.lost).toBe(0);
    }),
    { numRuns: 300, seed: 20_261_126 },
  );
  // The workloads do acknowledge writes before their cuts (a cut at the first change proves little).
  expect(acked).toBeGreaterThan(2000);
});
