import { randomBytes } from 'node:crypto';
import { CheckFailure, CheckSkipped, CheckUndecided } from './assert.js';
import { CREDENTIAL_SOURCES, type CredentialName, type Credentials } from './credentials.js';
import { RecordingHttp, type Exchange } from './http.js';
import type { WebhookReceiver } from './receiver.js';

/**
 * One rule of the spec, checked against a live deployment. `clause` names where the rule is
 * written (a section of the spec, or the reference server's documented decision for something
 * the spec leaves open); `needs` lists the credentials without which the check is skipped.
 */
export interface Check {
  id: string;
  clause: string;
  title: string;
  needs?: CredentialName[];
  /**
   * The collection route the check exercises (probed with GET and the credential). A deployment
   * that answers it with 404 lacks that part of the spec: the check is skipped saying so, or
   * failed when the run requires every route (`requireAllRoutes`).
   */
  route?: { path: string; credential: CredentialName };
  run(t: CheckContext): Promise<void>;
}

export interface CheckContext {
  baseUrl: string;
  http: RecordingHttp;
  receiver: WebhookReceiver | undefined;
  /** A credential the check declared in `needs`. */
  cred(name: CredentialName): string;
  /** A credential the check uses when it was given (not in `needs`: its absence skips nothing). */
  optional(name: CredentialName): string | undefined;
  /** A value no earlier run used: for emails, record ids, webhook paths. */
  unique(prefix: string): string;
  /** Work several checks need (an OAuth token, a created submission), done once per run. */
  shared<T>(key: string, work: (t: CheckContext) => Promise<T>): Promise<T>;
  /** A secret obtained during the run (an access token), hidden in the printed report. */
  secret(value: string, label: string): void;
  skip(reason: string): never;
  /** The deployment cannot show whether it keeps the clause: a skip, or a failure under `requireAllRoutes`. */
  undecided(reason: string): never;
}

export type Outcome = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  check: Check;
  outcome: Outcome;
  /** Why it failed or was skipped. */
  reason?: string;
  /** It failed by an error of its own or of the network (a timeout), not by a broken rule. */
  crashed?: true;
  exchanges: Exchange[];
  ms: number;
}

export interface SuiteOptions {
  baseUrl: string;
  credentials: Partial<Credentials>;
  receiver?: WebhookReceiver;
  /** Run only checks whose id matches. */
  only?: RegExp;
  /**
   * Certification: a route the deployment lacks, or a clause it gives no way to observe
   * (`t.undecided`), fails its checks instead of skipping them.
   */
  requireAllRoutes?: boolean;
  /** Stop at the first check that does not pass (the mutation harness: one catch is enough). */
  stopOnFailure?: boolean;
  /** Called after each check, with the secrets known so far (to redact a printed report). */
  onResult?: (result: CheckResult, secrets: ReadonlyMap<string, string>) => void;
}

export interface SuiteRun {
  results: CheckResult[];
  /** Secret values with the label to print instead. */
  secrets: Map<string, string>;
}

/** Credentials that identify rather than authenticate: shown as they are in reports. */
const NOT_SECRET = new Set<string>(['oauthRedirectUri', 'userEmail', 'organizationId']);

const missingReason = (names: CredentialName[]) =>
  `needs ${names.map((n) => `${CREDENTIAL_SOURCES[n].env} (${CREDENTIAL_SOURCES[n].flag})`).join(', ')}`;

export async function runSuite(checks: readonly Check[], options: SuiteOptions): Promise<SuiteRun> {
  const ids = new Set<string>();
  for (const check of checks) {
    if (ids.has(check.id)) throw new Error(`two checks share the id ${check.id}`);
    ids.add(check.id);
  }
  const secrets = new Map<string, string>();
  for (const [name, value] of Object.entries(options.credentials)) if (value && !NOT_SECRET.has(name)) secrets.set(value, name);
  const shared = new Map<string, Promise<unknown>>();
  const runId = randomBytes(4).toString('hex');
  let counter = 0;
  const results: CheckResult[] = [];
  const routes = new Map<string, Promise<number>>();
  const probe = (route: NonNullable<Check['route']>): Promise<number> => {
    let status = routes.get(route.path);
    if (!status) {
      const key = options.credentials[route.credential] ?? '';
      status = fetch(new URL(route.path, options.baseUrl), { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(30_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      routes.set(route.path, status);
    }
    return status;
  };

  for (const check of checks) {
    if (options.only && !options.only.test(check.id)) continue;
    const exchanges: Exchange[] = [];
    const started = performance.now();
    const missing = (check.needs ?? []).filter((name) => !options.credentials[name]);
    let result: CheckResult;
    const lacking = !missing.length && check.route && (await probe(check.route)) === 404;
    if (missing.length) {
      result = { check, outcome: 'skip', reason: missingReason(missing), exchanges, ms: 0 };
    } else if (lacking && check.route) {
      const reason = `the server lacks GET ${check.route.path} (404): this part of the spec is not implemented`;
      result = { check, outcome: options.requireAllRoutes ? 'fail' : 'skip', reason, exchanges, ms: 0 };
    } else {
      const t: CheckContext = {
        baseUrl: options.baseUrl,
        http: new RecordingHttp(options.baseUrl, exchanges),
        receiver: options.receiver,
        cred(name) {
          const value = options.credentials[name];
          if (!value) throw new CheckSkipped(missingReason([name]));
          return value;
        },
        optional: (name) => options.credentials[name],
        unique: (prefix) => `${prefix}${runId}${(counter += 1).toString(36)}`,
        shared<T>(key: string, work: (t: CheckContext) => Promise<T>): Promise<T> {
          let promise = shared.get(key) as Promise<T> | undefined;
          if (!promise) {
            promise = work(t).catch((error: unknown) => {
              const message = error instanceof Error ? error.message : String(error);
              throw error instanceof CheckSkipped ? error : new CheckFailure(`shared step "${key}" failed: ${message}`);
            });
            shared.set(key, promise);
          }
          return promise;
        },
        secret(value, label) {
          if (value) secrets.set(value, label);
        },
        skip(reason) {
          throw new CheckSkipped(reason);
        },
        undecided(reason) {
          throw new CheckUndecided(reason);
        },
      };
      try {
        await check.run(t);
        result = { check, outcome: 'pass', exchanges, ms: performance.now() - started };
      } catch (error) {
        const certifying = error instanceof CheckUndecided && options.requireAllRoutes;
        const outcome: Outcome = error instanceof CheckSkipped && !certifying ? 'skip' : 'fail';
        const reason = error instanceof CheckFailure || error instanceof CheckSkipped ? error.message : `unexpected error: ${(error as Error).stack ?? String(error)}`;
        const crashed = !(error instanceof CheckFailure || error instanceof CheckSkipped);
        result = { check, outcome, reason, exchanges, ms: performance.now() - started, ...(crashed ? { crashed: true as const } : {}) };
      }
    }
    results.push(result);
    options.onResult?.(result, secrets);
    if (options.stopOnFailure && result.outcome !== 'pass' && !result.crashed) break;
  }
  return { results, secrets };
}

export function summary(results: readonly CheckResult[]): { passed: number; failed: number; skipped: number; line: string } {
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  const passed = count('pass');
  const failed = count('fail');
  const skipped = count('skip');
  return { passed, failed, skipped, line: `${passed} passed, ${failed} failed, ${skipped} skipped` };
}
