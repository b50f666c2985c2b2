import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type ServerConfig } from './config.js';
import type { DemoCredentials } from './seed.js';
import { startServer, type RunningServer, type StartDeps } from './server.js';

export interface TestServer extends RunningServer {
  demo: DemoCredentials;
  dataDir: string;
  /** Stops the server and deletes its data folder. */
  dispose(): Promise<void>;
}

/**
 * A real reference server for a test or a partner's CI: a fresh data folder in the temp dir,
 * seeded with the demo organisation, listening on 127.0.0.1 on a free port.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  deps: StartDeps = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'reference-server-')));
  const server = await startServer(
    defaultConfig({ port: 0, logLevel: 'silent', outboundAllowlist: ['127.0.0.1'], ...overrides, dataDir }),
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
