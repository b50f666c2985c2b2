// The certification phase of `npm run e2e:n8n` (issue 26): the n8n package certified inside real
// n8n. The published trigger workflow is the webhook receiver (the run probes the subscription its
// activation made, at n8n's production webhook URL); the action node, run by `n8n execute` with
// the run's credentials, is the API client; the partner OAuth2 credential, connected through
// n8n's own "Connect my account" flow and refreshed by n8n's runtime, is the OAuth client.
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { certificationWhen, explainCertification, finishCertification, signInAndConsent, startCertification, writeCertificate, type Report, type TestServer } from 'reference-server/testing';
import { N8N_CERTIFICATION_NOTES } from '../../n8n-nodes/test/harness/certification-notes.js';
import type { Editor } from './editor.js';
import type { N8nInstance } from './n8n-process.js';
import { withTimeout } from './timeout.js';
import { CREDENTIALS, node, stepsWorkflow } from './workflows.js';

/** Short, so that every `n8n execute` (tens of seconds to boot) meets an expired access token. */
const ACCESS_TOKEN_TTL_S = 5;
/**
 * Long enough that every try n8n's Retry On Fail makes (3 tries, 1 s apart), each with the node's
 * own backoff (at most 0.5 + 1 + 2 s), meets the persistent 503.
 */
const FAULT_WINDOW_S = 20;
const PROFILE = 'prf_preseed_founder';
const CERTIFIED_RECORD_ID = 'n8n-real-certified-1';
const CERTIFICATE = fileURLToPath(new URL('../../docs/certification/n8n-real.html', import.meta.url));

const listSubmissions = (name: string) =>
  node({ resource: 'submission', operation: 'getAll', returnAll: true, filters: { profile_id: PROFILE } }, 'runAutomation', name);
const getMeOAuth2 = { ...node({ resource: 'account', authentication: 'oAuth2', operation: 'getMe' }, 'runPartner', 'Get Me (OAuth2)'), executeOnce: true };

const WORKFLOWS = {
  // The create trap (the run cuts the connection after carrying out the first create), then the
  // list meets the 429, the 503 with Retry-After and the persistent 503 the node gives up on, with
  // n8n's Retry On Fail switched on (n8n's defaults): n8n runs the node again on top of its retries.
  api: stepsWorkflow('e2eWfCertApi0001', 'Certification: API client under faults', [
    node(
      { resource: 'submission', operation: 'create', recordId: CERTIFIED_RECORD_ID, profileId: PROFILE, fieldsInput: 'json', fieldsJson: JSON.stringify({ email: 'n8n@certified.example', company: 'Certified Co' }) },
      'runAutomation',
      'Create Submission',
    ),
    { ...listSubmissions('Get Submissions'), executeOnce: true, retryOnFail: true },
  ]),
  // Once the fault window is over: the list in pages of one to its end, the developer key, and the
  // first call with an expired access token.
  pages: stepsWorkflow('e2eWfCertPages01', 'Certification: every page, developer key, OAuth2', [
    listSubmissions('Get Submissions'),
    { ...node({ resource: 'benchmarkTag', operation: 'getAll', returnAll: true }, 'runAssessment', 'Get Benchmark Tags'), executeOnce: true },
    getMeOAuth2,
  ]),
  // The second call after an expiry: n8n must present the refresh token the first refresh rotated in.
  oauth: stepsWorkflow('e2eWfCertOAuth01', 'Certification: OAuth2 after the next expiry', [getMeOAuth2]),
};

export const certificationWorkflows = () => Object.values(WORKFLOWS);

/** The package's explanations (as in n8n-core's certificate), and what real n8n adds to them. */
const REAL_N8N_NOTES: Record<string, string> = {
  ...N8N_CERTIFICATION_NOTES,
  'webhook.idempotent':
    "The trigger remembers the webhook-ids it handled in the n8n process as well as in the workflow's static data (n8n 2.41.1 does not save static data a webhook changed when it starts an execution, so static data alone let the repeat run the workflow again). It calls the API with the organisation's key, not the run's, so the run counts 0 calls; e2e:n8n checks that n8n ran the workflow once for the two deliveries.",
  'webhook.fast-ack': "n8n's: it answers a production webhook once the trigger has verified the delivery, before the workflow runs.",
  'api.retries-transient':
    "With Retry On Fail on (as in this run), the node leaves the 503 to n8n: n8n runs the node again after Wait Between Tries (1 s), and that try sends the request again. Without it, the node's own backoff does.",
  'api.bounded-retries':
    "The node's own policy, shared with n8n's Retry On Fail (on in this run, n8n's defaults: 3 tries): the tries share the node's Max Retries after a 5xx, so a persistent 503 meets at most Max Retries + 1 requests in all. Before this was fixed, each try made its own 4 and this run failed (11 requests in 9 s).",
};

