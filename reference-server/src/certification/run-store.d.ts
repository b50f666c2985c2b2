import type { AppContext } from '../context.js';
import { type RunRecord, type WatchedRecord } from './records.js';
export declare const getRun: (ctx: Pick<AppContext, "store">, orgId: string, runId: string) => RunRecord | undefined;
/** True when no run watches anything: all a request of no run pays. */
export declare const noRunWatching: (ctx: Pick<AppContext, "store">) => boolean;
/** The running run that watches a key (`key:<keyId>`) or an OAuth client (`client:<clientId>`). */
export declare const watchedBy: (ctx: Pick<AppContext, "store">, handle: string) => WatchedRecord | undefined;
/**
 * Changes a running run. The read, the change and the write's call happen in one tick, and the
 * store applies a write in memory when it is called, so two observations of one run never read
 * the same version: no lock is needed. A finished run is left as it is (undefined is returned).
 */
export declare function updateRun<T>(ctx: Pick<AppContext, 'store'>, orgId: string, runId: string, change: (run: RunRecord) => T): Promise<T | undefined>;
