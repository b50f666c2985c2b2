// `npm run e2e:n8n`: the n8n package inside a real n8n (pinned, on Node 24, installed into the
// cache on first use), against a fresh reference server: one workflow per resource of the action
// node run with `n8n execute`, then the trigger workflow published and fed a real event, then the
// package certified in that n8n (certification.ts). One line per check; exit 1 if any fails (a MUST
// of the certification not passed among them). Takes minutes (the first run installs n8n: 7–13 min).
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startTestServer } from 'reference-server/testing';
import { ensureN8n, N8N_VERSION } from './install-n8n.js';
import { freePort, n8nInstance, type N8nInstance } from './n8n-process.js';
import { certificationWorkflows, certifyInRealN8n } from './certification.js';
import { type Editor, olderThanAPage, signInEditor } from './editor.js';
import { itemsByNode } from './run-output.js';
import { credentialsFor, partnerTokens } from './setup.js';
import { withTimeout } from './timeout.js';
import { RECORD_ID, RESOURCE_CHECKS, resourceWorkflow, TRIGGER_WORKFLOW_ID, triggerWorkflow } from './workflows.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
let failures = 0;

function report(ok: boolean, check: string, detail: string): void {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${check.padEnd(34)} ${detail}`);
}

async function check(name: string, body: () => Promise<string> | string): Promise<void> {
  try {
    report(true, name, await body());
  } catch (error) {
    report(false, name, error instanceof Error ? error.message.split('\n').slice(0, 12).join('\n      ') : String(error));
  }
}

/** Receives what the trigger workflow forwards; `next()` resolves with the first body that matches. */
function startForwardReceiver(): Promise<{
  url: string;
  next: (match: (body: string) => boolean) => Promise<string>;
  count: (match: (body: string) => boolean) => number;
  close: () => Promise<void>;
}> {
  const bodies: string[] = [];
  const waiters: { match: (body: string) => boolean; resolve: (body: string) => void }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      res.end('{}');
      for (const waiter of waiters.splice(0)) (waiter.match(body) ? waiter.resolve(body) : waiters.push(waiter));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/forwarded`,
        next: (match) => {
          const seen = bodies.find(match);
          return seen ? Promise.resolve(seen) : new Promise((found) => waiters.push({ match, resolve: found }));
        },
        count: (match) => bodies.filter(match).length,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

async function main(): Promise<void> {
  const install = ensureN8n();
  console.log(`n8n ${N8N_VERSION} on Node ${spawnSync(install.node, ['--version'], { encoding: 'utf8' }).stdout.trim()} (${install.bin})`);
  const built = spawnSync('npm', ['run', 'build', '-w', 'n8n-nodes'], { cwd: repo, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build -w n8n-nodes failed:\n${built.stdout}\n${built.stderr}`);
  console.log('n8n-nodes built (npm run build -w n8n-nodes)');

  const server = await startTestServer();
  const receiver = await startForwardReceiver();
  const n8n: N8nInstance = n8nInstance(install, { extensions: `${repo}n8n-nodes/dist`, port: await freePort() });
  console.log(`reference server ${server.url}; n8n user folder and sqlite in a temp dir; package from n8n-nodes/dist\n`);
  try {
    const tokens = await partnerTokens(server, 'e2e-n8n');
    await check('import:credentials (3 kinds)', async () => {
      await n8n.cli(['import:credentials', `--input=${n8n.file('credentials.json', credentialsFor(server, tokens))}`]);
      return 'automation key, developer key, partner OAuth2 with tokens from the sign-in pages';
    });
    const context = { recordId: RECORD_ID, organizationName: server.demo.organizationName, email: server.demo.user.email };
    // One import for every workflow (each n8n command boots n8n: tens of seconds on a busy machine).
    const workflows = [...RESOURCE_CHECKS.map(resourceWorkflow), triggerWorkflow(receiver.url), ...certificationWorkflows()];
    await check(`import:workflow (${workflows.length} workflows)`, async () => {
      await n8n.cli(['import:workflow', `--input=${n8n.file('workflows.json', workflows)}`]);
      return `one per resource of the action node, the trigger workflow, and the certification's`;
    });
    for (const resourceCheck of RESOURCE_CHECKS) {
      await check(`workflow: ${resourceCheck.resource}`, async () => {
        const stdout = await n8n.cli(['execute', `--id=${resourceCheck.id}`, '--rawOutput']);
        return resourceCheck.expect(itemsByNode(stdout), context);
      });
    }

    let subscriptionId: string | undefined;
    await check('trigger: publish + n8n start', async () => {
      await n8n.cli(['publish:workflow', `--id=${TRIGGER_WORKFLOW_ID}`]);
      // Published workflows are activated after the editor is up; activation subscribes the trigger,
      // so the subscription appearing on the server is the sign (n8n 2.x logs no line for it).
      const subscribed = async () => {
        const listed = (await (await fetch(`${server.url}/api/automation/webhooks`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as {
          data: { id: string; url: string; events: string[] }[];
        };
        return listed.data.find((w) => w.url.startsWith(n8n.webhookBase));
      };
      const subscription = await withTimeout(n8n.start(subscribed), 180_000, 'trigger subscription after n8n start').catch((error: unknown) => {
        throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${n8n.startLog()}`);
      });
      subscriptionId = subscription.id;
      return `activation subscribed ${subscription.url} to ${subscription.events.join(', ')}`;
    });
    await check('trigger: signed event → workflow', async () => {
      const recordId = 'crm-e2e-n8n-trigger';
      const created = await fetch(`${server.url}/api/automation/submissions`, {
        method: 'POST',
        headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
        body: JSON.stringify({ record_id: recordId, profile_id: 'prf_preseed_founder', fields: { email: 'grace@founders.example', name: 'Grace Builder', company: 'Compiler Co' } }),
      });
      if (!created.ok) throw new Error(`creating the submission answered ${created.status}: ${await created.text()}`);
      const forwarded = await withTimeout(receiver.next((body) => body.includes(recordId)), 60_000, 'event forwarded by the workflow');
      const event = JSON.parse(forwarded) as { type?: string; id?: string };
      return `submission.queued delivered, verified by the trigger, forwarded by the next node (type ${String(event.type)}, id ${String(event.id)})`;
    });
    let editor: Editor | undefined;
    await check('editor: From list search at size', async () => {
      const ada = await olderThanAPage(server);
      editor = await signInEditor(n8n.webhookBase);
      const lines: string[] = [];
      for (const credential of ['automation', 'partner'] as const) {
        const everything = await editor.searchSubmissions(credential, '');
        if (everything.some((r) => r.value === ada)) throw new Error(`the unfiltered first page (${credential}) already holds her: the check proves nothing`);
        const found = await editor.searchSubmissions(credential, 'ada love');
        if (!found.some((r) => r.value === ada)) throw new Error(`"ada love" through ${credential}: ${JSON.stringify(found.slice(0, 3))}`);
        lines.push(`${credential}: "${found[0]?.name}"`);
      }
      return `a submission 150 behind the first page found in the first answer — ${lines.join('; ')}`;
    });

    console.log('\nThe package certified in this n8n (issue 26):');
    if (!subscriptionId || !editor) report(false, 'certification', 'needs the published trigger’s subscription and the signed-in editor (a check above failed)');
    else await certifyInRealN8n({ server, n8n, editor, subscriptionId, check, print: (line) => console.log(line), forwarded: (text) => receiver.count((body) => body.includes(text)) });
  } finally {
    await n8n.dispose();
    await receiver.close();
    await server.dispose();
  }
  console.log(failures ? `\n${failures} check(s) failed.` : '\nEvery check passed.');
  process.exitCode = failures ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
