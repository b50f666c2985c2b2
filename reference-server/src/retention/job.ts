import type { AppContext } from '../context.js';
import type { PeriodicJob } from '../jobs/index.js';
import { retentionWindows, sweepIntervalMs } from './policy.js';
import type { RetentionRule } from './scan.js';
import { sweepRetention, type RetentionMetrics } from './sweep.js';

/**
 * The retention sweep as a periodic job of the server's job runner (every `--retention-interval`,
 * 1 h by default) over the domains' `rules` (retention-rules.ts). A sweep that hit its per-run
 * limit logs that more is due; the next run continues, so a backlog drains over a few intervals
 * instead of stalling one. `compact` is the data folder's compaction (none on a database).
 */
export function retentionSweep(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>,
  rules: readonly RetentionRule[],
  metrics: RetentionMetrics,
  compact?: () => Promise<void>,
): PeriodicJob {
  const windows = retentionWindows(ctx.config);
  return {
    name: 'retention-sweep',
    everyMs: sweepIntervalMs(ctx.config),
    async run() {
      const { pruned, more } = await sweepRetention(ctx, windows, rules, metrics, compact);
      if (Object.keys(pruned).length > 0) ctx.log.info({ pruned, more }, 'retention removed records past their windows');
    },
  };
}
