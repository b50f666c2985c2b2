import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../clock.js';
import { defaultConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { answersFrom } from '../psychometrics/index.js';
import { selectNorm } from '../psychometrics/index.js';
import { saveResult } from '../assessments/index.js';
import { scoreAnswers } from '../psychometrics/index.js';
import { put } from '../store/store.js';
import { issueCredential } from '../tenancy/credentials.js';
import { createOrganization } from '../tenancy/organizations.js';
import { settle, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { serverAndReceiverForEach } from '../../testing/server-and-receiver.js';
import { eventOps } from './outbox.js';
import { SUBSCRIPTIONS, type SubscriptionRecord } from './webhook-records.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './schedule.js';

let server: TestServer;
let clock: ManualClock;
let receiver: WebhookReceiver;

const api = (path: string, init: RequestInit = {}, key = server.demo.automationKey) =>
  fetch(`${server.url}/api/automation${path}`, {
    ...init,
    headers: { 'x-api-key': key, ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) },
  });

async function subscribe(events?: string[], url = receiver.url): Promise<{ id: string; secret: string }> {
  const response = await api('/webhooks', { method: 'POST', body: JSON.stringify({ url, ...(events ? { events } : {}) }) });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; secret: string };
}

let records = 0;
async function createDeal(fields: Record<string, unknown> = {}): Promise<string> {
  const recordId = `deal-${(records += 1)}`;
  const response = await api('/submissions', {
    method: 'POST',
    body: JSON.stringify({ record_id: recordId, profile_id: 'prf_seed_deal', fields: { company: 'Acme Robotics', stage: 'seed', ...fields } }),
  });
  expect(response.status).toBe(202);
  return recordId;
}

async function attempts(subscriptionId: string) {
  const response = await api(`/webhooks/${subscriptionId}/attempts?limit=100`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { outcome: string; status_code: number | null; error: string | null; at: string; next_attempt_at: string | null }[] }).data;
}

/** Moves the clock past the next retry (jitter adds at most 10 %) and lets the work run. */
async function advance(ms: number): Promise<void> {
  clock.advance(Math.ceil(ms * 1.1) + 1);
  await settle(server);
}

serverAndReceiverForEach(() => Date.now(), (started) => ({ clock, server, receiver } = started));

