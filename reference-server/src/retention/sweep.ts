import type { AppContext } from '../context.js';
import { retentionPlan, type RetentionRule } from './scan.js';
import type { RetentionWindows } from './policy.js';

/** Records removed per sweep at most, and per store write. */
export const SWEEP_LIMIT = 20_000;
const BATCH = 500;

export interface SweepResult {
  pruned: Record<string, number>;
  /** More was due than one sweep removes: run again soon. */
  more: boolean;
}

/** The sweep's figures (observability/'s metrics are one: compose.ts hands them in). */
export interface RetentionMetrics {
  retentionSweeps: { inc(labels: { outcome: 'ok' | 'failed' }): void };
  retentionPruned: { inc(labels: { collection: string }, value: number): void };
  retentionLastSweep: { set(value: number): void };
}

/**
 * One retention sweep: removes what the domains' `rules` plan in batches of BATCH deletes (each
 * its own short transaction, so writers wait for one batch at most), then, on a data folder,
 * compacts when it removed anything, so the snapshot files and the journal shrink with the data
 * rather than at the next size-triggered compaction (`compact`; PostgreSQL reclaims space by itself).
 */
export async function sweepRetention(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  windows: RetentionWindows,
  rules: readonly RetentionRule[],
  metrics?: RetentionMetrics,
  compact?: () => Promise<void>,
): Promise<SweepResult> {
  try {
    // Planned from plain reads: a delete of a record removed meanwhile is no error.
    const plan = await retentionPlan(ctx.db, ctx.clock.now(), windows, SWEEP_LIMIT, rules);
    for (let i = 0; i < plan.ops.length; i += BATCH) await ctx.db.write(plan.ops.slice(i, i + BATCH));
    if (plan.ops.length > 0 && compact) await compact();
    for (const after of plan.afterwards) await after(ctx);
    metrics?.retentionSweeps.inc({ outcome: 'ok' });
    for (const [collection, count] of Object.entries(plan.pruned)) metrics?.retentionPruned.inc({ collection }, count);
    metrics?.retentionLastSweep.set(ctx.clock.now() / 1000);
    return { pruned: plan.pruned, more: plan.more };
  } catch (error) {
    metrics?.retentionSweeps.inc({ outcome: 'failed' });
    throw error;
  }
}
