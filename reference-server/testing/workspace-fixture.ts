import { beforeAll } from 'vitest';
import type { Browser } from './browser.js';
import { serverFixture, started } from './server-fixture.js';
import type { TestServer } from './server.js';
import { signInToWorkspace } from './sign-in.js';

export interface WorkspaceFixture {
  readonly server: TestServer;
  /** The demo organisation's admin, signed in to the workspace (an HTTP client with its cookies). */
  readonly admin: Browser;
}

/**
 * What a workspace test file over HTTP runs against: the real server in-process and its demo
 * admin signed in, started before the file's tests and stopped after them.
 */
export function workspaceFixture(): WorkspaceFixture {
  const base = serverFixture('workspace');
  let admin: Browser | undefined;
  beforeAll(async () => {
    admin = await signInToWorkspace(base.server);
  });
  return {
    get server() {
      return base.server;
    },
    get admin() {
      return started('workspace', admin);
    },
  };
}
