import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApp, type Mount } from './app.js';
import { createAssessmentSurface } from './assessment-api/index.js';
import { PARTICIPANT_SCRIPT } from './assessment-api/index.js';
import { INVITE_PATH } from './assessments/index.js';
import { CRM_SYNC, CrmSync } from './assessments/index.js';
import { crmTransport } from './assessments/index.js';
import { createAutomationSurface } from './automation/index.js';
import { createCertificatePages, CERTIFICATES_PATH } from './certificate-pages/index.js';
import { CERTIFICATION_RUNS, certificationOAuthWatch, CertificationDriver } from './certification/index.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import type { FolderJournal } from './data-folder.js';
import { openSandbox, storeHealth } from './sandbox.js';
import type { StoreFileSystem, FolderLock, PostgresStore, WriteOp } from './store/index.js';
import { createGraphqlSurface } from './graphql/index.js';
import { DEFAULT_PARTNER_OPERATIONS, CredentialResolver } from './tenancy/index.js';
import { detached, logFault, OrgRequestLog, RateLimitWindows } from './http/index.js';
import type { IdSource } from './ids.js';
import { createLogger } from './log.js';
import { JobRunner, WakingStore } from './jobs/index.js';
import { JOB_QUEUES } from './job-queues.js';
import { createOAuthSurface } from './oauth/index.js';
import { memoryRateLimits, postgresRateLimits, type RateLimitBackend, rateLimitSweep } from './rate-limits/index.js';
import { oauthSweep } from './oauth/index.js';
import { createObservability, type Observability } from './observability/index.js';
import { createOperatorRouter } from './operator/index.js';
import { OutboundClient } from './outbound/index.js';
import { assetRoutes, FAVICON, faviconRedirect, FOCUS_ON_LOAD_SCRIPT, LIVE_UPDATES_SCRIPT, COPY_BUTTONS_SCRIPT, STYLESHEET } from './pages/index.js';
import { retentionSweep } from './retention/index.js';
import { RETENTION_RULES } from './retention-rules.js';
import { createWorkspaceSurface, WORKSPACE_PATH } from './workspace/index.js';
import { sampleEventData } from './samples/index.js';
import { SubmissionProcessor } from './submissions/index.js';
import { SubmissionSearch } from './submissions/index.js';
import { WEBHOOK_DELIVERY, WebhookDelivery } from './webhooks/index.js';

export interface ComposeDeps {
  clock?: Clock;
  ids?: IdSource;
  log?: Logger;
  /** The files under the store (tests put a disk that fills or fails here). */
  storeFileSystem?: StoreFileSystem;
}

export interface ComposedServer {
  ctx: AppContext;
  app: Express;
  /** The background work: started after the server listens, stopped before the store closes. */
  jobs: JobRunner;
  /** Metrics, /healthz and /readyz; the server tells it when the jobs run. */
  observability: Observability;
  /** The data folder's lock; absent on a database (many servers share it). */
  lock?: FolderLock;
  /** The data folder's journal and snapshots (compaction, their figures); absent on a database. */
  journal?: FolderJournal;
  /** The loopback operator endpoint's per-run token (written to the lock file once listening). */
  operatorToken: string;
  /**
   * Releases what this composition made: the outbound connections, the rate-limit windows, the
   * store and the folder (stop the job runner first).
   */
  close(): Promise<void>;
}

/**
 * The per-key rate limits' and the sign-in throttle's counters: in memory on the injected clock on
 * a folder (one server), in the database on PostgreSQL (one limit per key across its servers);
 * ended windows swept by the job runner. `windows` are the surfaces' express-rate-limit stores.
 */
function rateLimiting(ctx: AppContext, database: PostgresStore | undefined, jobs: JobRunner): { limits: RateLimitBackend; windows: RateLimitWindows } {
  // The database as opened: `ctx.db` is wrapped (WakingStore) and is never a PostgresStore itself.
  const limits = database ? postgresRateLimits(database.rateLimitClient()) : memoryRateLimits(ctx.clock);
  jobs.every(rateLimitSweep(limits));
  return { limits, windows: new RateLimitWindows(limits) };
}

