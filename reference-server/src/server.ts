import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDataFolder } from './data-folder.js';
import type { IdSource } from './ids.js';
import { createLogger } from './log.js';
import { installObservability } from './observability/index.js';
import { seedDemo, type DemoCredentials } from './seed.js';
import { listOrganizations } from './tenancy/organizations.js';
import { checkTransport, createListener, loadTls } from './transport/tls.js';

export interface RunningServer {
  url: string;
  ctx: AppContext;
  /** Present when this start seeded an empty folder: the only time its secrets are shown. */
  demo?: DemoCredentials;
  close(): Promise<void>;
}

export interface StartDeps {
  clock?: Clock;
  ids?: IdSource;
  log?: Logger;
}

/** How long a shutdown waits for in-flight requests before cutting their connections. */
const DRAIN_MS = 10_000;

export async function startServer(config: ServerConfig, deps: StartDeps = {}): Promise<RunningServer> {
  const log = deps.log ?? createLogger(config.logLevel);
  checkTransport(config);
  const tls = config.tls ? await loadTls(config.tls) : undefined;
  const folder = await openDataFolder(config, log, 'server', deps);
  const { ctx } = folder;
  let http: Server | undefined;
  try {
    const observability = installObservability(ctx);
    const demo = config.seed && listOrganizations(ctx).length === 0 ? await seedDemo(ctx) : undefined;
    const operatorToken = randomBytes(32).toString('base64url');
    const app = createApp(ctx, { operatorToken, ops: observability });
    const listener = createListener(app, tls);
    http = await new Promise<Server>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(config.port, config.host, () => resolve(listener));
    });
    const { port } = http.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const scheme = tls ? 'https' : 'http';
    const url = `${scheme}://${host}:${port}`;
    ctx.config.publicUrl ??= url;
    await folder.lock.update({
      operatorUrl: `${scheme}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/_operator`,
      operatorToken,
      ...(tls ? { operatorCertSha256: tls.fingerprint256 } : {}),
    });
    for (const worker of ctx.workers) worker.start();
    observability.workersStarted();
    log.info({ url, dataDir: config.dataDir }, 'reference server listening');

    let closing: Promise<void> | undefined;
    const server = http;
    return {
      url,
      ctx,
      ...(demo ? { demo } : {}),
      close() {
        closing ??= (async () => {
          // Stop taking requests (and say so on /readyz), let in-flight ones (and their writes)
          // finish, then stop workers and flush the store before the lock is released.
          observability.workersStopping();
          const drained = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
          await drained;
          clearTimeout(cut);
          await Promise.all(ctx.workers.map((worker) => worker.stop()));
          await folder.close();
          log.info('reference server stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    http?.close();
    await folder.close();
    throw error;
  }
}
