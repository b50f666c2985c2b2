import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { del, GLOBAL, put, StoreConflictError, type AsyncWriteOp, type Page, type WriteOp } from '../store/index.js';
import { issueCredential, revokeCredential, registerClient, revokeClient, listUsers } from '../tenancy/index.js';
import { deleteCrmConfigSetWith } from '../assessments/index.js';
import { createSubscription, deleteSubscription, deleteSubscriptionsMadeWith, getSubscriptionRecord } from '../webhooks/index.js';
import { CHECK_GROUPS, checkInfo, selectChecks, type CheckGroup, type CheckId } from './checks.js';
import { startScenario } from './api-scenario.js';
import { certifyPassedRun } from './certificate.js';
import { closeRun } from './outcomes.js';
import { RUN_JOBS, RUNS, WATCHED, type RunCredentials, type RunEnd, type RunJob, type RunRecord, type WatchedRecord } from './run-records.js';
import { admitRun, checkRunLimit, releaseRun } from './run-limit.js';
import { getRun, runChanged } from './run-store.js';
import { PROBES } from './webhook-probes.js';

export const DEFAULT_TIMEOUT_S = 15 * 60;
export const DEFAULT_FAULT_WINDOW_S = 60;
export const DEFAULT_ACCESS_TOKEN_TTL_S = 60;

export const startRunSchema = z
  .object({
    name: z.string().min(1).max(200).optional().describe('what is certified, e.g. "Acme CRM sync"'),
    webhookUrl: z.url({ protocol: /^https?$/ }).max(2048).optional().describe("the integration's webhook receiver"),
    subscriptionId: z.string().min(1).max(100).optional().describe("instead of webhookUrl: an existing subscription of the organisation to probe (an integration that subscribes itself); the run leaves it in place"),
    checks: z.array(z.string().min(1)).optional().describe('groups (webhook, api, oauth) or check ids; default: every group whose inputs are given'),
    redirectUris: z.array(z.string().min(1)).optional().describe("the OAuth client's redirect URIs"),
    timeoutSeconds: z.int().min(10).max(24 * 3600).default(DEFAULT_TIMEOUT_S),
    faultWindowSeconds: z.int().min(5).max(600).default(DEFAULT_FAULT_WINDOW_S),
    accessTokenTtlSeconds: z.int().min(5).max(3600).default(DEFAULT_ACCESS_TOKEN_TTL_S),
    waitForBegin: z.boolean().default(false).describe('true: the run is made `ready` and its checks begin only with `certify begin` (the workspace\'s "Start the checks"), so the integration can be configured with its credentials first'),
  })
  .strict();
export type StartRunInput = z.input<typeof startRunSchema>;

/** How `certify run` or `certify finish` says a run ended (the driver and the workspace decide the others). */
export const finishedBySchema = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('operator') }),
  z.object({ reason: z.literal('command_exited'), exitCode: z.int().min(0).max(255) }),
  z.object({ reason: z.literal('command_signalled'), signal: z.string().regex(/^SIG[A-Z0-9]+$/) }),
  z.object({ reason: z.literal('interrupted'), signal: z.string().regex(/^SIG[A-Z0-9]+$/) }),
  z.object({ reason: z.literal('timeout') }),
]);

export class RunInputError extends Error {
  override name = 'RunInputError';
}

/** What a run hands its integration once: the secrets are in no record. */
export interface StartedRun {
  run: RunRecord;
  credentials: {
    base_url: string;
    automation_key?: string;
    developer_key?: string;
    oauth_client?: { client_id: string; client_secret: string; redirect_uris: string[]; access_token_lifetime_seconds: number };
    /** `secret` is absent for a borrowed subscription: the integration made it and holds its secret. */
    webhook?: { subscription_id: string; url: string; secret?: string };
  };
  url: string;
}

/** The groups a run covers: those named, or every group whose inputs were given. */
function groupsOf(input: z.infer<typeof startRunSchema>): { ids: ReturnType<typeof selectChecks>; groups: Set<CheckGroup> } {
  const ids = input.checks?.length
    ? selectChecks(input.checks)
    : selectChecks(CHECK_GROUPS.filter((g) => (g === 'webhook' ? input.webhookUrl || input.subscriptionId : g === 'oauth' ? input.redirectUris?.length : true)));
  const groups = new Set(ids.map((id) => checkInfo(id).group));
  if (input.webhookUrl && input.subscriptionId) throw new RunInputError('give the receiver’s URL (--webhook-url) or an existing subscription (--subscription), not both');
  if (groups.has('webhook') && !input.webhookUrl && !input.subscriptionId) throw new RunInputError('the webhook checks need the URL of the integration’s receiver (--webhook-url) or its subscription (--subscription)');
  if (groups.has('oauth') && !input.redirectUris?.length) throw new RunInputError('the OAuth checks need the redirect URI(s) of the integration (--redirect-uri)');
  return { ids, groups };
}

