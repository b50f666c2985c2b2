import { ALL_CHECKS } from './checks/index.js';
import type { Credentials } from './credentials.js';
import { WebhookReceiver } from './receiver.js';
import { runSuite, type Check, type CheckResult, type SuiteRun } from './runner.js';

export interface ConformanceOptions {
  baseUrl: string;
  credentials: Partial<Credentials>;
  /** Address the webhook receiver listens on (default 127.0.0.1) and the URL the server should call, if different. */
  receiverHost?: string;
  receiverUrl?: string;
  only?: RegExp;
  requireAllRoutes?: boolean;
  /** The checks, in the order to run them (default: every check, in the report's order). */
  checks?: readonly Check[];
  stopOnFailure?: boolean;
  onResult?: (result: CheckResult, secrets: ReadonlyMap<string, string>) => void;
}

/** Runs every check against a deployment, with the suite's own webhook receiver up for the run. */
export async function runConformance(options: ConformanceOptions): Promise<SuiteRun> {
  const receiver = new WebhookReceiver(options.receiverUrl);
  await receiver.start(options.receiverHost);
  try {
    return await runSuite(options.checks ?? ALL_CHECKS, {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      credentials: options.credentials,
      receiver,
      ...(options.only ? { only: options.only } : {}),
      ...(options.requireAllRoutes ? { requireAllRoutes: true } : {}),
      ...(options.stopOnFailure ? { stopOnFailure: true } : {}),
      ...(options.onResult ? { onResult: options.onResult } : {}),
    });
  } finally {
    await receiver.stop();
  }
}
