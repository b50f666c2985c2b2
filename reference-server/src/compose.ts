import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApp, type Mount } from './app.js';
import { createAssessmentSurface } from './assessment/index.js';
import { PARTICIPANT_SCRIPT } from './assessment/invites/participant/script.js';
import { INVITE_PATH } from './assessment/invites/service.js';
import { CrmSync } from './assessment/crm/queue.js';
import { crmTransport } from './assessment/crm/transport.js';
import { createAutomationSurface } from './automation/index.js';
import { certificationApiWatch, certificationOAuthWatch, CertificationDriver } from './certification/index.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDataFolder } from './data-folder.js';
import type { StoreFileSystem } from './store/file-system.js';
import { createGraphqlSurface } from './graphql/index.js';
import { DEFAULT_PARTNER_OPERATIONS } from './graphql/allowlist.js';
import { OrgRequestLog } from './http/org-request-log.js';
import type { IdSource } from './ids.js';
import { createLogger } from './log.js';
import { JobRunner } from './jobs/runner.js';
import { createOAuthSurface } from './oauth/index.js';
import { oauthSweep } from './oauth/sweeper.js';
import { faultInjectionRouter } from './faults/middleware.js';
import { installObservability, type Observability } from './observability/index.js';
import { createOperatorRouter } from './operator/router.js';
import { assetRoutes } from './pages/assets.js';
import { FAVICON, faviconRedirect } from './pages/favicon.js';
import { LIVE_UPDATES_SCRIPT } from './pages/live-updates.js';
import { STYLESHEET } from './pages/styles.js';
import { retentionSweep } from './retention/job.js';
import { createWorkspaceSurface, WORKSPACE_PATH } from './workspace/index.js';
import { sampleEventData } from './workspace/sample-events.js';
import type { FolderLock } from './store/folder-lock.js';
import { SubmissionProcessor } from './submissions/processor.js';
import { SubmissionSearch } from './submissions/search.js';
import { WebhookDelivery } from './webhooks/delivery.js';

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
  lock: FolderLock;
  /** The loopback operator endpoint's per-run token (written to the lock file once listening). */
  operatorToken: string;
  /** Closes the store and releases the folder (stop the job runner first). */
  closeFolder(): Promise<void>;
}

/**
 * The composition root: everything a running server is made of, and who is handed what.
 *
 *   data folder → store, keyring (master key), folder lock      data-folder.ts
 *   clock, ids, log                                             injected by tests, else real
 *   ctx.events: event listeners + wake-ups after durable writes webhooks/outbox.ts
 *   the job runner (jobs/runner.ts) and its durable queues:
 *     submission processing   submissions/processor.ts  (jobs in `automation_jobs`, at once)
 *     webhook delivery        webhooks/delivery.ts      (the outbox, retried per webhooks/schedule.ts)
 *     CRM sync                assessment/crm/queue.ts   (one job per result, with backoff)
 *     certification runs      certification/driver.ts   (probes a partner's receiver, ends each run)
 *   and its periodic jobs: the OAuth record sweep (oauth/sweeper.ts)
 *   the organisations' request logs (http/org-request-log.ts): fed by the request log, read by the workspace
 *   surfaces, mounted in this order:
 *     /api/oauth/*, /.well-known/*   OAuth authorization server   oauth/
 *     /assets/*                      stylesheet and scripts of the pages  pages/
 *     /api/oauth/*, /api/*           a certification run's watch of its own client's requests  certification/
 *     /api/v1                        Assessment API (developer key) assessment/
 *     /invite/<token>                participant's pages of an invite     assessment/invites/
 *     /api/v1, /api/automation, POST /api  injected faults of the org's own calls  faults/
 *     /api/automation                Automation API (automation key) automation/
 *     /workspace                     the application's pages (investor sign-in)  workspace/
 *     POST /api, /api/schema.graphql Partner GraphQL (OAuth Bearer)  graphql/
 *     /_operator                     loopback operator commands     operator/
 *     /metrics, /healthz, /readyz    metrics and probes             observability/
 *
 * Adding a surface: build its router here from what it needs and add it to `mounts`.
 * Adding background work: `jobs.add(queue)` for durable jobs kept in a store collection,
 * `jobs.every(job)` for periodic work (sweeps).
 */
export async function composeServer(config: ServerConfig, deps: ComposeDeps = {}): Promise<ComposedServer> {
  const log = deps.log ?? createLogger(config.logLevel);
  const folder = await openDataFolder(config, log, 'server', deps);
  const { ctx } = folder;
  // First: it swaps ctx.store for one that reports committed writes to the metrics.
  const observability = installObservability(ctx);

  const jobs = new JobRunner(ctx);
  const submissions = new SubmissionProcessor(ctx);
  jobs.add(submissions.queue);
  jobs.add(new WebhookDelivery(ctx).queue);
  jobs.add(new CrmSync(ctx, crmTransport).queue);
  // Certification runs: probes sent to a partner's receiver carry the organisation's own data.
  jobs.add(new CertificationDriver(ctx, (orgId, type) => sampleEventData(ctx, orgId, type)).queue);
  jobs.every(oauthSweep(ctx));
  jobs.every(retentionSweep(ctx, observability.metrics));
  // Publishing a result re-queues the submissions awaiting it, in the same write.
  ctx.events.listen(submissions.assessmentListener);
  // Once a write holding jobs or outbox entries is durable, the runner schedules them.
  ctx.events.afterCommit((ops) => jobs.committed(ops));

  // In memory: each organisation's submissions by the words people search them by (both APIs' `q`/`search`).
  const search = new SubmissionSearch(ctx);

  // In memory and bounded: what each organisation's credentials asked lately, for its workspace.
  const requests = new OrgRequestLog();

  const operatorToken = randomBytes(32).toString('base64url');
  const oauth = createOAuthSurface(ctx);
  const assessment = createAssessmentSurface(ctx);
  const mounts: Mount[] = [
    // Served from this server: the pages' CSP allows no other origin for style or script.
    { router: assetRoutes([STYLESHEET, PARTICIPANT_SCRIPT, LIVE_UPDATES_SCRIPT, FAVICON]) },
    { router: faviconRedirect },
    // A certification run watches its client's OAuth requests and plays its scenario on its API calls.
    { router: certificationOAuthWatch(ctx, oauth.rotatedBeyondGrace) },
    { router: oauth.router },
    { router: certificationApiWatch(ctx, oauth.verifyAccessToken) },
    // Faults an organisation's admin injects into its own calls, met before the surface itself.
    { router: faultInjectionRouter(ctx, oauth.verifyAccessToken) },
    { path: '/api/v1', router: assessment.router },
    { path: INVITE_PATH, router: assessment.invitePages },
    { path: '/api/automation', router: createAutomationSurface(ctx, { search }) },
    { path: WORKSPACE_PATH, router: createWorkspaceSurface(ctx, { requests, partnerOperations: DEFAULT_PARTNER_OPERATIONS }) },
    { router: createGraphqlSurface(ctx, { verifyAccessToken: oauth.verifyAccessToken, search }) },
    { path: '/_operator', router: createOperatorRouter(ctx, operatorToken) },
    // Last: probes and scrapes are rare, so the hot routes never walk past them.
    { router: observability.routes },
  ];

  return {
    ctx,
    app: createApp(ctx, mounts, observability.requests, requests),
    jobs,
    observability,
    lock: folder.lock,
    operatorToken,
    closeFolder: () => folder.close(),
  };
}
