import { operate } from 'reference-server';
import { WebhookReceiver, type CertificationStart } from 'reference-server/testing';
import { JournalStore } from '../../reference-server/src/store/journal-store.js';

/**
 * How the fuzzer starts its server: the Automation API's per-key rate limit off, or the first
 * endpoints fuzzed with one key spend its budget and every later case is a 429 that never
 * reaches the code (what the 4,400-run pass of issue 16 measured).
 */
export const FUZZ_SERVER_ARGS = ['--automation-rate-limit', '0'];

/** Opens a stopped server's data folder (snapshots and journal replay) and counts its records. */
export async function readBack(dataDir: string): Promise<number> {
  const store = await JournalStore.open(dataDir);
  try {
    return store.stats().records;
  } finally {
    await store.close();
  }
}

/** Long enough for the longest fuzz pass: a run must not end by its deadline while requests are still sent. */
const RUN_TIMEOUT_S = 6 * 3600;
const REDIRECT_URI = 'https://integration.fuzz.example/oauth/callback';

/**
 * The runs the fuzzer starts, by what they cover. Each group has its own run, and one run covers
 * all three: its API and OAuth checks wait for an integration that never comes, so it stays
 * running all through the fuzz (its webhook subscription receives every event the fuzz causes),
 * while the webhook-only run grades its probes during the first seconds and ends.
 */
const RUNS: ReadonlyArray<{ covers: string; checks: string[]; path?: string }> = [
  { covers: 'webhook', checks: ['webhook'], path: '/webhook-run' },
  { covers: 'api', checks: ['api'] },
  { covers: 'oauth', checks: ['oauth'] },
  { covers: 'webhook, api, oauth', checks: ['webhook', 'api', 'oauth'], path: '/every-group-run' },
];

export interface RunInProgress {
  covers: string;
  id: string;
}

export interface CertificationRuns {
  runs: RunInProgress[];
  /** The OAuth client of the OAuth-only run: the fuzzer names it in Basic and in bodies, as a stranger who saw an authorize link would. */
  oauthClientId: string;
  /** The webhook subscriptions the runs made: the webhook-only run deletes its own when it has graded its probes, while the fuzz goes on. */
  subscriptionIds: string[];
  /** Each run's status now (`running`, `passed`, …). */
  statuses(): Promise<Array<RunInProgress & { status: string }>>;
  /** Stops the receiver (the runs end with the server). */
  close(): Promise<void>;
}

/**
 * Starts a run of every certification group on the server holding `dataDir` (through its
 * operator endpoint, as `certify start` does), with a receiver on 127.0.0.1 that verifies each
 * delivery with the run's secret as a correct integration does. The receiver listens only once
 * every secret is known: until then the runs see it as still starting and try again.
 */
export async function startCertificationRuns(dataDir: string, orgId: string): Promise<CertificationRuns> {
  const receiver = await new WebhookReceiver().start();
  await receiver.stop();
  const secrets = new Map<string, string>();
  const runs: RunInProgress[] = [];
  let oauthClientId = '';
  const subscriptionIds: string[] = [];
  try {
    for (const run of RUNS) {
      const webhookUrl = run.path ? receiver.urlOf(run.path) : undefined;
      const started = (await operate(dataDir, 'certify.start', {
        orgId,
        name: `fuzz: ${run.covers}`,
        checks: run.checks,
        timeoutSeconds: RUN_TIMEOUT_S,
        ...(webhookUrl ? { webhookUrl } : {}),
        ...(run.checks.includes('oauth') ? { redirectUris: [REDIRECT_URI] } : {}),
      })) as CertificationStart;
      runs.push({ covers: run.covers, id: started.run.id });
      if (run.path && started.credentials.webhook?.secret) secrets.set(run.path, started.credentials.webhook.secret);
      if (started.credentials.webhook) subscriptionIds.push(started.credentials.webhook.subscription_id);
      if (run.covers === 'oauth') oauthClientId = started.credentials.oauth_client?.client_id ?? '';
    }
    receiver.respond = (delivery) => {
      const secret = secrets.get(delivery.path);
      try {
        if (!secret) throw new Error('no run delivers here');
        WebhookReceiver.verify(secret, delivery);
        return { status: 204 };
      } catch {
        return { status: 401 };
      }
    };
    await receiver.start();
  } catch (error) {
    await receiver.stop();
    throw error;
  }
  return {
    runs,
    oauthClientId,
    subscriptionIds,
    statuses: () => Promise.all(runs.map(async (run) => ({ ...run, status: ((await operate(dataDir, 'certify.status', { runId: run.id })) as { run: { status: string } }).run.status }))),
    close: () => receiver.stop(),
  };
}