export const publicBase = (ctx: Pick<AppContext, 'config'>): string => (ctx.config.publicUrl ?? `http://${ctx.config.host}:${ctx.config.port}`).replace(/\/+$/, '');
export const runUrl = (ctx: Pick<AppContext, 'config'>, runId: string): string => `${publicBase(ctx)}/workspace/certification/${runId}`;

/**
 * Starts a certification run for one integration of the organisation: makes the credentials it
 * will use (each marked with the run, ended with it), the webhook subscription the receiver
 * probes go to, and the run with its driver job, in that order; anything made before a failure
 * is ended again.
 */
export async function startRun(ctx: AppContext, orgId: string, raw: StartRunInput, options: { startedBy: string; partnerOperations: string[] }): Promise<StartedRun> {
  const parsed = startRunSchema.safeParse(raw);
  if (!parsed.success) throw new RunInputError(z.prettifyError(parsed.error));
  const input = parsed.data;
  let selected: ReturnType<typeof groupsOf>;
  try {
    selected = groupsOf(input);
  } catch (error) {
    throw new RunInputError((error as Error).message);
  }
  const admin = (await listUsers(ctx, orgId)).find((u) => u.role === 'admin');
  if (!admin) throw new RunInputError(`organisation ${orgId} has no admin for the run's automation key to act for`);
  // Refused before anything is made; admitted (or refused after all) in the run's own write below.
  await checkRunLimit(ctx, orgId);

  const id = ctx.ids.next('crt');
  const label = `certification ${id}`;
  const made: RunCredentials = {};
  const credentials: StartedRun['credentials'] = { base_url: publicBase(ctx) };
  try {
    if (selected.groups.has('api')) {
      const automation = await issueCredential(ctx, { kind: 'automation_key', orgId, userId: admin.id, label, runId: id });
      made.automationKeyId = automation.credential.keyId;
      credentials.automation_key = automation.secret;
      const developer = await issueCredential(ctx, { kind: 'developer_key', orgId, label, runId: id });
      made.developerKeyId = developer.credential.keyId;
      credentials.developer_key = developer.secret;
    }
    if (selected.groups.has('oauth')) {
      const redirectUris = input.redirectUris as string[];
      let client: Awaited<ReturnType<typeof registerClient>>;
      try {
        client = await registerClient(ctx, { name: label, redirectUris, allowedOperations: options.partnerOperations, orgId, runId: id, accessTokenTtlSeconds: input.accessTokenTtlSeconds });
      } catch (error) {
        throw new RunInputError((error as Error).message);
      }
      made.oauthClientId = client.clientId;
      credentials.oauth_client = { client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: redirectUris, access_token_lifetime_seconds: input.accessTokenTtlSeconds };
    }
    if (selected.groups.has('webhook') && input.subscriptionId) {
      // An integration that subscribes itself (n8n's trigger, a Zapier REST hook) keeps its own secret: the run probes that subscription.
      const existing = await getSubscriptionRecord(ctx, orgId, input.subscriptionId);
      if (!existing) throw new RunInputError(`organisation ${orgId} has no webhook subscription ${input.subscriptionId}`);
      made.subscriptionId = existing.id;
      made.subscriptionBorrowed = true;
      credentials.webhook = { subscription_id: existing.id, url: existing.url };
    } else if (selected.groups.has('webhook')) {
      const created = await createSubscription(ctx, orgId, { url: input.webhookUrl as string, surface: 'automation', description: label });
      if (!created.ok) throw new RunInputError(created.message);
      made.subscriptionId = created.subscription.id;
      credentials.webhook = { subscription_id: created.subscription.id, url: created.subscription.url, secret: created.secret };
    }
  } catch (error) {
    await endCredentials(ctx, orgId, made);
    throw error;
  }

  const now = ctx.clock.now();
  const run = newRunRecord({
    id,
    orgId,
    now,
    timeoutMs: input.timeoutSeconds * 1000,
    startedBy: options.startedBy,
    integration: { name: input.name ?? 'integration', webhookUrl: input.webhookUrl ?? credentials.webhook?.url ?? null, redirectUris: input.redirectUris ?? [] },
    credentials: made,
    options: { faultWindowMs: input.faultWindowSeconds * 1000, accessTokenTtlS: input.accessTokenTtlSeconds, timeoutMs: input.timeoutSeconds * 1000 },
    checks: selected.ids,
    ready: input.waitForBegin,
  });
  try {
    await writeAdmitted(ctx, orgId, id, newRunOps(run, now));
  } catch (error) {
    await endCredentials(ctx, orgId, made);
    throw error;
  }
  return { run, credentials, url: runUrl(ctx, id) };
}

