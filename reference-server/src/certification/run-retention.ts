import type { RetentionScan } from '../retention/index.js';
import { RUNS, type RunRecord } from './run-records.js';

/** Retention of certification runs: finished ones past their window (a running run is never removed). */
export async function runRetention(scan: RetentionScan): Promise<void> {
  const cutoff = scan.now - scan.windows.runsMs;
  for (const scope of await scan.db.scopes(RUNS)) {
    if (scan.full()) return;
    // Walked in start order: a run is kept while running or inside its window since it finished.
    scan.take(RUNS, scope, await scan.expired<RunRecord>(RUNS, scope, cutoff, (r) => Date.parse(r.startedAt), (r) => r.finishedAt === null || Date.parse(r.finishedAt) > cutoff));
  }
}