describe('webhook delivery', () => {
  it('delivers submission.completed end to end, signed so the standardwebhooks package verifies it', async () => {
    const { id, secret } = await subscribe(['submission.completed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const recordId = await createDeal({ monthly_revenue: 20_000, pitch: 'TAM of $4bn; competitor moat analysis' });
    await settle(server);
    await receiver.waitFor(1);
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    const headers = delivery?.headers as Record<string, string>;
    const payload = new Webhook(secret).verify(delivery?.rawBody ?? '', headers) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['created_at', 'data', 'id', 'organization_id', 'type']);
    expect(payload.type).toBe('submission.completed');
    expect(payload.organization_id).toBe(server.demo.organizationId);
    expect(headers['webhook-id']).toBe(payload.id);
    expect(headers['content-type']).toBe('application/json');
    const data = payload.data as { record_id: string; status: string; score: { overall: number }; report: { summary: string } };
    expect(data).toMatchObject({ record_id: recordId, status: 'completed' });
    expect(data.score.overall).toBeGreaterThan(0);
    expect(data.report.summary).toContain('Acme Robotics');
    // A tampered body fails verification: the signature covers the raw bytes.
    expect(() => new Webhook(secret).verify((delivery?.rawBody ?? '').replace('Acme', 'Acne'), headers)).toThrow();
    const log = await attempts(id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ outcome: 'delivered', status_code: 200, error: null });
  });

  it('a receiver that is down and then up gets every event, retried on the documented schedule', async () => {
    const { id, secret } = await subscribe();
    await receiver.stop();
    await createDeal();
    await createDeal();
    await settle(server);
    const failed = await attempts(id);
    expect(failed.length).toBe(4);
    expect(failed.every((a) => a.outcome === 'retrying' && a.status_code === null && /ECONNREFUSED/.test(a.error ?? ''))).toBe(true);
    const first = failed[0] as { at: string; next_attempt_at: string };
    const wait = Date.parse(first.next_attempt_at) - Date.parse(first.at);
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] as number);
    expect(wait).toBeLessThanOrEqual((RETRY_DELAYS_MS[0] as number) * 1.1);

    await receiver.start();
    await advance(RETRY_DELAYS_MS[0] as number);
    await receiver.waitFor(4);
    const events = receiver.events();
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
    expect(events.map((e) => e.type).sort()).toEqual(['submission.completed', 'submission.completed', 'submission.queued', 'submission.queued']);
    for (const delivery of receiver.deliveries) {
      // Signed at the retry's time (the clock moved), with the same secret and message id.
      const payload = JSON.parse(delivery.rawBody) as { id: string };
      const timestamp = new Date(Number(delivery.headers['webhook-timestamp']) * 1000);
      expect(delivery.headers['webhook-signature']).toBe(new Webhook(secret).sign(payload.id, timestamp, delivery.rawBody));
    }
    expect((await attempts(id)).filter((a) => a.outcome === 'delivered')).toHaveLength(4);
  });

  it('410 Gone disables the subscription; later events are not sent to it until it is enabled again', async () => {
    receiver.respond = () => ({ status: 410 });
    const { id } = await subscribe(['submission.queued']);
    await createDeal();
    await settle(server);
    expect(receiver.deliveries).toHaveLength(1);
    const subscription = (await (await api(`/webhooks/${id}`)).json()) as { status: string; disabled_reason: string };
    expect(subscription.status).toBe('disabled');
    expect(subscription.disabled_reason).toContain('410');
    expect((await attempts(id))[0]).toMatchObject({ outcome: 'disabled', status_code: 410, next_attempt_at: null });

    await createDeal();
    await advance(3_600_000);
    expect(receiver.deliveries).toHaveLength(1);

    receiver.respond = () => ({ status: 204 });
    const enabled = await api(`/webhooks/${id}/enable`, { method: 'POST' });
    expect(((await enabled.json()) as { status: string }).status).toBe('active');
    await createDeal();
    await settle(server);
    expect(receiver.deliveries).toHaveLength(2);
  });

  it('a 3xx is a failure: the redirect is not followed and the delivery is not retried', async () => {
    const target = await new WebhookReceiver().start();
    try {
      receiver.respond = () => ({ status: 301, headers: { location: target.url } });
      const { id } = await subscribe(['submission.queued']);
      await createDeal();
      await settle(server);
      await advance(24 * 3_600_000);
      expect(receiver.deliveries).toHaveLength(1);
      expect(target.deliveries).toHaveLength(0);
      const log = await attempts(id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ outcome: 'failed', status_code: 301 });
      expect(log[0]?.error).toMatch(/redirect/);
    } finally {
      await target.stop();
    }
  });

  it('429 waits as long as Retry-After says when that is longer than the schedule', async () => {
    let calls = 0;
    receiver.respond = () => ((calls += 1) === 1 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 200 });
    const { id } = await subscribe(['submission.queued']);
    await createDeal();
    await settle(server);
    const [first] = await attempts(id);
    expect(first).toMatchObject({ outcome: 'retrying', status_code: 429 });
    expect(Date.parse(first?.next_attempt_at ?? '') - Date.parse(first?.at ?? '')).toBe(120_000);
    await advance(RETRY_DELAYS_MS[0] as number);
    expect(receiver.deliveries).toHaveLength(1);
    clock.advance(120_000);
    await settle(server);
    expect(receiver.deliveries).toHaveLength(2);
    expect((await attempts(id))[0]).toMatchObject({ outcome: 'delivered' });
  });

  it('5xx is retried through the whole schedule, then the delivery has failed for good', async () => {
    receiver.respond = () => ({ status: 503 });
    const { id } = await subscribe(['submission.queued']);
    await createDeal();
    await settle(server);
    for (const delay of RETRY_DELAYS_MS) await advance(delay);
    await advance(24 * 3_600_000);
    expect(receiver.deliveries).toHaveLength(MAX_ATTEMPTS);
    const log = await attempts(id);
    expect(log).toHaveLength(MAX_ATTEMPTS);
    expect(log[0]).toMatchObject({ outcome: 'failed', status_code: 503, next_attempt_at: null });
    expect(log.slice(1).every((a) => a.outcome === 'retrying')).toBe(true);
  });

  it('an assessment.completed event reaches automation subscribers and re-queues the submissions awaiting that person', async () => {
    await subscribe(['assessment.completed', 'submission.awaiting_assessment']);
    const response = await api('/submissions', {
      method: 'POST',
      body: JSON.stringify({ record_id: 'founder-1', profile_id: 'prf_preseed_founder', fields: { email: 'Sam@Startup.example', name: 'Sam', company: 'Startup' } }),
    });
    expect(response.status).toBe(202);
    await settle(server);
    expect(receiver.events().map((e) => e.type)).toEqual(['submission.awaiting_assessment']);
    const awaiting = (await (await api('/submissions?record_id=founder-1')).json()) as { data: { status: string; score: { partial: boolean } }[] };
    expect(awaiting.data[0]).toMatchObject({ status: 'awaiting_assessment', score: { partial: true } });

    // What the Assessment API's submit does: save the result with its event in the same write.
    const orgId = server.demo.organizationId;
    const { norm, reference } = selectNorm();
    const answers = answersFrom((item) => (item.reversed ? 2 : 5));
    await saveResult(
      server.ctx,
      orgId,
      {
        email: 'sam@startup.example',
        fullName: 'Sam',
        benchmarkTagId: null,
        benchmarkApplied: false,
        scores: scoreAnswers(answers, norm, reference),
        answers,
        context: {},
        crmSync: { status: 'not_configured', attempts: 0 },
      },
      async (tx) => (saved) => eventOps(server.ctx, tx, orgId, 'assessment.completed', { email: saved.result.email, result_id: saved.result.id }),
    );
    await settle(server);
    expect(receiver.events().map((e) => e.type)).toEqual(['submission.awaiting_assessment', 'assessment.completed']);
    const done = (await (await api('/submissions?record_id=founder-1')).json()) as { data: { id: string; status: string; score: { partial: boolean; assessment: string } }[] };
    expect(done.data[0]).toMatchObject({ status: 'completed', score: { partial: false, assessment: 'included' } });
    const detail = (await (await api(`/submissions/${done.data[0]?.id}`)).json()) as { founders: { email: string; assessment: { percentiles: Record<string, number> } }[] };
    expect(detail.founders[0]?.email).toBe('sam@startup.example');
    expect(Object.keys(detail.founders[0]?.assessment.percentiles ?? {})).toHaveLength(8);
  });
});

