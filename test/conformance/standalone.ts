import { randomBytes } from 'node:crypto';
import { CheckSkipped, CheckUndecided } from './assert.js';
import type { Credentials } from './credentials.js';
import { RecordingHttp } from './http.js';
import type { CheckContext } from './runner.js';

/**
 * A check context outside a suite run, for tools (soak, crash) that reuse the suite's flows, such
 * as the OAuth sign-in, without a report. Exchanges are not kept.
 */
export function standaloneContext(baseUrl: string, credentials: Partial<Credentials>): CheckContext {
  let counter = 0;
  const prefix = randomBytes(4).toString('hex');
  const t: CheckContext = {
    baseUrl,
    get http() {
      return new RecordingHttp(baseUrl, []);
    },
    receiver: undefined,
    cred(name) {
      const value = credentials[name];
      if (!value) throw new CheckSkipped(`needs ${name}`);
      return value;
    },
    optional: (name) => credentials[name],
    unique: (p) => `${p}${prefix}${(counter += 1).toString(36)}`,
    shared: (_key, work) => work(t),
    secret() {},
    skip(reason) {
      throw new CheckSkipped(reason);
    },
    undecided(reason) {
      throw new CheckUndecided(reason);
    },
  };
  return t;
}
