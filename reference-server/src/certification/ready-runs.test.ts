import { describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../crypto/index.js';
import { runCommand } from '../operator/commands.js';
import { settle, WebhookReceiver, type TestServer } from 'reference-server/testing';
import { serverAndReceiverForFile } from '../../testing/server-and-receiver.js';
import type { Report } from './run-report.js';

/**
 * Issue 38: a partner whose receiver is already running configures it with the run's secret
 * first, then begins the checks. A run made with `waitForBegin` probes and faults nothing until
 * `certify begin`; and a receiver that refuses the first correctly signed delivery (it still held
 * another secret) is tried once more before the webhook group is lost.
 */
let server: TestServer;
let receiver: WebhookReceiver;
serverAndReceiverForFile((started) => ({ server, receiver } = started));

interface Started {
  run: { id: string; status: string };
  credentials: { automation_key?: string; webhook?: { secret?: string } };
}
const start = (input: Record<string, unknown>) => runCommand(server.ctx, 'certify.start', { orgId: server.demo.organizationId, ...input }) as Promise<Started>;
const status = (runId: string) => runCommand(server.ctx, 'certify.status', { runId }) as Promise<Report>;
async function when(runId: string, decided: (report: Report) => boolean): Promise<Report> {
  for (;;) {
    const report = await status(runId);
    if (decided(report)) return report;
    await new Promise((done) => setTimeout(done, 250));
  }
}
const finished = (runId: string) => when(runId, (r) => r.run.status === 'passed' || r.run.status === 'failed');
const webhookChecks = (report: Report) => report.checks.filter((c) => c.id.startsWith('webhook.'));
function verifies(secret: string, delivery: Parameters<typeof WebhookReceiver.verify>[1]): boolean {
  try {
    WebhookReceiver.verify(secret, delivery);
    return true;
  } catch {
    return false;
  }
}
/** A receiver holding `secret` (set later, as a partner pastes the new one): 204 when a delivery verifies, 401 otherwise. */
function verifyingWith(holder: { secret: string }) {
  return (delivery: Parameters<WebhookReceiver['respond']>[0]) => ({ status: verifies(holder.secret, delivery) ? 204 : 401 });
}

describe('a run that waits to be begun', () => {
  it('sends nothing and faults no API call while ready; begun, it grades the receiver configured meanwhile', async () => {
    const holder = { secret: generateWebhookSecret() };
    receiver.respond = verifyingWith(holder);
    // The run's subscription receives the organisation's real events too: the demo data's own jobs
    // (on PostgreSQL still running when the file starts) end first, so nothing but a probe could come.
    await settle(server);
    const started = await start({ webhookUrl: receiver.url, checks: ['webhook', 'api.honours-retry-after'], waitForBegin: true });
    expect(started.run.status).toBe('ready');
    // The run's key works and meets no 429 while the partner configures the integration.
    const me = () => fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': started.credentials.automation_key as string } });
    expect((await me()).status).toBe(200);
    const ready = await status(started.run.id);
    expect(ready.run).toMatchObject({ status: 'ready', begun_at: null });
    expect(ready.checks.every((c) => c.outcome === 'pending')).toBe(true);
    const signedForRun = () => receiver.deliveries.filter((d) => verifies(started.credentials.webhook?.secret as string, d)).length;
    expect(signedForRun()).toBe(0);

    holder.secret = started.credentials.webhook?.secret as string;
    const begun = (await runCommand(server.ctx, 'certify.begin', { runId: started.run.id })) as Report;
    expect(begun.run.status).toBe('running');
    expect((await me()).status).toBe(429);
    await expect(runCommand(server.ctx, 'certify.begin', { runId: started.run.id })).rejects.toThrow('only a ready run begins');
    const report = await when(started.run.id, (r) => webhookChecks(r).every((c) => c.outcome !== 'pending'));
    expect(webhookChecks(report).map((c) => [c.id, c.outcome])).toEqual(webhookChecks(report).map((c) => [c.id, 'pass']));
    await runCommand(server.ctx, 'certify.finish', { runId: started.run.id });
  }, 40_000);

  it('tries a first delivery refused with 401 once more, and says why when it is refused again', async () => {
    const holder = { secret: generateWebhookSecret() };
    let refusals = 0;
    const verify = verifyingWith(holder);
    const started = await start({ webhookUrl: receiver.url, checks: ['webhook.accepts-valid'] });
    const right = started.credentials.webhook?.secret as string;
    // The partner pastes the new secret right after the first refusal.
    receiver.respond = (delivery) => {
      const answer = verify(delivery);
      if (answer.status === 401 && ++refusals === 1) holder.secret = right;
      return answer;
    };
    const passed = await finished(started.run.id);
    expect(passed.checks[0]).toMatchObject({ id: 'webhook.accepts-valid', outcome: 'pass' });
    expect(passed.checks[0]?.evidence[0]?.note).toContain('Refused: tried again in 3 s.');

    receiver.respond = verifyingWith({ secret: generateWebhookSecret() });
    const again = await start({ webhookUrl: receiver.url, checks: ['webhook.accepts-valid'] });
    const failed = await finished(again.run.id);
    expect(failed.checks[0]).toMatchObject({ outcome: 'fail', summary: expect.stringContaining("the receiver refused a valid signature. Is it using this run's signing secret?") });
    expect(failed.checks[0]?.advice.fix).toContain('raw body');
  }, 40_000);
});
