import { isDeepStrictEqual } from 'node:util';
import type { AppContext } from '../context.js';
import { GLOBAL, put } from '../store/index.js';
import { RUNS, WATCHED, type RunRecord, type WatchedRecord } from './records.js';

export const getRun = (ctx: Pick<AppContext, 'store'>, orgId: string, runId: string): RunRecord | undefined => ctx.store.get<RunRecord>(RUNS, orgId, runId);

/** True when no run watches anything: all a request of no run pays. */
export const noRunWatching = (ctx: Pick<AppContext, 'store'>): boolean => ctx.store.count(WATCHED, GLOBAL) === 0;

/** The running run that watches a key (`key:<keyId>`) or an OAuth client (`client:<clientId>`). */
export const watchedBy = (ctx: Pick<AppContext, 'store'>, handle: string): WatchedRecord | undefined => ctx.store.get<WatchedRecord>(WATCHED, GLOBAL, handle);

/**
 * Changes a running run. The read, the change and the write's call happen in one tick, and the
 * store applies a write in memory when it is called, so two observations of one run never read
 * the same version: no lock is needed. A finished run is left as it is (undefined is returned).
 * A change that changed nothing is not written: the driver looks at every run's clocks each
 * second, and most looks find nothing to do.
 */
export async function updateRun<T>(ctx: Pick<AppContext, 'store'>, orgId: string, runId: string, change: (run: RunRecord) => T): Promise<T | undefined> {
  const stored = getRun(ctx, orgId, runId);
  if (!stored || stored.status !== 'running') return undefined;
  const run = structuredClone(stored);
  const result = change(run);
  if (!isDeepStrictEqual(run, stored)) await ctx.store.write([put(RUNS, orgId, run)]);
  return result;
}
