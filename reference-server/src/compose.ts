import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApp, type Mount } from './app.js';
import { createAssessmentSurface } from './assessment/index.js';
import { CrmSyncWorker } from './assessment/crm/queue.js';
import { crmTransport } from './assessment/crm/transport.js';
import { createAutomationSurface } from './automation/index.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext, Worker } from './context.js';
import { openDataFolder } from './data-folder.js';
import { createGraphqlSurface } from './graphql/index.js';
import type { IdSource } from './ids.js';
import { createLogger } from './log.js';
import { createOAuthSurface } from './oauth/index.js';
import { oauthSweeper } from './oauth/sweeper.js';
import { installObservability, type Observability } from './observability/index.js';
import { createOperatorRouter } from './operator/router.js';
import type { FolderLock } from './store/folder-lock.js';
import { SubmissionProcessor } from './submissions/processor.js';
import { DeliveryWorker } from './webhooks/delivery-worker.js';

export interface ComposeDeps {
  clock?: Clock;
  ids?: IdSource;
  log?: Logger;
}

/** The background work of a server, started after it listens and stopped before the store closes. */
export interface Workers {
  submissions: SubmissionProcessor;
  delivery: DeliveryWorker;
  crm: CrmSyncWorker;
  oauthSweeper: Worker;
}

export interface ComposedServer {
  ctx: AppContext;
  app: Express;
  workers: Workers;
  /** Metrics, /healthz and /readyz; the server tells it when the workers run. */
  observability: Observability;
  lock: FolderLock;
  /** The loopback operator endpoint's per-run token (written to the lock file once listening). */
  operatorToken: string;
  /** Closes the store and releases the folder (stop the workers first). */
  closeFolder(): Promise<void>;
}

/**
 * The composition root: everything a running server is made of, and who is handed what.
 *
 *   data folder → store, keyring (master key), folder lock      data-folder.ts
 *   clock, ids, log                                             injected by tests, else real
 *   ctx.events: event listeners + wake-ups after durable writes webhooks/outbox.ts
 *   background workers: submission processing, webhook delivery, CRM sync, OAuth record sweep
 *   surfaces, mounted in this order:
 *     /api/oauth/*, /.well-known/*   OAuth authorization server   oauth/
 *     /api/v1                        Assessment API (developer key) assessment/
 *     /api/automation                Automation API (automation key) automation/
 *     POST /api, /api/schema.graphql Partner GraphQL (OAuth Bearer)  graphql/
 *     /_operator                     loopback operator commands     operator/
 *     /metrics, /healthz, /readyz    metrics and probes             observability/
 *
 * Adding a surface: build its router here from what it needs and add it to `mounts`.
 * Adding background work: build it here and add it to `workers`.
 */
export async function composeServer(config: ServerConfig, deps: ComposeDeps = {}): Promise<ComposedServer> {
  const log = deps.log ?? createLogger(config.logLevel);
  const folder = await openDataFolder(config, log, 'server', deps);
  const { ctx } = folder;
  // First: it swaps ctx.store for one that reports committed writes to the metrics.
  const observability = installObservability(ctx);

  const submissions = new SubmissionProcessor(ctx);
  const delivery = new DeliveryWorker(ctx);
  const crm = new CrmSyncWorker(ctx, crmTransport);
  ctx.events.listen(submissions.assessmentListener);
  ctx.events.afterCommit((ops) => {
    delivery.wake(ops);
    submissions.wake(ops);
  });
  const workers: Workers = { submissions, delivery, crm, oauthSweeper: oauthSweeper(ctx) };

  const operatorToken = randomBytes(32).toString('base64url');
  const oauth = createOAuthSurface(ctx);
  const mounts: Mount[] = [
    { router: observability.routes },
    { router: oauth.router },
    { path: '/api/v1', router: createAssessmentSurface(ctx, { crm }) },
    { path: '/api/automation', router: createAutomationSurface(ctx) },
    { router: createGraphqlSurface(ctx, { verifyAccessToken: oauth.verifyAccessToken }) },
    { path: '/_operator', router: createOperatorRouter(ctx, operatorToken) },
  ];

  return {
    ctx,
    app: createApp(ctx, mounts, observability.requests),
    workers,
    observability,
    lock: folder.lock,
    operatorToken,
    closeFolder: () => folder.close(),
  };
}