describe('SSRF guard', () => {
  it('refuses private, metadata and loopback addresses at subscription without the allowlist', async () => {
    const strict = await startTestServer({ outboundAllowlist: [] });
    try {
      for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]:8080/hook', 'http://127.0.0.1:9/hook', 'http://[::ffff:10.0.0.1]/hook']) {
        const response = await fetch(`${strict.url}/api/automation/webhooks`, {
          method: 'POST',
          headers: { 'x-api-key': strict.demo.automationKey, 'content-type': 'application/json' },
          body: JSON.stringify({ url }),
        });
        expect(response.status, url).toBe(400);
        const body = (await response.json()) as { error: string; fields: { field: string; message: string }[] };
        expect(body.error).toBe('Bad Request');
        expect(body.fields[0]?.field).toBe('url');
        expect(body.fields[0]?.message).toMatch(/refused/);
      }
    } finally {
      await strict.dispose();
    }
  });

  it('the test allowlist lets 127.0.0.1 through but still refuses ::1 and 10.0.0.1', async () => {
    expect((await api('/webhooks', { method: 'POST', body: JSON.stringify({ url: 'http://[::1]:9/x' }) })).status).toBe(400);
    expect((await api('/webhooks', { method: 'POST', body: JSON.stringify({ url: 'http://10.0.0.1/x' }) })).status).toBe(400);
    expect((await api('/webhooks', { method: 'POST', body: JSON.stringify({ url: receiver.url }) })).status).toBe(201);
  });

  it('refuses at every attempt, on the address connected to, not only at subscription', async () => {
    const strict = await startTestServer({ outboundAllowlist: [] });
    try {
      const orgId = strict.demo.organizationId;
      const now = new Date().toISOString();
      // A subscription that passed the check when made (say, its name resolved elsewhere then).
      const record: SubscriptionRecord = {
        id: 'whk_rebound',
        orgId,
        surface: 'automation',
        url: receiver.url.replace('127.0.0.1', 'localhost'),
        events: ['submission.queued'],
        description: null,
        status: 'active',
        disabledReason: null,
        sealedSecret: strict.ctx.keyring.encrypt('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
        createdAt: now,
        updatedAt: now,
      };
      await strict.ctx.db.write([put(SUBSCRIPTIONS, orgId, record)]);
      const response = await fetch(`${strict.url}/api/automation/submissions`, {
        method: 'POST',
        headers: { 'x-api-key': strict.demo.automationKey, 'content-type': 'application/json' },
        body: JSON.stringify({ record_id: 'r', profile_id: 'prf_seed_deal', fields: { company: 'X' } }),
      });
      expect(response.status).toBe(202);
      await settle(strict);
      expect(receiver.deliveries).toHaveLength(0);
      const log = (await (
        await fetch(`${strict.url}/api/automation/webhooks/whk_rebound/attempts`, { headers: { 'x-api-key': strict.demo.automationKey } })
      ).json()) as { data: { outcome: string; error: string }[] };
      expect(log.data[0]).toMatchObject({ outcome: 'failed' });
      expect(log.data[0]?.error).toMatch(/SSRF guard: loopback address/);
    } finally {
      await strict.dispose();
    }
  });
});

