import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

/** A fixture's value, read once its file's `beforeAll` set it: reading it earlier is a test's mistake, said plainly. */
export const started = <T>(fixture: string, value: T | undefined): T => {
  if (value === undefined) throw new Error(`the ${fixture} fixture is read before its beforeAll ran`);
  return value;
};

/**
 * The real server in-process for one test file: started before the file's tests and disposed after
 * them (vitest runs `afterAll` hooks in reverse, so a fixture built on this one stops its own parts
 * first). `server` is read inside tests and hooks, once `beforeAll` has set it.
 */
export function serverFixture(fixture: string): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });
  return {
    get server() {
      return started(fixture, server);
    },
  };
}
