import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startTestServer, WebhookReceiver, type TestServer } from 'reference-server/testing';
import { routeLabel, surfaceOf } from './metrics.js';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer();
  receiver = await new WebhookReceiver().start();
  await settle(server);
});
afterAll(async () => {
  await server.dispose();
  await receiver.stop();
});

const automation = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api/automation${path}`, {
    ...init,
    headers: { 'x-api-key': server.demo.automationKey, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });

/** One sample line of the Prometheus text: `name{labels} value`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const metrics = async () => {
  const response = await fetch(`${server.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

describe('health and readiness', () => {
  it('GET /healthz says the process is up; GET /readyz checks the store and the workers', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).text()).toBe('ok');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    // On PostgreSQL (the server-postgres test project) the check is the database's ping.
    const check = server.ctx.config.databaseUrl ? 'database' : 'store';
    expect(await ready.json()).toEqual({ status: 'ready', checks: { [check]: true, workers: true } });
  });

  it('answers 503 on /readyz once the store no longer takes writes', async () => {
    const other = await startTestServer();
    try {
      const check = other.ctx.config.databaseUrl ? 'database' : 'store';
      await other.ctx.db.close();
      const probe = await fetch(`${other.url}/readyz`);
      expect(probe.status).toBe(503);
      expect(await probe.json()).toEqual({ status: 'not ready', checks: { [check]: false, workers: true }, reasons: { [check]: 'the server is stopping' } });
    } finally {
      await other.dispose();
    }
  });
});

describe('GET /metrics', () => {
  it('counts requests by surface, route pattern (never the raw URL) and status, with latency histograms', async () => {
    expect((await automation('/me')).status).toBe(200);
    expect((await automation('/submissions/sub_raw_id_123')).status).toBe(404);
    expect((await fetch(`${server.url}/api/automation/me`)).status).toBe(401);
    expect((await fetch(`${server.url}/no/such/thing-42`)).status).toBe(404);
    const text = await metrics();
    expect(sample(text, 'http_request_duration_seconds_count', { surface: 'automation', route: '/api/automation/me', status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/automation/submissions/:id', status: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { surface: 'automation', route: '/api/automation/*', status: '401' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/automation/me', le: '+Inf' })).toBe(1);
    expect(text).not.toContain('sub_raw_id_123');
    expect(text).not.toContain('thing-42');
  });

  it('reports queues, outbox lag, delivery outcomes, the store and process figures', async () => {
    const subscribed = await automation('/webhooks', { method: 'POST', body: JSON.stringify({ url: receiver.url, events: ['submission.completed'] }) });
    expect(subscribed.status).toBe(201);
    const created = await automation('/submissions', {
      method: 'POST',
      body: JSON.stringify({ record_id: 'metrics-1', profile_id: 'prf_seed_deal', fields: { company: 'Acme', stage: 'seed' } }),
    });
    expect(created.status).toBe(202);
    await settle(server);
    await receiver.waitFor(1);
    await settle(server);
    const text = await metrics();
    expect(sample(text, 'webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    for (const queue of ['submission_scoring', 'webhook_delivery', 'crm_sync']) {
      expect(sample(text, 'jobs_queue_depth', { queue })).toBe(0);
      expect(sample(text, 'jobs_oldest_age_seconds', { queue })).toBe(0);
    }
    expect(text).toMatch(/^webhook_outbox_lag_seconds 0$/m);
    expect(Number(/^store_records (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    // A data folder's journal has grown since start; a database has no journal of ours (always 0).
    const journalBytes = Number(/^store_journal_bytes (\d+)$/m.exec(text)?.[1]);
    if (server.ctx.config.databaseUrl) expect(journalBytes).toBe(0);
    else expect(journalBytes).toBeGreaterThan(0);
    expect(text).toMatch(/^store_compactions_total 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toContain('# TYPE retention_sweeps_total counter');
  });

  it("counts a data folder's compactions and when the last one ended (the file store's own figures)", async () => {
    // A folder named, so the file store on both test projects; compacting past a byte of journal,
    // so the writes at start compact it in the background.
    const folder = await startTestServer({ dataDir: await mkdtemp(join(tmpdir(), 'metrics-compaction-')), compactAfterBytes: 1 });
    try {
      const figures = async () => (await fetch(`${folder.url}/metrics`)).text();
      let text = await figures();
      // The compaction runs beside the writes: look again until it is counted, boundedly.
      for (let tries = 0; !/^store_compactions_total [1-9]/m.test(text) && tries < 100; tries += 1) {
        await new Promise((done) => setTimeout(done, 50));
        text = await figures();
      }
      expect(Number(/^store_compactions_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
      expect(Number(/^store_last_compaction_timestamp_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThan(Date.now() / 1000 - 60);
    } finally {
      await folder.dispose();
    }
  });

  it('with --metrics-token, refuses every caller without that bearer token (loopback included)', async () => {
    const guarded = await startTestServer({ metricsToken: 'operator-secret-token' });
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
      const ok = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer operator-secret-token' } });
      expect(ok.status).toBe(200);
      // The probes stay open: load balancers call them without credentials.
      expect((await fetch(`${guarded.url}/readyz`)).status).toBe(200);
    } finally {
      await guarded.dispose();
    }
  });

  it('labels by pattern and mount point', () => {
    expect(routeLabel({ baseUrl: '/api/v1', route: { path: '/assessment/results/:id' } })).toBe('/api/v1/assessment/results/:id');
    expect(routeLabel({ baseUrl: '' })).toBe('unmatched');
    expect(surfaceOf('POST', '/api')).toBe('graphql');
    expect(surfaceOf('GET', '/api')).toBe('health');
    expect(surfaceOf('POST', '/api/oauth/token')).toBe('oauth');
  });
});
