import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.js';
import { defaultConfig, type ServerConfig } from '../../config.js';
import { workedExample } from '../../psychometrics/index.js';
import { startServer, type RunningServer } from '../../server.js';
import { startTestServer, type TestServer } from 'reference-server/testing';
import { BACKOFF_MS, MAX_ATTEMPTS } from './crm-queue.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A CRM stand-in on 127.0.0.1: answers each request with the next scripted status (then 200). */
class Receiver {
  readonly received: Received[] = [];
  script: { status: number; headers?: Record<string, string> }[] = [];
  /** While set, requests are answered only when it resolves. */
  hold: Promise<void> | undefined;
  #waiters: (() => void)[] = [];
  #server!: Server;
  url = '';

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        const next = this.script.shift() ?? { status: 200 };
        this.#waiters.splice(0).forEach((w) => w());
        void (this.hold ?? Promise.resolve()).then(() => res.writeHead(next.status, next.headers).end());
      });
    });
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/crm/hook`;
  }

  /** Resolves once `count` requests in all have arrived. */
  async waitFor(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

const clock = new ManualClock();
const receiver = new Receiver();
let server: TestServer;
const CRM_TOKEN = 'Bearer crm-secret-token-0123456789';

beforeAll(async () => {
  await receiver.start();
  server = await startTestServer({}, { clock });
});
afterAll(async () => {
  await server.dispose();
  await receiver.close();
});
afterEach(() => {
  receiver.script = [];
});

const api = (path: string, init: RequestInit = {}, base: { url: string } = server) =>
  fetch(`${base.url}/api/v1${path}`, {
    ...init,
    headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'application/json', ...init.headers },
  });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json();

const jobs = (running: Pick<RunningServer, 'jobs'> = server) => running.jobs;

async function submit(email: string, base: { url: string } = server): Promise<string> {
  const response = await api('/assessment/submit', { method: 'POST', body: JSON.stringify({ email, full_name: 'Casey CRM', ...workedExample() }) }, base);
  expect(response.status).toBe(200);
  return (await json(response)).responseId;
}

/** Submits a result while the CRM answers `answers` in turn (then 200), and lets the first attempt settle. */
async function submitThroughFirstAttempt(email: string, answers: Receiver['script']): Promise<{ id: string; before: number }> {
  receiver.script = answers;
  const before = receiver.received.length;
  const id = await submit(email);
  await receiver.waitFor(before + 1);
  await jobs().idle();
  return { id, before };
}

const crmSync = async (id: string, base: { url: string } = server) =>
  (await json(await api(`/assessment/results?result_id=${id}`, {}, base))).result.crmSync;

const pick = ({ dataDir, databaseUrl }: ServerConfig) => ({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('CRM sync configuration', () => {
  it('is empty at first, and results say not_configured', async () => {
    expect(await json(await api('/crm-sync'))).toEqual({ success: true, crmSync: null });
    expect(await crmSync(await submit('before@example.com'))).toEqual({ status: 'not_configured', attempts: 0 });
  });

  it.each([
    [{}, 'url'],
    [{ url: 'ftp://example.com/x' }, 'url'],
    [{ url: receiver.url, auth_header: 'Authorization' }, 'auth_value'],
    [{ url: 'https://crm.example/x', auth_header: 'Content-Type', auth_value: 'x' }, 'auth_header'],
    [{ url: 'https://crm.example/x', extra: 1 }, 'extra'],
  ])('refuses %j', async (body, field) => {
    const response = await api('/crm-sync', { method: 'PUT', body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toContain(field);
  });

  it('stores the credential sealed and shows only a hint', async () => {
    const response = await api('/crm-sync', { method: 'PUT', body: JSON.stringify({ url: receiver.url, auth_value: CRM_TOKEN }) });
    expect(response.status).toBe(200);
    const shown = await json(response);
    expect(shown.crmSync).toMatchObject({ url: receiver.url, authHeader: 'Authorization', enabled: true, authValueHint: 'Bearer…' });
    expect(JSON.stringify(await json(await api('/crm-sync')))).not.toContain('crm-secret-token');
    // Every record as stored (sealed values stay sealed in them), and on a folder every file (the journal has every write).
    for (const collection of await server.ctx.db.collections()) {
      for (const scope of await server.ctx.db.scopes(collection)) expect(JSON.stringify(await server.ctx.db.all(collection, scope)), collection).not.toContain('crm-secret-token');
    }
    for (const file of await filesUnder(server.dataDir)) {
      expect(await readFile(file, 'utf8'), file).not.toContain('crm-secret-token');
    }
  });
});

describe('CRM sync after a save', () => {
  it('posts the result to the CRM asynchronously and shows synced on the result', async () => {
    const id = await submit('synced@example.com');
    const before = receiver.received.length;
    await receiver.waitFor(before + 1);
    await jobs().idle();
    const request = receiver.received[before] as Received;
    expect(request.headers.authorization).toBe(CRM_TOKEN);
    expect(request.headers['idempotency-key']).toBe(`${id}.r1`);
    expect(request.body).toMatchObject({
      type: 'assessment.result',
      organization_id: server.demo.organizationId,
      result_id: id,
      revision: 1,
      email: 'synced@example.com',
      benchmark: null,
      composite: { percentile: 68, band: 'high' },
      dimensions: { achievement_drive: { percentile: 88, sten: 8, band: 'high', t: 62 } },
    });
    expect(await crmSync(id)).toEqual({
      status: 'synced',
      attempts: 1,
      lastAttemptAt: new Date(clock.now()).toISOString(),
      syncedAt: new Date(clock.now()).toISOString(),
    });
  });

  it('never holds up the submit response, even while the CRM hangs', async () => {
    let release!: () => void;
    receiver.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const before = receiver.received.length;
      const id = await submit('hanging@example.com');
      await receiver.waitFor(before + 1);
      expect((await crmSync(id)).status).toBe('pending');
    } finally {
      receiver.hold = undefined;
      release();
    }
    await jobs().idle();
  });

  it('retries a failure after the backoff, on the injected clock', async () => {
    const { id, before } = await submitThroughFirstAttempt('retry@example.com', [{ status: 503 }]);
    const failedAt = clock.now();
    expect(await crmSync(id)).toEqual({
      status: 'retrying',
      attempts: 1,
      lastAttemptAt: new Date(failedAt).toISOString(),
      nextAttemptAt: new Date(failedAt + BACKOFF_MS[0]!).toISOString(),
      lastError: 'CRM answered HTTP 503',
    });
    clock.advance(BACKOFF_MS[0]! - 1);
    expect(receiver.received.length).toBe(before + 1);
    clock.advance(1);
    await receiver.waitFor(before + 2);
    await jobs().idle();
    expect(await crmSync(id)).toMatchObject({ status: 'synced', attempts: 2 });
  });

  it("waits at least as long as the CRM's Retry-After", async () => {
    const { id, before } = await submitThroughFirstAttempt('throttled@example.com', [{ status: 429, headers: { 'retry-after': '120' } }]);
    expect((await crmSync(id)).nextAttemptAt).toBe(new Date(clock.now() + 120_000).toISOString());
    clock.advance(120_000);
    await receiver.waitFor(before + 2);
    await jobs().idle();
    expect((await crmSync(id)).status).toBe('synced');
  });

  it('sends only the latest revision when a result is replaced during retries', async () => {
    const { id, before } = await submitThroughFirstAttempt('replaced@example.com', [{ status: 500 }]);
    await submit('REPLACED@example.com');
    await receiver.waitFor(before + 2);
    await jobs().idle();
    expect(receiver.received[before + 1]?.body).toMatchObject({ result_id: id, revision: 2 });
    expect(await crmSync(id)).toMatchObject({ status: 'synced', attempts: 1 });
    clock.advance(BACKOFF_MS[0]!);
    await jobs().idle();
    expect(receiver.received.length).toBe(before + 2);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and says so on the result`, async () => {
    const { id, before } = await submitThroughFirstAttempt('failing@example.com', Array.from({ length: MAX_ATTEMPTS }, () => ({ status: 500 })));
    for (const [i, delay] of BACKOFF_MS.entries()) {
      clock.advance(delay);
      await receiver.waitFor(before + i + 2);
      await jobs().idle();
    }
    expect(await crmSync(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'CRM answered HTTP 500' });
    clock.advance(24 * 3600_000);
    await jobs().idle();
    expect(receiver.received.length).toBe(before + MAX_ATTEMPTS);
  });

  it('keeps a pending sync across a restart', async () => {
    const { id, before } = await submitThroughFirstAttempt('durable@example.com', [{ status: 502 }]);
    await server.close();

    const restarted = await startServer(
      // The same folder or database.
      defaultConfig({ ...pick(server.ctx.config), port: 0, logLevel: 'silent', seed: false, outboundAllowlist: ['127.0.0.1'] }),
      { clock },
    );
    try {
      expect((await crmSync(id, restarted)).status).toBe('retrying');
      clock.advance(BACKOFF_MS[0]!);
      await receiver.waitFor(before + 2);
      await jobs(restarted).idle();
      expect(await crmSync(id, restarted)).toMatchObject({ status: 'synced', attempts: 2 });
    } finally {
      await restarted.close();
    }
  });
});

