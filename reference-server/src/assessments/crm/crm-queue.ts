import type { AppContext } from '../../context.js';
import { defineJobQueue, type JobHandler, type JobRef } from '../../jobs/index.js';
import { failedOnInternalAddress } from '../../outbound/index.js';
import { del, put, type AsyncReader, type StoredRecord, type WriteOp } from '../../store/index.js';
import { getResult, recordCrmSync, type AssessmentResult, type CrmSyncState } from '../results.js';
import { activeCrmConfig, type CrmConfig } from './crm-config.js';
import { crmPayload } from './payload.js';

/**
 * CRM sync, a queue of the job runner (jobs/runner.ts). A job (one per result, keyed by the result id) is written in the
 * same store write as the result it syncs, so a result saved before a crash is still synced
 * after the restart. A later revision of the result replaces the job: the CRM receives the
 * latest state, and a superseded revision is not sent again.
 *
 * Attempts: at once, then after each failure wait BACKOFF_MS[attempt − 1] (or the CRM's
 * Retry-After, if longer), 7 attempts in all; then the sync is `failed` on the result.
 */
export const CRM_JOBS = 'assessment_crm_jobs';
export const BACKOFF_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
const MAX_RETRY_AFTER_MS = 6 * 3600_000;

interface CrmJob extends StoredRecord {
  /** The result id. */
  id: string;
  revision: number;
  attempts: number;
  /** Epoch ms of the next attempt. */
  nextAttemptAt: number;
}

export interface CrmRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request; resolves with the status (and Retry-After in ms, if any) or rejects on a network/SSRF error. */
export type CrmTransport = (request: CrmRequest) => Promise<{ status: number; retryAfterMs?: number; internal?: boolean }>;

/** The initial sync state of a result about to be saved, and the job that will carry it out. */
export async function crmSyncPlan(ctx: { db: AsyncReader; clock: AppContext['clock'] }, orgId: string): Promise<{ state: CrmSyncState; ops: (result: AssessmentResult) => WriteOp[] }> {
  if (!(await activeCrmConfig(ctx, orgId))) return { state: { status: 'not_configured', attempts: 0 }, ops: () => [] };
  const now = ctx.clock.now();
  return {
    state: { status: 'pending', attempts: 0, nextAttemptAt: new Date(now).toISOString() },
    ops: (result) => [put<CrmJob>(CRM_JOBS, orgId, { id: result.id, revision: result.revision, attempts: 0, nextAttemptAt: now })],
  };
}

function errorText(error: unknown): string {
  // An internal address's network error names it (and tells open ports from closed ones).
  if (failedOnInternalAddress(error)) return 'no answer from an internal address (the detail is not kept)';
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}

/** At most this many CRM requests at once, over all organisations. */
export const CRM_CONCURRENCY = 8;

/** CRM sync: one job per result to send, due at its next attempt; CrmSync handles it. */
export const CRM_SYNC = defineJobQueue<CrmJob>({ name: 'assessment-crm-sync', collection: CRM_JOBS, concurrency: CRM_CONCURRENCY, dueAt: (job) => job.nextAttemptAt });

export class CrmSync {
  readonly #ctx: AppContext;
  readonly #transport: CrmTransport;

  constructor(ctx: AppContext, transport: CrmTransport) {
    this.#ctx = ctx;
    this.#transport = transport;
  }

  /** CRM_SYNC's handler: one attempt at one result's sync. */
  readonly handle: JobHandler = (ref, signal) => this.#attempt(ref, signal);

  async #attempt({ scope: orgId, id: resultId }: JobRef, signal: AbortSignal): Promise<void> {
    const ctx = this.#ctx;
    const [job, result, config] = await Promise.all([ctx.db.get<CrmJob>(CRM_JOBS, orgId, resultId), getResult(ctx, orgId, resultId), activeCrmConfig(ctx, orgId)]);
    if (!job || signal.aborted) return;
    if (!result || result.revision !== job.revision || !config) {
      // The result is gone, or sync was switched off meanwhile: nothing left to send.
      const state: CrmSyncState = { status: config ? 'superseded' : 'not_configured', attempts: job.attempts };
      await recordCrmSync(ctx, orgId, resultId, job.revision, state, [del(CRM_JOBS, orgId, resultId)], { collection: CRM_JOBS, revision: job.revision });
      return;
    }

    const attempts = job.attempts + 1;
    let failure: string | undefined;
    let retryAfterMs: number | undefined;
    try {
      const response = await this.#transport(this.#request(config, result));
      if (response.status < 200 || response.status >= 300) {
        failure = response.internal ? `CRM answered HTTP ${Math.floor(response.status / 100)}xx (an internal address: only the class is kept)` : `CRM answered HTTP ${response.status}`;
        retryAfterMs = response.retryAfterMs;
      }
    } catch (error) {
      failure = errorText(error);
    }

    // Each outcome is recorded only while the job is still this revision's (a newer one may have replaced it meanwhile).
    const thisJob = { collection: CRM_JOBS, revision: job.revision };
    const now = ctx.clock.now();
    const lastAttemptAt = new Date(now).toISOString();
    if (failure === undefined) {
      await recordCrmSync(ctx, orgId, resultId, job.revision, { status: 'synced', attempts, lastAttemptAt, syncedAt: lastAttemptAt }, [
        del(CRM_JOBS, orgId, resultId),
      ], thisJob);
      return;
    }
    if (attempts >= MAX_ATTEMPTS) {
      await recordCrmSync(ctx, orgId, resultId, job.revision, { status: 'failed', attempts, lastAttemptAt, lastError: failure }, [
        del(CRM_JOBS, orgId, resultId),
      ], thisJob);
      return;
    }
    const delay = Math.max(BACKOFF_MS[attempts - 1] as number, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
    const nextAttemptAt = now + delay;
    await recordCrmSync(
      ctx,
      orgId,
      resultId,
      job.revision,
      { status: 'retrying', attempts, lastAttemptAt, nextAttemptAt: new Date(nextAttemptAt).toISOString(), lastError: failure },
      [put<CrmJob>(CRM_JOBS, orgId, { ...job, attempts, nextAttemptAt })],
      thisJob,
    );
  }

  #request(config: CrmConfig, result: AssessmentResult): CrmRequest {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      // Lets the CRM drop a repeat of a revision it already stored (we deliver at least once).
      'idempotency-key': `${result.id}.r${result.revision}`,
    };
    if (config.authHeader && config.sealedAuthValue) headers[config.authHeader.toLowerCase()] = this.#ctx.keyring.decrypt(config.sealedAuthValue);
    return { url: config.url, headers, body: JSON.stringify(crmPayload(result)) };
  }
}
