import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    include: ['reference-server/src/**/*.test.ts', 'reference-server/src/**/*.test.tsx', 'test/**/*.test.ts', 'zapier-app/test/**/*.test.ts', 'n8n-nodes/test/**/*.test.ts'],
    pool: 'forks',
    // Starts the run's PostgreSQL when a test first asks for one (reference-server/testing/postgres.ts).
    globalSetup: ['reference-server/testing/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
    // graphql ships CJS (main) and ESM (module): Vite gives source files the ESM copy while Node gives
    // graphql-http the CJS one, and graphql-js refuses objects "from another realm". Transforming
    // graphql-http too makes both resolve the same copy (Node alone, outside tests, already does).
    server: { deps: { inline: ['graphql-http'] } },
  },
});