/**
 * The composition root: everything a running server is made of, and who is handed what.
 *
 *   ctx.db, the one store every module reads and writes (store/async-store.ts), either
 *     data folder → FileAsyncStore over the journal store, keyring (master key), folder lock   data-folder.ts
 *       with a write hook: once a batch is durable, the job runner schedules the jobs it put
 *       (store/observed-store.ts); the folder's own upkeep (compaction, the journal's figures)
 *       stays the folder's (`journal`), for retention's sweep and /readyz, out of every module's reach
 *     or --database-url → PostgresStore, key from the environment, no lock   database.ts
 *       (the runners are woken by NOTIFY in the writing transaction, jobs/wake-ups.ts)
 *   clock, ids, log                                             injected by tests, else real
 *   ctx.events: in-process listeners adding ops to a publishing write   event-bus.ts
 *   the job runner (jobs/runner.ts) and its durable queues:
 *     submission processing   submissions/processor.ts  (jobs in `automation_jobs`, at once)
 *     webhook delivery        webhooks/delivery.ts      (the outbox, retried per webhooks/schedule.ts)
 *     CRM sync                assessments/crm/crm-queue.ts  (one job per result, with backoff)
 *     certification runs      certification/driver.ts   (probes a partner's receiver, ends each run)
 *   and its periodic jobs: the OAuth record sweep (oauth/sweeper.ts), the rate limits' sweep (rate-limits/)
 *   the rate limits and the sign-in throttle (rate-limits/): rate-limiter-flexible limiters, in
 *     memory on a folder, in the database's `rate_limits` table on PostgreSQL
 *   the organisations' request logs (http/org-request-log.ts): fed by the request log, read by the workspace
 *   surfaces, mounted in this order:
 *     /api/oauth/*, /.well-known/*   OAuth authorization server   oauth/
 *     /assets/*                      stylesheet and scripts of the pages  pages/
 *     /api/oauth/*                   a certification run's watch of its own client's requests  certification/
 *     /.well-known/certificate-keys.json, /certificates/*   public certificates (no sign-in)  certificate-pages/
 *     /api/v1                        Assessment API (developer key) assessment-api/
 *     /invite/<token>                participant's pages of an invite     assessment-api/participant/
 *     /api/automation                Automation API (automation key) automation/
 *     /workspace                     the application's pages (investor sign-in)  workspace/
 *     POST /api, /api/schema.graphql Partner GraphQL (OAuth Bearer)  graphql/
 *     /_operator                     loopback operator commands     operator/
 *     /metrics, /healthz, /readyz    metrics and probes             observability/
 *
 * Adding a surface: build its router here from what it needs and add it to `mounts`.
 * Adding background work: a durable queue is `defineJobQueue({ name, collection, … })` beside its
 * handler, listed in job-queues.ts and handed its handler here (`jobs.handle(QUEUE, handler)`, or
 * `jobs.handleInClaim` for a queue whose jobs are store work only, done inside their claim);
 * `jobs.every(job)` for periodic work (sweeps).
 */
