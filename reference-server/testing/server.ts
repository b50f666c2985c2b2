import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, defaultOutboundAllowlist, startServer, type DemoCredentials, type RunningServer, type ServerConfig, type StartDeps } from 'reference-server';

export interface TestServer extends RunningServer {
  demo: DemoCredentials;
  dataDir: string;
  /** Stops the server and deletes its data folder. */
  dispose(): Promise<void>;
}

/**
 * A real reference server for a test or a partner's CI: a fresh data folder in the temp dir,
 * seeded with the demo organisation, listening on 127.0.0.1 on a free port. Its outbound
 * allowlist is `start`'s default (127.0.0.1 on a loopback server without a proxy) unless given.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, deps: StartDeps = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'reference-server-')));
  const server = await startServer(
    defaultConfig({ port: 0, logLevel: 'silent', outboundAllowlist: defaultOutboundAllowlist({ host: '127.0.0.1', ...overrides }), ...overrides, dataDir }),
    deps,
  );
  if (!server.demo) {
    await server.close();
    throw new Error(`startTestServer needs an empty data folder to seed (${dataDir})`);
  }
  return {
    ...server,
    demo: server.demo,
    dataDir,
    async dispose() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the server's job runner has nothing left to do right now (timers in the future aside). */
export async function settle(server: Pick<RunningServer, 'jobs'>): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    await server.jobs.idle();
    await new Promise((resolve) => setImmediate(resolve));
    if (!server.jobs.busy) return;
  }
}
