import { isDeepStrictEqual } from 'node:util';
import type { AppContext } from '../context.js';
import type { MaybePromise } from '../maybe-promise.js';
import { GLOBAL, put, type Transaction } from '../store/index.js';
import { RUNS, WATCHED, type RunRecord, type WatchedRecord } from './run-records.js';

/** The channel every transaction that changes a run notifies, with the run's id: `certify run` waits on it (watchRun). */
const RUN_CHANGES = 'certification_runs';

/** Tells the run's watchers, once `tx` commits (on PostgreSQL every server's), that the run changed. */
export const runChanged = (tx: Transaction, runId: string): void => tx.notify(RUN_CHANGES, runId);

/**
 * Calls `changed` after each committed change of the run (and when the store had to listen
 * again, since changes may have been missed meanwhile); resolves to the function that stops it.
 */
export const watchRun = (ctx: Pick<AppContext, 'db'>, runId: string, changed: () => void): Promise<() => Promise<void>> =>
  ctx.db.listen(RUN_CHANGES, (payload) => (payload === runId ? changed() : undefined), changed);

export const getRun = (ctx: Pick<AppContext, 'db'>, orgId: string, runId: string): Promise<RunRecord | undefined> => ctx.db.get<RunRecord>(RUNS, orgId, runId);

/** True when no run watches anything: all a request of no run pays (at once on the file store). */
export function noRunWatching(ctx: Pick<AppContext, 'db'>): MaybePromise<boolean> {
  const committed = ctx.db.committed;
  return committed ? committed.count(WATCHED, GLOBAL) === 0 : ctx.db.count(WATCHED, GLOBAL).then((n) => n === 0);
}

/** The running run that watches a key (`key:<keyId>`) or an OAuth client (`client:<clientId>`); at once on the file store. */
export function watchedBy(ctx: Pick<AppContext, 'db'>, handle: string): MaybePromise<WatchedRecord | undefined> {
  const committed = ctx.db.committed;
  return committed ? committed.get<WatchedRecord>(WATCHED, GLOBAL, handle) : ctx.db.get<WatchedRecord>(WATCHED, GLOBAL, handle);
}

/**
 * Changes a running run in one transaction, the run read `forUpdate`: requests of one run may
 * arrive at any server, and each observation is applied to the version the one before it wrote
 * (on PostgreSQL the second waits for the first's commit). A finished run is left as it is
 * (undefined is returned). `change` may run on a record another server wrote, so it keeps
 * everything it needs in the run. A change that changed nothing is not written: the driver looks
 * at every run's clocks each second, and most looks find nothing to do.
 */
export function updateRun<T>(ctx: Pick<AppContext, 'db'>, orgId: string, runId: string, change: (run: RunRecord) => T): Promise<T | undefined> {
  return ctx.db.transaction(async (tx) => {
    const stored = await tx.get<RunRecord>(RUNS, orgId, runId, { forUpdate: true });
    if (!stored || stored.status !== 'running') return undefined;
    const run = structuredClone(stored);
    const result = change(run);
    if (!isDeepStrictEqual(run, stored)) {
      await tx.write([put(RUNS, orgId, run)]);
      runChanged(tx, runId);
    }
    return result;
  });
}