export async function composeServer(config: ServerConfig, deps: ComposeDeps = {}): Promise<ComposedServer> {
  const log = deps.log ?? createLogger(config.logLevel);
  // On a folder the store tells the job runner about each durable write, whichever module made it,
  // so no writer has to. The hook reads `jobs` only once a write commits, after the runner exists;
  // a fault in it is logged, never the writer's failure.
  // Each queue picks its own jobs out of the batch (`jobsIn`): the runner is handed them by queue.
  const committed = (ops: readonly WriteOp[]) =>
    detached(logFault(log, 'after-commit hook: job runner'), () => {
      for (const queue of JOB_QUEUES) jobs.committed(queue, queue.jobsIn(ops));
    })();
  const sandbox = await openSandbox(config, log, { ...deps, committed });
  const opened = sandbox.ctx;
  const observability = createObservability(opened, storeHealth(sandbox));
  // The runner claims, listens and reads through the store every module writes through.
  const jobs = new JobRunner({ db: opened.db, clock: opened.clock, log: opened.log, queues: JOB_QUEUES });
  // Every write of a job notifies the runners in its transaction (jobs/wake-ups.ts).
  const ctx: AppContext = { ...opened, db: new WakingStore(opened.db, JOB_QUEUES, jobs.jobsDeleted) };

  const submissions = new SubmissionProcessor(ctx);
  submissions.handleQueues(jobs);
  // Keep-alive pools for webhook deliveries and CRM sync, through the SSRF guard.
  const outbound = new OutboundClient(ctx.config);
  jobs.handle(WEBHOOK_DELIVERY, new WebhookDelivery(ctx, outbound, (outcome) => observability.metrics.deliveryOutcome(outcome)).handle);
  jobs.handle(CRM_SYNC, new CrmSync(ctx, crmTransport(outbound)).handle);
  // Certification runs: probes sent to a partner's receiver carry the organisation's own data.
  jobs.handle(CERTIFICATION_RUNS, new CertificationDriver(ctx, outbound, (orgId, type) => sampleEventData(ctx, orgId, type)).handle);
  jobs.every(oauthSweep(ctx));
  const { journal } = sandbox;
  jobs.every(retentionSweep(ctx, RETENTION_RULES, observability.metrics, journal ? () => journal.compact() : undefined));
  // Publishing a result re-queues the submissions awaiting it, in the same write.
  ctx.events.listen(submissions.assessmentListener);

  // In memory: each organisation's submissions by the words people search them by (both APIs' `q`/`search`).
  const search = new SubmissionSearch(ctx);

  // In memory and bounded: what each organisation's credentials asked lately, for its workspace.
  const requests = new OrgRequestLog();
  // In memory: the hashes of the keys presented lately (the guards' lookups).
  const credentials = new CredentialResolver(ctx);
  const { limits, windows: rateLimits } = rateLimiting(ctx, sandbox.database, jobs);

  const operatorToken = randomBytes(32).toString('base64url');
  const oauth = createOAuthSurface(ctx, { rateLimits: limits });
  const certificates = createCertificatePages(ctx);
  const assessment = createAssessmentSurface(ctx, { credentials, rateLimits });
  const mounts: Mount[] = [
    // Served from this server: the pages' CSP allows no other origin for style or script.
    { router: assetRoutes([STYLESHEET, PARTICIPANT_SCRIPT, LIVE_UPDATES_SCRIPT, COPY_BUTTONS_SCRIPT, FOCUS_ON_LOAD_SCRIPT, FAVICON]) },
    { router: faviconRedirect },
    // A certification run watches its client's OAuth requests (its API calls: a step after each surface's guard).
    { router: certificationOAuthWatch(ctx, oauth.rotatedBeyondGrace, (work) => jobs.track(work)) },
    // Before OAuth's /.well-known routes: the certificate issuer's key set.
    { router: certificates.keys },
    { router: oauth.router },
    { path: CERTIFICATES_PATH, router: certificates.router },
    { path: '/api/v1', router: assessment.router },
    { path: INVITE_PATH, router: assessment.invitePages },
    { path: '/api/automation', router: createAutomationSurface(ctx, { search, credentials, rateLimits }) },
    { path: WORKSPACE_PATH, router: createWorkspaceSurface(ctx, { requests, partnerOperations: DEFAULT_PARTNER_OPERATIONS }) },
    { router: createGraphqlSurface(ctx, { verifyAccessToken: oauth.verifyAccessToken, search, credentials }) },
    // On a folder the CLI reaches its one writer here; on a database it writes the database itself.
    ...(sandbox.lock ? [{ path: '/_operator', router: createOperatorRouter(ctx, operatorToken) }] : []),
    // Last: probes and scrapes are rare, so the hot routes never walk past them.
    { router: observability.routes },
  ];

  return {
    ctx,
    app: createApp(ctx, mounts, observability.metrics.requestFinished, requests),
    jobs,
    observability,
    ...(sandbox.lock ? { lock: sandbox.lock, journal: sandbox.journal } : {}),
    operatorToken,
    async close() {
      outbound.close();
      rateLimits.close();
      await sandbox.close();
    },
  };
}
