import type { AppContext } from '../context.js';
import { create, GLOBAL, put, type AsyncReader, type AsyncWriteOp, type Transaction } from '../store/index.js';
import { OPEN_RUNS, RUN_JOBS, RUNS, type OpenRunsRecord, type RunJob, type RunRecord } from './run-records.js';

/** Open runs an organisation may have at once unless the operator says otherwise (`--max-certification-runs`). */
export const DEFAULT_MAX_RUNNING_RUNS = 5;
/** Open runs of all organisations together (`--max-certification-runs-total`): what one sandbox drives at once. */
export const DEFAULT_MAX_RUNNING_RUNS_TOTAL = 100;

/**
 * A start refused because the organisation (or the whole server) already has the most open runs
 * allowed. A state the caller changes by finishing a run, not by waiting a moment: surfaces answer
 * it as a conflict (409), naming the organisation's runs to finish
 * (docs/decisions/certification-run-limit.md). A server-wide refusal names no run: they are other
 * organisations'.
 */
export class RunLimitError extends Error {
  override name = 'RunLimitError';

  constructor(
    readonly limit: number,
    /** The organisation's open runs, oldest first (none for a server-wide refusal). */
    readonly running: readonly RunRecord[],
    readonly scope: 'organisation' | 'server' = 'organisation',
  ) {
    const listed = running.map((run) => `${run.id} (“${run.integration.name}”, started ${run.startedAt})`).join(', ');
    super(
      scope === 'server'
        ? `the server already has ${limit} open certification runs of all organisations, the most it allows: start again once some have finished`
        : `the organisation already has ${running.length} running certification runs, the most allowed (${limit}): finish one first — ${listed}`,
    );
  }
}

export const maxRunningRuns = (ctx: Pick<AppContext, 'config'>): number => ctx.config.maxCertificationRuns ?? DEFAULT_MAX_RUNNING_RUNS;
export const maxRunningRunsTotal = (ctx: Pick<AppContext, 'config'>): number => ctx.config.maxCertificationRunsTotal ?? DEFAULT_MAX_RUNNING_RUNS_TOTAL;

const ID = 'open';

/**
 * The open runs of a scope (an organisation, or GLOBAL for the server). A store written before the
 * record existed has none: its open runs are their driver jobs (one per open run).
 */
async function openRuns(reader: AsyncReader, scope: string, options: { forUpdate?: boolean } = {}): Promise<{ record: OpenRunsRecord; stored: boolean }> {
  const stored = await reader.get<OpenRunsRecord>(OPEN_RUNS, scope, ID, options);
  if (stored) return { record: stored, stored: true };
  const orgIds = scope === GLOBAL ? await reader.scopes(RUN_JOBS) : [scope];
  const runs: OpenRunsRecord['runs'] = [];
  for (const orgId of orgIds) for (const job of await reader.all<RunJob>(RUN_JOBS, orgId)) runs.push({ orgId, runId: job.id });
  return { record: { id: ID, runs }, stored: false };
}

async function refusal(reader: AsyncReader, orgId: string, limit: number, runIds: readonly string[]): Promise<RunLimitError> {
  const runs = await Promise.all(runIds.map((runId) => reader.get<RunRecord>(RUNS, orgId, runId)));
  const running = runs.filter((run): run is RunRecord => run?.status === 'running' || run?.status === 'ready').sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  return new RunLimitError(limit, running);
}

/**
 * Throws RunLimitError when the organisation or the server may not open another run now: a read
 * only, so a start beyond the limit is refused before it makes any credential. `admitRun` decides.
 */
export async function checkRunLimit(ctx: Pick<AppContext, 'config' | 'db'>, orgId: string): Promise<void> {
  const org = await openRuns(ctx.db, orgId);
  if (org.record.runs.length >= maxRunningRuns(ctx)) throw await refusal(ctx.db, orgId, maxRunningRuns(ctx), org.record.runs.map((r) => r.runId));
  const server = await openRuns(ctx.db, GLOBAL);
  if (server.record.runs.length >= maxRunningRunsTotal(ctx)) throw new RunLimitError(maxRunningRunsTotal(ctx), [], 'server');
}

/**
 * In the transaction that writes a new run: counts it against both limits, or throws
 * RunLimitError. Both records are read `forUpdate` (the organisation's first, then the server's,
 * in every transaction that takes both), so of two starts at the limit the second reads the
 * first's write and is refused. A record not written yet is made with `create`: of two starts
 * that both found none, one fails with StoreConflictError, and running it again reads the other's.
 */
export async function admitRun(ctx: Pick<AppContext, 'config'>, tx: Transaction, orgId: string, runId: string): Promise<void> {
  const org = await openRuns(tx, orgId, { forUpdate: true });
  if (org.record.runs.length >= maxRunningRuns(ctx)) throw await refusal(tx, orgId, maxRunningRuns(ctx), org.record.runs.map((r) => r.runId));
  const server = await openRuns(tx, GLOBAL, { forUpdate: true });
  if (server.record.runs.length >= maxRunningRunsTotal(ctx)) throw new RunLimitError(maxRunningRunsTotal(ctx), [], 'server');
  const ops: AsyncWriteOp[] = [];
  for (const [scope, { record, stored }] of [[orgId, org], [GLOBAL, server]] as const) {
    const next: OpenRunsRecord = { id: ID, runs: [...record.runs, { orgId, runId }] };
    ops.push(stored ? put(OPEN_RUNS, scope, next) : create(OPEN_RUNS, scope, next));
  }
  await tx.write(ops);
}

/** In the transaction that ends a run: it no longer counts against either limit. */
export async function releaseRun(tx: Transaction, orgId: string, runId: string): Promise<void> {
  const ops: AsyncWriteOp[] = [];
  for (const scope of [orgId, GLOBAL]) {
    const stored = await tx.get<OpenRunsRecord>(OPEN_RUNS, scope, ID, { forUpdate: true });
    if (!stored) continue;
    const runs = stored.runs.filter((r) => !(r.orgId === orgId && r.runId === runId));
    if (runs.length === stored.runs.length) continue;
    ops.push(put<OpenRunsRecord>(OPEN_RUNS, scope, { id: ID, runs }));
  }
  if (ops.length) await tx.write(ops);
}