export interface Phase {
  server: TestServer;
  n8n: N8nInstance;
  editor: Editor;
  /** the subscription the published trigger workflow's activation made */
  subscriptionId: string;
  check(name: string, body: () => Promise<string> | string): Promise<void>;
  /** prints a line of the report (not a check of its own) */
  print(line: string): void;
  /** how many events the trigger workflow handed on that contain `text` */
  forwarded(text: string): number;
}

const outcomes = (report: Report) => Object.fromEntries(report.checks.map((c) => [c.id, c.outcome]));
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** `n8n execute`; a failed execution is an answer too (the node giving up on a persistent 503). */
async function execute(n8n: N8nInstance, id: string): Promise<{ ok: boolean; output: string }> {
  try {
    return { ok: true, output: await n8n.cli(['execute', `--id=${id}`, '--rawOutput']) };
  } catch (error) {
    return { ok: false, output: error instanceof Error ? error.message : String(error) };
  }
}

/** What n8n printed about a failed execution: the node error's message, or its last lines. */
function executionError(output: string): string {
  const message = output.match(/"message": "([^"]+)"/)?.[1];
  return message ?? output.trim().split('\n').slice(-8).join('\n');
}

export async function certifyInRealN8n({ server, n8n, editor, subscriptionId, check, print, forwarded }: Phase): Promise<void> {
  const callback = `${n8n.webhookBase}rest/oauth2-credential/callback`;
  let runId: string | undefined;
  let clientId = '';
  let clientSecret = '';
  let automationKey = '';
  let developerKey = '';
  await check('certification: run started', async () => {
    const started = await startCertification(server, {
      name: 'n8n-nodes-evaluation-platform in n8n 2.41.1',
      subscriptionId,
      checks: ['webhook', 'api', 'oauth'],
      redirectUris: [callback],
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL_S,
      faultWindowSeconds: FAULT_WINDOW_S,
    });
    runId = started.run.id;
    ({ client_id: clientId, client_secret: clientSecret } = started.credentials.oauth_client as { client_id: string; client_secret: string });
    automationKey = started.credentials.automation_key as string;
    developerKey = started.credentials.developer_key as string;
    return `${runId}: probes ${started.credentials.webhook?.url} (the trigger's ${subscriptionId}); OAuth client with redirect URI ${callback}`;
  });
  if (!runId) return;
  const id = runId;

  let repeatedEvent: string | undefined;
  // The probes first, alone: an n8n CLI booting beside `n8n start` on this 2-core machine would
  // slow its answers, and webhook.fast-ack would grade the machine, not the trigger.
  await check('certification: trigger under the probes', async () => {
    const report = await withTimeout(
      certificationWhen(server, id, (r) => r.run.status !== 'running' || r.checks.every((c) => !c.id.startsWith('webhook.') || c.outcome !== 'pending')),
      120_000,
      'decision on every webhook.* check',
    );
    const webhook = report.checks.filter((c) => c.id.startsWith('webhook.'));
    repeatedEvent = report.checks.find((c) => c.id === 'webhook.idempotent')?.summary.match(/deliveries of (evt_\S+) were/)?.[1];
    return `${webhook.filter((c) => c.outcome === 'pass').length} of ${webhook.length} webhook.* passed at n8n's production webhook URL`;
  });

  await check('certification: run credentials in n8n', async () => {
    const baseUrl = server.url;
    const credentials = [
      { ...CREDENTIALS.runAutomation, data: { baseUrl, apiKey: automationKey } },
      { ...CREDENTIALS.runAssessment, data: { baseUrl, apiKey: developerKey } },
      { ...CREDENTIALS.runPartner, data: { baseUrl, clientId, clientSecret } },
    ];
    await n8n.cli(['import:credentials', `--input=${n8n.file('run-credentials.json', credentials)}`]);
    return 'automation key, developer key, partner OAuth2 with the run’s client (no token yet)';
  });
  await check('certification: Connect my account (n8n)', async () => {
    const authorize = new URL(await editor.connectOAuth2(CREDENTIALS.runPartner.id, (url) => signInAndConsent(server, url)));
    const query = authorize.searchParams;
    return `n8n's authorize URL: redirect_uri ${query.get('redirect_uri')}, state ${query.has('state') ? 'set' : 'MISSING'}, code_challenge_method ${query.get('code_challenge_method') ?? 'none'}; n8n's server exchanged the code`;
  });

  await check('certification: API client under faults', async () => {
    const { ok, output } = await execute(n8n, WORKFLOWS.api.id);
    const report = await withTimeout(
      certificationWhen(server, id, (r) => r.run.status !== 'running' || outcomes(r)['api.bounded-retries'] !== 'pending'),
      (FAULT_WINDOW_S + 60) * 1000,
      'decision on api.bounded-retries',
    );
    const decided = ['api.idempotent-create', 'api.honours-retry-after', 'api.retries-transient', 'api.bounded-retries'].map((c) => `${c} ${outcomes(report)[c]}`);
    const execution = ok ? 'the execution succeeded' : `the execution failed as the node gave up: "${executionError(output)}"`;
    return `Create, then Get Many under 429 / 503 / persistent 503: ${execution}; ${decided.join(', ')}`;
  });
  await check('certification: pages, developer key, OAuth2 refresh', async () => {
    const { ok, output } = await execute(n8n, WORKFLOWS.pages.id);
    if (!ok) throw new Error(`the execution failed: ${executionError(output)}`);
    return 'Get Many followed every page of one; Get Benchmark Tags with the run’s developer key; Get Me (OAuth2) after the access token expired';
  });
  await check('certification: OAuth2 after the next expiry', async () => {
    // n8n boots in a few seconds when the machine is idle: the access token the first refresh got must have expired.
    const refreshed = await withTimeout(
      certificationWhen(server, id, (r) => r.run.status !== 'running' || outcomes(r)['oauth.refreshes-on-expiry'] !== 'pending'),
      60_000,
      'first refresh',
    );
    const refreshedAt = Date.parse(refreshed.checks.find((c) => c.id === 'oauth.refreshes-on-expiry')?.evidence.at(-1)?.at ?? '') || Date.now();
    await sleep(Math.max(0, refreshedAt + (ACCESS_TOKEN_TTL_S + 1) * 1000 - Date.now()));
    const { ok, output } = await execute(n8n, WORKFLOWS.oauth.id);
    if (!ok) throw new Error(`the execution failed: ${executionError(output)}`);
    return 'Get Me (OAuth2) with the refresh token n8n stored after the first refresh';
  });
  await check('certification: delete the OAuth2 credential', async () => {
    // What "disconnect" is in n8n: n8n deletes the credential and calls no revocation endpoint.
    await editor.deleteCredential(CREDENTIALS.runPartner.id);
    return 'n8n deleted it (it revokes nothing: oauth.revokes-on-disconnect stays not_run)';
  });

  // The run sees the trigger's acknowledgements; whether n8n ran the workflow once for the
  // repeated webhook-id shows in what the workflow handed on (minutes later, every run is over).
  await check('certification: a repeat runs nothing', () => {
    if (!repeatedEvent) throw new Error('the run sent no repeated delivery');
    const runs = forwarded(repeatedEvent);
    if (runs !== 1) throw new Error(`the workflow handed ${repeatedEvent} on ${runs} times`);
    return `both deliveries of ${repeatedEvent} acknowledged, the workflow ran once for them`;
  });

  let report: Report | undefined;
  await check('certification: every check decided', async () => {
    const pendingBesidesRevocation = (r: Report) => r.checks.filter((c) => c.outcome === 'pending' && c.id !== 'oauth.revokes-on-disconnect');
    const decided = await withTimeout(certificationWhen(server, id, (r) => r.run.status !== 'running' || pendingBesidesRevocation(r).length === 0), 120_000, 'decision on every check').catch(
      async (error: unknown) => {
        print(`      ${firstLine(error)}; finishing the run`);
        return undefined;
      },
    );
    // Explained before the run ends: the signed certificate carries what was given by then.
    for (const [checkId, text] of Object.entries(REAL_N8N_NOTES)) await explainCertification(server, id, checkId, text);
    report = await finishCertification(server, id);
    const line = await writeCertificate(report, CERTIFICATE);
    if (!decided) throw new Error(`still pending after 120 s: ${pendingBesidesRevocation(report).map((c) => c.id).join(', ')}`);
    return `${line} (docs/certification/n8n-real.html)`;
  });
  if (!report) return;
  for (const c of report.checks) print(`      ${c.outcome.padEnd(8)} ${c.level.padEnd(6)} ${c.id.padEnd(34)} ${c.summary ?? ''}`);
  const failedMusts = report.checks.filter((c) => c.level === 'MUST' && c.outcome !== 'pass');
  await check('certification: every MUST passed', () => {
    if (failedMusts.length) throw new Error(failedMusts.map((c) => `${c.id}: ${c.outcome}`).join(', '));
    const summary = report!.summary;
    return `${summary.passed} passed, ${summary.failed} failed, ${summary.warned} warned, ${summary.not_run} not run`;
  });
}