/** A new run's write: the run, its driver job and the watch entries of its credentials. */
function newRunOps(run: RunRecord, now: number): WriteOp[] {
  const { orgId, id, credentials: made } = run;
  const watched = (handle: string): WriteOp => put<WatchedRecord>(WATCHED, GLOBAL, { id: handle, orgId, runId: id });
  // A ready run's job only wakes at its deadline, to end it if nobody began it.
  const ops: WriteOp[] = [put(RUNS, orgId, run), put<RunJob>(RUN_JOBS, orgId, { id, nextAt: run.status === 'ready' ? run.deadline : now })];
  if (made.automationKeyId) ops.push(watched(`key:${made.automationKeyId}`));
  if (made.developerKeyId) ops.push(watched(`key:${made.developerKeyId}`));
  if (made.oauthClientId) ops.push(watched(`client:${made.oauthClientId}`));
  return ops;
}

/**
 * Writes a new run once it is admitted under the limits (run-limit.ts), in one transaction. A
 * conflict means another start made a limit's record first: running it again reads that record
 * (a few times at most: each conflict is another start that committed).
 */
async function writeAdmitted(ctx: AppContext, orgId: string, runId: string, ops: WriteOp[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ctx.db.transaction(async (tx) => {
        await admitRun(ctx, tx, orgId, runId);
        await tx.write(ops);
        runChanged(tx, runId);
      });
      return;
    } catch (error) {
      if (!(error instanceof StoreConflictError) || attempt === 3) throw error;
    }
  }
}

/** A run that has not ended: ready (its credentials work, its checks wait) or running. */
export const isOpen = (run: Pick<RunRecord, 'status'>): boolean => run.status === 'ready' || run.status === 'running';

/** A run as it starts: every selected check pending, every scenario at its first step. */
export function newRunRecord(input: Pick<RunRecord, 'id' | 'orgId' | 'startedBy' | 'integration' | 'credentials' | 'options'> & { now: number; timeoutMs: number; checks: CheckId[]; ready?: boolean }): RunRecord {
  const run: RunRecord = {
    id: input.id,
    orgId: input.orgId,
    status: input.ready ? 'ready' : 'running',
    startedAt: new Date(input.now).toISOString(),
    begunAt: input.ready ? null : new Date(input.now).toISOString(),
    finishedAt: null,
    deadline: input.now + input.timeoutMs,
    startedBy: input.startedBy,
    integration: input.integration,
    credentials: input.credentials,
    options: input.options,
    checks: input.checks.map((checkId) => ({ id: checkId, outcome: 'pending', summary: '', evidence: [] })),
    webhook: { next: input.checks.some((c) => checkInfo(c).group === 'webhook') ? 0 : PROBES.length, unreachable: 0 },
    api: {
      retryAfter: { phase: 'done' },
      transient: { phase: 'waiting' },
      bounded: { phase: 'waiting', attempts: 0 },
      create: { phase: 'armed' },
      pages: { followed: 0 },
    },
    oauth: { connected: false, refreshes: 0, revoked: false },
  };
  startScenario(run);
  return run;
}

/**
 * Ends the run's credentials and what they made that would outlive them
 * (docs/decisions/certification-run-ends-what-it-made.md): the keys are revoked first, so they make
 * nothing more; then the webhook subscriptions either key made (either surface) and a CRM target
 * the developer key set are removed. Revoking the OAuth client ends its grants, refresh tokens and
 * access tokens (each use checks its client). Submissions, attachments and invites are the
 * organisation's data and stay.
 */
async function endCredentials(ctx: AppContext, orgId: string, made: RunCredentials): Promise<void> {
  const keyIds = [made.automationKeyId, made.developerKeyId].filter((keyId): keyId is string => keyId !== undefined);
  for (const keyId of keyIds) await revokeCredential(ctx, keyId);
  if (made.oauthClientId) await revokeClient(ctx, made.oauthClientId);
  if (made.subscriptionId && !made.subscriptionBorrowed) await deleteSubscription(ctx, orgId, 'automation', made.subscriptionId);
  if (keyIds.length) {
    await deleteSubscriptionsMadeWith(ctx, orgId, keyIds);
    await deleteCrmConfigSetWith(ctx, orgId, keyIds);
  }
}

/**
 * Begins the checks of a `ready` run: the probes go out and the API and OAuth traps are armed
 * from now, and the run has its whole time from now. A run that is not ready is returned as it is.
 */
