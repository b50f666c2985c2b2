import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, defaultOutboundAllowlist, startServer, type DemoCredentials, type RunningServer, type ServerConfig, type StartDeps, type StoreTarget } from 'reference-server';

export interface TestServer extends RunningServer {
  demo: DemoCredentials;
  dataDir: string;
  /**
   * Where the sandbox is, as `operate` and the CLI take it: the data folder, or on PostgreSQL the
   * database with the server's public URL and outbound allowlist (a command on a database runs in
   * its own process, given the servers' settings as an operator gives them).
   */
  sandbox: string | StoreTarget;
  /** Stops the server and deletes its data folder (and its database). */
  dispose(): Promise<void>;
}

/** A fresh, empty database, and how to remove it. */
export type TestDatabaseSource = () => Promise<{ url: string; drop(): Promise<void> }>;

/**
 * Set by the `server-postgres` test project's setup file (vitest.config.mts): every server
 * `startTestServer` starts then gets a database of its own on the run's PostgreSQL, so the same
 * test files run on both stores. Module state because a setup file can reach a test file's
 * servers no other way; it never exists outside tests.
 */
let databases: TestDatabaseSource | undefined;

export function giveEachTestServerADatabase(source: TestDatabaseSource): void {
  databases = source;
}

/**
 * A real reference server for a test or a partner's CI: a fresh data folder in the temp dir,
 * seeded with the demo organisation, listening on 127.0.0.1 on a free port. Its outbound
 * allowlist is `start`'s default (127.0.0.1 on a loopback server without a proxy) unless given.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, deps: StartDeps = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'reference-server-')));
  // A test that names its folder (to reopen it, to break its disk) is about the file store.
  const database = databases && overrides.databaseUrl === undefined && overrides.dataDir === undefined ? await databases() : undefined;
  const removeAll = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  let server: RunningServer;
  try {
    server = await startServer(
      defaultConfig({
        port: 0,
        logLevel: 'silent',
        outboundAllowlist: defaultOutboundAllowlist({ host: '127.0.0.1', ...overrides }),
        ...overrides,
        dataDir,
        ...(database ? { databaseUrl: database.url } : {}),
      }),
      deps,
    );
  } catch (error) {
    if (database) await removeAll();
    throw error;
  }
  if (!server.demo) {
    await server.close();
    if (database) await removeAll();
    throw new Error(`startTestServer needs an empty data folder or database to seed (${dataDir})`);
  }
  return {
    ...server,
    demo: server.demo,
    dataDir,
    sandbox: sandboxOf(server.ctx.config),
    async dispose() {
      await server.close();
      await removeAll();
    },
  };
}

function sandboxOf(config: ServerConfig): string | StoreTarget {
  if (!config.databaseUrl) return config.dataDir;
  const { publicUrl, certificateIssuer, maxCertificationRuns, maxCertificationRunsTotal } = config;
  return { data: config.dataDir, databaseUrl: config.databaseUrl, allowOutbound: config.outboundAllowlist, ...definedOnly({ publicUrl, certificateIssuer, maxCertificationRuns, maxCertificationRunsTotal }) };
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Waits until the server's job runner has nothing left to do right now (timers in the future aside). */
export async function settle(server: Pick<RunningServer, 'jobs'>): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    await server.jobs.idle();
    await new Promise((resolve) => setImmediate(resolve));
    if (!server.jobs.busy) return;
  }
}
