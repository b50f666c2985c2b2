import type { AppContext } from '../context.js';
import { RUN_JOBS, type RunJob, type RunRecord } from './records.js';
import { getRun } from './run-store.js';

/** Running runs an organisation may have at once unless the operator says otherwise (`--max-certification-runs`). */
export const DEFAULT_MAX_RUNNING_RUNS = 5;

/**
 * A start refused because the organisation already has the most running runs allowed. A state the
 * caller changes by finishing a run, not by waiting a moment: surfaces answer it as a conflict
 * (409), naming the runs to finish (docs/decisions/certification-run-limit.md).
 */
export class RunLimitError extends Error {
  override name = 'RunLimitError';

  constructor(
    readonly limit: number,
    /** The organisation's running runs, oldest first. */
    readonly running: readonly RunRecord[],
  ) {
    const listed = running.map((run) => `${run.id} (“${run.integration.name}”, started ${run.startedAt})`).join(', ');
    super(`the organisation already has ${running.length} running certification runs, the most allowed (${limit}): finish one first — ${listed}`);
  }
}

export const maxRunningRuns = (ctx: Pick<AppContext, 'config'>): number => ctx.config.maxCertificationRuns ?? DEFAULT_MAX_RUNNING_RUNS;

/**
 * Throws RunLimitError when the organisation may not start another run now. A running run has
 * exactly one driver job record, so the count is one store count; the runs are read only to
 * name them in a refusal. Called again right before a start's write, in the same tick, so
 * concurrent starts cannot overshoot.
 */
export function checkRunLimit(ctx: Pick<AppContext, 'config' | 'store'>, orgId: string): void {
  const limit = maxRunningRuns(ctx);
  if (ctx.store.count(RUN_JOBS, orgId) < limit) return;
  const running = ctx.store
    .all<RunJob>(RUN_JOBS, orgId)
    .map((job) => getRun(ctx, orgId, job.id))
    .filter((run): run is RunRecord => run?.status === 'running' || run?.status === 'ready')
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  throw new RunLimitError(limit, running);
}
