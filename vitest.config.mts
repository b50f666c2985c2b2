import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Every test file of the repository; the `server-file` project runs them all on the file store. */
const ALL_TESTS = ['reference-server/src/**/*.test.ts', 'reference-server/src/**/*.test.tsx', 'test/**/*.test.ts', 'zapier-app/test/**/*.test.ts', 'n8n-nodes/test/**/*.test.ts'];

/**
 * The server's tests that pass with every test server on PostgreSQL (the `server-postgres`
 * project; issue 37). The list GROWS TO ALL of ALL_TESTS as the domains move from `ctx.store` to
 * `ctx.db`: add a file once `REFERENCE_SERVER_TEST_POSTGRES=all npx vitest run --project
 * server-postgres <file>` passes, and never remove one that passed. `npm test` runs only these
 * on PostgreSQL, so CI stays green while the list grows; the variable runs every file (to see
 * what fails and why: "not converted yet: <collection>").
 */
export const POSTGRES_PASSING: string[] = [];

const allOnPostgres = process.env['REFERENCE_SERVER_TEST_POSTGRES'] === 'all';

export default defineConfig({
  resolve: {
    // Tests import the reference server from source, so they never run a stale build.
    alias: [
      { find: /^reference-server$/, replacement: fileURLToPath(new URL('./reference-server/src/index.ts', import.meta.url)) },
      { find: /^reference-server\/testing$/, replacement: fileURLToPath(new URL('./reference-server/testing/index.ts', import.meta.url)) },
      // n8n-workflow ships ESM (import) and CJS (require): n8n-core, like n8n itself, requires the CJS
      // copy, so the n8n nodes under test must get that same copy or NodeApiError & co. are two classes.
      { find: /^n8n-workflow$/, replacement: fileURLToPath(new URL('./node_modules/n8n-workflow/dist/cjs/index.js', import.meta.url)) },
    ],
  },
  test: {
    pool: 'forks',
    // The server-postgres project's list may be empty before its first file passes: nothing to run yet is no failure.
    passWithNoTests: true,
    // Starts the run's PostgreSQL when a test first asks for one (reference-server/testing/postgres.ts).
    globalSetup: ['reference-server/testing/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
    // graphql ships CJS (main) and ESM (module): Vite gives source files the ESM copy while Node gives
    // graphql-http the CJS one, and graphql-js refuses objects "from another realm". Transforming
    // graphql-http too makes both resolve the same copy (Node alone, outside tests, already does).
    server: { deps: { inline: ['graphql-http'] } },
    projects: [
      { extends: true, test: { name: 'server-file', include: ALL_TESTS } },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: allOnPostgres ? ALL_TESTS : POSTGRES_PASSING,
          // Every server startTestServer starts gets a fresh database on the run's embedded PostgreSQL.
          setupFiles: ['reference-server/testing/postgres-per-server.ts'],
          // Servers on a database take the master key from the environment; one per run, like a cluster's.
          env: { NODE_ENV: 'test', REFERENCE_SERVER_MASTER_KEY: randomBytes(32).toString('base64') },
        },
      },
    ],
  },
});
