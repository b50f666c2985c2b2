import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from './json-body.js';
import { BODY_BYTES_READ, BODY_CHARS_KEPT, OrgRequestLog } from './org-request-log.js';
import { requestLog } from './request-log.js';
import type { CapturedBody } from './response-capture.js';

/**
 * The organisation's request log over real HTTP exchanges: what a request costs the log when it is
 * made (references: nothing read or redacted) and what it shows when opened (the exchange as
 * sent, redacted, cut).
 */
const log = new OrgRequestLog();
let server: Server;
let url: string;
const SECRET_KEY = 'pis_auto_0123456789abcdef';

/** An answer body that counts how often the log reads it. */
class CountedBody implements CapturedBody {
  reads = 0;
  readonly truncated = false;
  text(): string {
    this.reads += 1;
    return '{"ok":true,"refresh_token":"rt_0123456789"}';
  }
}
const counted: CountedBody[] = [];

beforeAll(async () => {
  const app = express();
  app.use(requestLog(pino({ level: 'silent' }), { perOrganisation: log }));
  app.use((req, _res, next) => {
    req.principal = { orgId: 'org_test', via: 'automation_key', credentialId: 'key_test' };
    next();
  });
  app.use(jsonBody({ limit: '2mb' }));
  app.post('/echo', (req, res) => {
    res.json({ received: Object.keys(req.body as object).length, token: 'tok_plain' });
  });
  // Keeps itself in the log with an answer that counts its reads, beside the request log's own entry.
  app.post('/counted', (req, res) => {
    const body = new CountedBody();
    counted.push(body);
    res.json({ ok: true });
    log.observe(req, res, 0, body);
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, body: string) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': SECRET_KEY }, body });

/** The request log notes a request once its response is closed: wait until it is there. */
async function newest(path: string) {
  for (let i = 0; i < 200; i += 1) {
    const found = log.recent('org_test', 'automation').find((r) => r.path === path);
    if (found) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`no kept request for ${path}`);
}

describe('the organisation request log', () => {
  it('reads and redacts an exchange only when it is shown, and once', async () => {
    for (let i = 0; i < 3; i += 1) expect((await post('/counted', '{"n":1}')).status).toBe(200);
    await newest('/counted');
    expect(counted.map((c) => c.reads)).toEqual([0, 0, 0]);
    const shown = log.recent('org_test', 'automation').filter((r) => r.exchange.responseBody?.text.includes('refresh_token'));
    expect(shown).toHaveLength(3);
    expect(shown[0]?.exchange.responseBody?.text).toBe('{"ok":true,"refresh_token":"[redacted]"}');
    expect(counted.map((c) => c.reads)).toEqual([1, 1, 1]);
  });

  it('shows a request body as it was sent, even one that is not valid JSON, redacted', async () => {
    const sent = '{\n  "name": "Ada",\n  "client_secret": "cs_0123456789",\n  "broken": ';
    expect((await post('/echo', sent)).status).toBe(400);
    const kept = await newest('/echo');
    expect(kept.exchange.requestBody).toEqual({ text: '{\n  "name": "Ada",\n  "client_secret": "[redacted]",\n  "broken": ', truncated: false });
    expect(JSON.stringify(kept.exchange)).not.toContain(SECRET_KEY);
    expect(kept.exchange.requestHeaders['x-api-key']).toBe('[redacted]');
  });

  it('keeps at most BODY_BYTES_READ of a large body, shows BODY_CHARS_KEPT of it, and says it was cut', async () => {
    const big = JSON.stringify({ password: 'hunter2hunter2', filler: 'x'.repeat(BODY_BYTES_READ * 4) });
    expect((await post('/echo', big)).status).toBe(200);
    const kept = (await newest('/echo')).exchange;
    expect(kept.requestBody?.truncated).toBe(true);
    expect(kept.requestBody?.text).toHaveLength(BODY_CHARS_KEPT);
    expect(kept.requestBody?.text.startsWith('{"password":"[redacted]","filler":"xxx')).toBe(true);
    expect(kept.responseBody?.text).toBe('{"received":2,"token":"[redacted]"}');
  });
});