describe('CRM sync on a shared server (issue 31)', () => {
  it('keeps only the outcome class of an internal address the operator allowed: no status, no network error', async () => {
    const shared = await startTestServer({ host: '0.0.0.0', insecureHttp: true, outboundAllowlist: ['127.0.0.1'] }, { clock });
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${shared.url}/api/v1${path}`, { ...init, headers: { 'x-api-key': shared.demo.developerKey, 'content-type': 'application/json' } });
    const syncOf = async (id: string) => ((await (await call(`/assessment/results?result_id=${id}`)).json()) as { result: { crmSync: Record<string, unknown> } }).result.crmSync;
    const submitted = async (email: string) =>
      ((await (await call('/assessment/submit', { method: 'POST', body: JSON.stringify({ email, full_name: 'Casey CRM', ...workedExample() }) })).json()) as { responseId: string }).responseId;
    try {
      expect((await call('/crm-sync', { method: 'PUT', body: JSON.stringify({ url: 'http://127.0.0.1:1/crm', auth_value: CRM_TOKEN }) })).status).toBe(200);
      const closed = await submitted('closed-port@example.com');
      await shared.jobs.idle();
      const refused = await syncOf(closed);
      expect(refused).toMatchObject({ status: 'retrying', lastError: 'no answer from an internal address (the detail is not kept)' });
      expect(JSON.stringify(refused)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);

      expect((await call('/crm-sync', { method: 'PUT', body: JSON.stringify({ url: receiver.url, auth_value: CRM_TOKEN }) })).status).toBe(200);
      receiver.script = [{ status: 503 }];
      const before = receiver.received.length;
      const answered = await submitted('internal-503@example.com');
      await receiver.waitFor(before + 1);
      await shared.jobs.idle();
      expect((await syncOf(answered))['lastError']).toBe('CRM answered HTTP 5xx (an internal address: only the class is kept)');
    } finally {
      await shared.dispose();
    }
  });
});
