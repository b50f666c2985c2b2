import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCrashTrials } from './crash.js';

const TRIALS = 3;

it(`keeps every acknowledged write across ${TRIALS} kill -9s in the middle of a write load`, { timeout: 180_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'crash-'));
  try {
    const report = await runCrashTrials({ dataDir, trials: TRIALS, seed: 20_261_122 });
    expect(report.trials).toHaveLength(TRIALS);
    for (const trial of report.trials) {
      expect(trial.problems).toEqual([]);
      expect(trial.acked).toBeGreaterThanOrEqual(15);
    }
    // Every trial reads back everything acknowledged so far, so the count only grows.
    const verified = report.trials.map((t) => t.verified);
    expect(verified).toEqual([...verified].sort((a, b) => a - b));
    expect(report.afterCleanRestart.problems).toEqual([]);
    expect(report.afterCleanRestart.verified).toBe(verified.at(-1));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
