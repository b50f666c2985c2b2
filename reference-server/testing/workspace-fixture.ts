import { afterAll, beforeAll } from 'vitest';
import type { Browser } from './browser.js';
import { startTestServer, type TestServer } from './server.js';
import { signInToWorkspace } from './sign-in.js';

export interface WorkspaceFixture {
  readonly server: TestServer;
  /** The demo organisation's admin, signed in to the workspace (an HTTP client with its cookies). */
  readonly admin: Browser;
}

/**
 * What a workspace test file over HTTP runs against: the real server in-process and its demo
 * admin signed in, started before the file's tests and stopped after them. Its fields are read
 * inside tests and hooks, once `beforeAll` has set them.
 */
export function workspaceFixture(): WorkspaceFixture {
  let server: TestServer | undefined;
  let admin: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInToWorkspace(server);
  });
  afterAll(async () => {
    await server?.dispose();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the workspace fixture is read before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get admin() {
      return started(admin);
    },
  };
}
