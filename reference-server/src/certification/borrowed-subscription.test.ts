import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { runCommand, type CommandInput } from '../operator/commands.js';
import { startTestServer, type TestServer } from 'reference-server/testing';
import type { Report } from './run-report.js';

/**
 * An integration that subscribes itself (n8n's trigger, a Zapier REST hook) keeps its own secret:
 * a run given `subscriptionId` probes that subscription, refuses one of another organisation, and
 * leaves it in place when it ends.
 */
let server: TestServer;
let receiver: Server;
let subscriptionId: string;

beforeAll(async () => {
  server = await startTestServer();
  let webhook: Webhook | undefined;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        webhook?.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        res.writeHead(204).end();
      } catch {
        res.writeHead(401).end();
      }
    });
  }).listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as { port: number };
  const answer = await fetch(`${server.url}/api/automation/webhooks`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ['submission.completed'] }),
  });
  const created = (await answer.json()) as { id: string; secret: string };
  subscriptionId = created.id;
  webhook = new Webhook(created.secret);
});

afterAll(async () => {
  receiver.close();
  await server.dispose();
});

const start = (input: CommandInput<'certify.start'>) => runCommand(server.ctx, 'certify.start', { checks: ['webhook'], ...input });
const status = (runId: string) => runCommand(server.ctx, 'certify.status', { runId }) as Promise<Report>;

describe('a run that probes an existing subscription', () => {
  it('signs its probes with that subscription’s secret, hands out no secret, and leaves the subscription in place', async () => {
    const started = (await start({ orgId: server.demo.organizationId, subscriptionId })) as { run: { id: string }; credentials: { webhook: { subscription_id: string; secret?: string } } };
    expect(started.credentials.webhook).toEqual({ subscription_id: subscriptionId, url: expect.stringMatching(/\/hook$/) });
    let report = await status(started.run.id);
    while (report.run.status === 'running') {
      await new Promise((done) => setTimeout(done, 250));
      report = await status(started.run.id);
    }
    expect(report.checks.map((c) => c.outcome)).toEqual(Array(9).fill('pass'));
    const kept = await fetch(`${server.url}/api/automation/webhooks/${subscriptionId}`, { headers: { 'x-api-key': server.demo.automationKey } });
    expect(kept.status).toBe(200);
  }, 30_000);

  it('refuses a subscription of another organisation, and a URL given as well', async () => {
    const other = (await runCommand(server.ctx, 'org.create', { name: 'Other Org' })) as { id: string };
    await runCommand(server.ctx, 'user.create', { orgId: other.id, email: 'admin@other.example', name: 'Other Admin', role: 'admin' });
    await expect(start({ orgId: other.id, subscriptionId })).rejects.toThrow(`has no webhook subscription ${subscriptionId}`);
    await expect(start({ orgId: server.demo.organizationId, subscriptionId, webhookUrl: 'http://127.0.0.1:9/hook' })).rejects.toThrow('not both');
  });
});