export function beginRun(ctx: AppContext, orgId: string, runId: string): Promise<RunRecord | undefined> {
  return ctx.db.transaction(async (tx) => {
    const stored = await tx.get<RunRecord>(RUNS, orgId, runId, { forUpdate: true });
    if (!stored || stored.status !== 'ready') return stored;
    const now = ctx.clock.now();
    const run: RunRecord = { ...structuredClone(stored), status: 'running', begunAt: new Date(now).toISOString(), deadline: now + (stored.options.timeoutMs ?? DEFAULT_TIMEOUT_S * 1000) };
    await tx.write([put(RUNS, orgId, run), put<RunJob>(RUN_JOBS, orgId, { id: runId, nextAt: now })]);
    runChanged(tx, runId);
    return run;
  });
}

/**
 * Ends a run: its credentials stop working first, then the run is closed (pending checks become
 * `not_run`) in one write with its job and watch entries. Finishing twice changes nothing.
 */
export async function finishRun(ctx: AppContext, orgId: string, runId: string, end: RunEnd): Promise<RunRecord | undefined> {
  const stored = await getRun(ctx, orgId, runId);
  if (!stored || !isOpen(stored)) return stored;
  await endCredentials(ctx, orgId, stored.credentials);
  for (let attempt = 1; ; attempt += 1) {
    const current = await getRun(ctx, orgId, runId);
    if (!current || !isOpen(current)) return current;
    const run = structuredClone(current);
    closeRun(run, ctx.clock.now(), end);
    // Signing awaits: outside the transaction, which then checks that the run is still the version signed.
    const certificate = await certifyPassedRun(ctx, run);
    const closed = await ctx.db.transaction(async (tx) => {
      const now = await tx.get<RunRecord>(RUNS, orgId, runId, { forUpdate: true });
      if (!now || !isOpen(now)) return now ?? null;
      // An observation changed it meanwhile: closed again on that version (a few times at most: the credentials are already ended).
      if (!isDeepStrictEqual(now, current) && attempt < 3) return undefined;
      await tx.write(closingOps(run, certificate));
      await releaseRun(tx, orgId, runId);
      runChanged(tx, runId);
      return run;
    });
    if (closed !== undefined) return closed ?? undefined;
  }
}

/**
 * The driver's next look at a running run, kept in its job record (so a server that takes the run
 * over keeps the probes' spacing). Decided under the run's lock: a run finished meanwhile, on any
 * server, gets no job back.
 */
export function rescheduleRun(ctx: Pick<AppContext, 'db'>, orgId: string, runId: string, nextAt: number): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const run = await tx.get<RunRecord>(RUNS, orgId, runId, { forUpdate: true });
    if (run?.status === 'running') await tx.write([put<RunJob>(RUN_JOBS, orgId, { id: runId, nextAt })]);
  });
}

/** A job left beside a run that ended elsewhere (or whose record is lost): it goes, and the run no longer counts against the limits. */
export function dropEndedRunJob(ctx: Pick<AppContext, 'db'>, orgId: string, runId: string): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const run = await tx.get<RunRecord>(RUNS, orgId, runId, { forUpdate: true });
    if (run && isOpen(run)) return;
    await tx.write([del(RUN_JOBS, orgId, runId)]);
    await releaseRun(tx, orgId, runId);
  });
}

/** The closed run with its certificate, its job and watch entries gone: one write. */
function closingOps(run: RunRecord, certificate: WriteOp[]): AsyncWriteOp[] {
  const { automationKeyId, developerKeyId, oauthClientId } = run.credentials;
  const ops: AsyncWriteOp[] = [...certificate, put(RUNS, run.orgId, run), del(RUN_JOBS, run.orgId, run.id)];
  for (const handle of [automationKeyId && `key:${automationKeyId}`, developerKeyId && `key:${developerKeyId}`, oauthClientId && `client:${oauthClientId}`]) {
    if (handle) ops.push(del(WATCHED, GLOBAL, handle));
  }
  return ops;
}

/** The organisation's runs, newest first. */
export function listRuns(ctx: Pick<AppContext, 'db'>, orgId: string, query: { limit?: number; after?: string } = {}): Promise<Page<RunRecord>> {
  return ctx.db.page<RunRecord>(RUNS, orgId, { limit: query.limit ?? 20, ...(query.after ? { after: query.after } : {}), newestFirst: true });
}

/** A run by id in whichever organisation holds it (the operator's commands name only the id). */
export async function findRun(ctx: Pick<AppContext, 'db'>, runId: string): Promise<RunRecord | undefined> {
  for (const orgId of await ctx.db.scopes(RUNS)) {
    const run = await getRun(ctx, orgId, runId);
    if (run) return run;
  }
  return undefined;
}