describe('durability', () => {
  it('a restart with queued jobs and undelivered events loses nothing', async () => {
    const { secret } = await subscribe();
    await receiver.stop();
    // Simulate a crash before processing: the job runner is stopped, jobs stay queued on disk.
    await server.jobs.stop();
    const recordIds = [await createDeal(), await createDeal(), await createDeal()];
    await settle(server);
    const before = (await (await api('/submissions?status=queued')).json()) as { data: unknown[] };
    expect(before.data).toHaveLength(3);
    const { dataDir } = server;
    const { databaseUrl } = server.ctx.config;
    await server.close();

    const clock2 = new ManualClock(clock.now());
    // The same sandbox: the folder, or the database on PostgreSQL.
    let restarted: RunningServer | undefined = await startServer(
      defaultConfig({ dataDir, ...(databaseUrl ? { databaseUrl } : {}), port: 0, logLevel: 'silent', outboundAllowlist: ['127.0.0.1'] }),
      { clock: clock2 },
    );
    try {
      await receiver.start();
      await settle(restarted);
      clock2.advance(Math.ceil((RETRY_DELAYS_MS[0] as number) * 1.1) + 1);
      await settle(restarted);
      await receiver.waitFor(6);
      const events = receiver.events();
      expect(new Set(events.map((e) => e.id)).size).toBe(6);
      for (const recordId of recordIds) {
        const types = events.filter((e) => e.data.record_id === recordId).map((e) => e.type).sort();
        expect(types).toEqual(['submission.completed', 'submission.queued']);
      }
      for (const delivery of receiver.deliveries) {
        const payload = JSON.parse(delivery.rawBody) as { id: string };
        expect(delivery.headers['webhook-id']).toBe(payload.id);
        const timestamp = new Date(Number(delivery.headers['webhook-timestamp']) * 1000);
        expect(delivery.headers['webhook-signature']).toBe(new Webhook(secret).sign(payload.id, timestamp, delivery.rawBody));
      }
      await restarted.close();
      restarted = undefined;
    } finally {
      await restarted?.close();
      // server.dispose() in afterEach closes (again, harmlessly) and removes the folder.
    }
  });
});

describe('tenancy', () => {
  it("another organisation's subscription ids are 404, and its events never reach this organisation's receivers", async () => {
    const { id } = await subscribe();
    const other = await createOrganization(server.ctx, 'Other Capital');
    const key = (await issueCredential(server.ctx, { kind: 'automation_key', orgId: other.id, label: 'other' })).secret;
    expect((await api(`/webhooks/${id}`, {}, key)).status).toBe(404);
    expect((await api(`/webhooks/${id}/attempts`, {}, key)).status).toBe(404);
    expect((await api(`/webhooks/${id}/enable`, { method: 'POST' }, key)).status).toBe(404);
    expect((await api(`/webhooks/${id}`, { method: 'DELETE' }, key)).status).toBe(404);
    expect(((await (await api('/webhooks', {}, key)).json()) as { data: unknown[] }).data).toHaveLength(0);
    await server.ctx.db.write(await eventOps(server.ctx, server.ctx.db, other.id, 'submission.queued', { record_id: 'elsewhere' }));
    await settle(server);
    expect(receiver.deliveries).toHaveLength(0);
    expect((await api(`/webhooks/${id}`)).status).toBe(200);
  });
});
