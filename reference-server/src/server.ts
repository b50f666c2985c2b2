import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeServer, type ComposeDeps, type ComposedServer } from './compose.js';
import type { ServerConfig } from './config.js';
import type { FolderJournal } from './data-folder.js';
import type { AppContext } from './context.js';
import { detached, logFault, RequestClasses } from './http/index.js';
import type { JobRunner } from './jobs/index.js';
import { startWarnings, type SandboxWarning } from './sandbox-warnings.js';
import { seedDemo, type DemoCredentials } from './seed.js';
import { redactConnectionString } from './store/index.js';
import { listOrganizations } from './tenancy/index.js';
import { checkTransport, createListener, loadTls } from './transport/index.js';

export interface RunningServer {
  url: string;
  ctx: AppContext;
  /** The background work (tests await `jobs.idle()` instead of sleeping). */
  jobs: JobRunner;
  /** On a data folder, its journal and snapshots (tests and benchmarks of the file store compact it); absent on a database. */
  journal?: FolderJournal;
  /** Present when this start seeded an empty folder: the only time its secrets are shown. */
  demo?: DemoCredentials;
  /** The shared-sandbox pitfalls of this configuration (sandbox-warnings.ts), already logged; `start` prints them too. */
  warnings: SandboxWarning[];
  close(): Promise<void>;
}

export type StartDeps = ComposeDeps;

/** How long a shutdown waits for in-flight requests before cutting their connections. */
const DRAIN_MS = 10_000;

/** Answers while the server is being built after it bound its port: a client retries shortly. */
const startingUp: RequestListener = (_req, res) => {
  res.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8' }).end('starting up\n');
};

/**
 * Binds the port first, so the public URL is known (port 0 in tests) before anything is built;
 * then composes the server (compose.ts) with that URL in its config, seeds an empty folder or database,
 * hands the listener the app and starts the background work.
 */
export async function startServer(config: ServerConfig, deps: StartDeps = {}): Promise<RunningServer> {
  checkTransport(config);
  const tls = config.tls ? await loadTls(config.tls) : undefined;
  let handle = startingUp;
  // Requests are built with the app's prototypes already (http/request-classes.ts): the app adopts them once composed.
  const classes = new RequestClasses();
  const listener = createListener((req, res) => handle(req, res), tls, classes.options);
  const http = await new Promise<Server>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(config.port, config.host, () => resolve(listener));
  });
  const { port } = http.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const scheme = tls ? 'https' : 'http';
  const url = `${scheme}://${host}:${port}`;
  let composed: ComposedServer;
  try {
    composed = await composeServer({ ...config, publicUrl: config.publicUrl ?? url }, deps);
  } catch (error) {
    http.close();
    throw error;
  }
  const { ctx, app, jobs, observability } = composed;
  try {
    const demo = config.seed && (await listOrganizations(ctx)).length === 0 ? await seedDemo(ctx) : undefined;
    // On a folder, the CLI finds this server in the lock file and sends its commands here.
    await composed.lock?.update({
      operatorUrl: `${scheme}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/_operator`,
      operatorToken: composed.operatorToken,
      ...(tls ? { operatorCertSha256: tls.fingerprint256 } : {}),
    });
    classes.adopt(app);
    handle = app;
    jobs.start();
    observability.workersStarted();
    ctx.log.info({ url, ...(config.databaseUrl ? { database: redactConnectionString(config.databaseUrl) } : { dataDir: config.dataDir }) }, 'reference server listening');
    const warnings = startWarnings(ctx.config, (await listOrganizations(ctx)).length);
    for (const warning of warnings) ctx.log.warn({ warning: warning.id }, warning.text);

    let closing: Promise<void> | undefined;
    return {
      url,
      ctx,
      jobs,
      ...(composed.journal ? { journal: composed.journal } : {}),
      ...(demo ? { demo } : {}),
      warnings,
      close() {
        closing ??= (async () => {
          // Stop taking requests (and say so on /readyz), let in-flight ones (and their writes)
          // finish, then drain the job runner and flush the store before the lock is released.
          observability.workersStopping();
          const drained = new Promise<void>((resolve) => http.close(() => resolve()));
          http.closeIdleConnections();
          const cut = setTimeout(detached(logFault(ctx.log, 'shutdown: closing connections'), () => http.closeAllConnections()), DRAIN_MS);
          await drained;
          clearTimeout(cut);
          await jobs.stop();
          await composed.close();
          ctx.log.info('reference server stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    http.close();
    await composed.close();
    throw error;
  }
}
