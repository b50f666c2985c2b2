import type { AppContext } from '../context.js';
import type { Metrics } from '../observability/index.js';
import { removeResourceFile } from '../submissions/index.js';
import { retentionPlan, type RetentionWindows } from './policy.js';

/** Records removed per sweep at most, and per store write. */
export const SWEEP_LIMIT = 20_000;
const BATCH = 500;

export interface SweepResult {
  pruned: Record<string, number>;
  /** More was due than one sweep removes: run again soon. */
  more: boolean;
}

/**
 * One retention sweep: removes what `retentionPlan` says through the store's ordinary durable
 * writes, then compacts when it removed anything, so the snapshot files and the journal shrink
 * with the data rather than at the next size-triggered compaction.
 */
export async function sweepRetention(
  ctx: Pick<AppContext, 'store' | 'db' | 'clock' | 'config'>,
  windows: RetentionWindows,
  metrics?: Pick<Metrics, 'retentionSweeps' | 'retentionPruned' | 'retentionLastSweep'>,
): Promise<SweepResult> {
  try {
    const plan = retentionPlan(ctx.store, ctx.clock.now(), windows, SWEEP_LIMIT);
    for (let i = 0; i < plan.ops.length; i += BATCH) await ctx.store.write(plan.ops.slice(i, i + BATCH));
    if (plan.ops.length > 0) await ctx.store.compact();
    for (const file of plan.files) await removeResourceFile(ctx, file.orgId, file.resourceId);
    metrics?.retentionSweeps.inc({ outcome: 'ok' });
    for (const [collection, count] of Object.entries(plan.pruned)) metrics?.retentionPruned.inc({ collection }, count);
    metrics?.retentionLastSweep.set(ctx.clock.now() / 1000);
    return { pruned: plan.pruned, more: plan.more };
  } catch (error) {
    metrics?.retentionSweeps.inc({ outcome: 'failed' });
    throw error;
  }
}
