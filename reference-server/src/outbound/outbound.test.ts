import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../config.js';
import { addressPolicy } from './address-policy.js';
import { OutboundClient } from './client.js';
import { checkOutboundUrl, OutboundRefusedError, OutboundTimeoutError, post, postJson, retryAfterMs } from './post.js';

const ctxWith = (outboundAllowlist: string[]) => new OutboundClient(defaultConfig({ dataDir: '/nonexistent', outboundAllowlist }));
const strict = ctxWith([]);
const local = ctxWith(['127.0.0.1']);

let server: Server;
let base: string;
const received: { url: string; body: string; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body, headers: req.headers });
      if (req.url === '/redirect') res.writeHead(302, { location: '/target' }).end();
      else if (req.url === '/slow') setTimeout(() => res.end('late'), 500).unref();
      else if (req.url === '/busy') res.writeHead(429, { 'retry-after': '7' }).end('x'.repeat(10_000));
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('fine');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  strict.close();
  local.close();
  server.closeAllConnections();
  server.close();
});

describe('address policy', () => {
  it('refuses non-public ranges and lets listed addresses, ranges and names through', () => {
    const policy = addressPolicy(['10.20.0.0/16', '::1', 'n8n.internal']);
    for (const address of ['10.0.0.1', '172.16.5.4', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', 'fd00:ec2::254', 'fe80::1', '::ffff:10.0.0.1', '224.0.0.1']) {
      expect(policy.refusal(address), address).toBeDefined();
    }
    for (const address of ['8.8.8.8', '2001:4860:4860::8888', '10.20.3.4', '::1']) expect(policy.refusal(address), address).toBeUndefined();
    expect(policy.refusal('169.254.169.254')).toMatch(/link-local/);
    // IPv4-compatible IPv6 (::/96): refused whatever it embeds, in hex or dotted form.
    for (const address of ['::7f00:1', '[::7f00:1]', '::127.0.0.1', '::808:808', '::8.8.8.8']) {
      expect(policy.refusal(address), address).toMatch(/IPv4-compatible/);
    }
    expect(policy.isPublic('8.8.8.8')).toBe(true);
    expect(policy.isPublic('10.20.3.4')).toBe(false);
    expect(policy.allowsHost('N8N.internal.')).toBe(true);
    expect(policy.allowsHost('example.com')).toBe(false);
  });
});

describe('post', () => {
  it('refuses 10.0.0.1, 169.254.169.254 and ::1 without the allowlist, before connecting', async () => {
    for (const url of ['http://10.0.0.1/x', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]:9/x', 'http://[::7f00:1]:9/x', `${base}/ok`]) {
      await expect(post(strict, url, '{}', {}), url).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(received).toHaveLength(0);
  });

  it('checks a host name on the address it resolves to at connect time', async () => {
    const viaName = base.replace('127.0.0.1', 'localhost');
    const refused = await post(strict, `${viaName}/ok`, '{}', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundRefusedError);
    expect((refused as OutboundRefusedError).reason).toMatch(/loopback/);
    const answer = await post(local, `${viaName}/ok`, '{}', {});
    expect(answer.status).toBe(200);
  });

  it('leaves no listener behind on a pooled socket, however often it is reused', async () => {
    // A kept-alive socket never looks its name up again: a 'lookup' listener added per exchange
    // would pile up on it (Node warned at 11 during a certification run's probes).
    const viaName = base.replace('127.0.0.1', 'localhost');
    for (let i = 0; i < 15; i++) expect((await post(local, `${viaName}/ok`, '{}', {})).status).toBe(200);
    const pooled = Object.values(local.http.freeSockets).flat();
    expect(pooled.length).toBeGreaterThan(0);
    for (const socket of pooled) expect(socket?.listenerCount('lookup')).toBe(0);
  });

  it('sends the body and headers, and keeps a bounded prefix of the answer', async () => {
    const answer = await postJson(local, `${base}/ok`, { a: 1 }, { 'x-extra': 'yes' });
    expect(answer).toMatchObject({ status: 200, bodyText: 'fine' });
    expect(received.at(-1)).toMatchObject({ body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-extra': 'yes' } });
    const busy = await post(local, `${base}/busy`, '', {});
    expect(busy.status).toBe(429);
    expect(busy.retryAfterMs).toBe(7000);
    expect(busy.bodyText).toHaveLength(4096);
  });

  it('does not follow redirects: a 3xx is the answer', async () => {
    const before = received.length;
    const answer = await post(local, `${base}/redirect`, '{}', {});
    expect(answer.status).toBe(302);
    expect(received.slice(before).map((r) => r.url)).toEqual(['/redirect']);
  });

  it('gives up after the timeout', async () => {
    await expect(post(local, `${base}/slow`, '{}', {}, { timeoutMs: 50 })).rejects.toBeInstanceOf(OutboundTimeoutError);
  });

  it('refuses other schemes and URLs with credentials', async () => {
    await expect(post(local, 'file:///etc/passwd', '', {})).rejects.toThrow(/only http and https/);
    await expect(post(local, 'http://user:pw@127.0.0.1/', '', {})).rejects.toThrow(/credentials/);
  });
});

describe('checkOutboundUrl', () => {
  it('names why a URL would be refused at registration', async () => {
    expect(await checkOutboundUrl(strict, 'http://10.0.0.1/x')).toMatch(/private address 10.0.0.1/);
    expect(await checkOutboundUrl(strict, 'http://169.254.169.254/')).toMatch(/link-local/);
    expect(await checkOutboundUrl(strict, 'http://[::1]/')).toMatch(/loopback/);
    expect(await checkOutboundUrl(local, 'http://[::7f00:1]/')).toMatch(/IPv4-compatible/);
    expect(await checkOutboundUrl(local, 'http://[::127.0.0.1]/')).toMatch(/IPv4-compatible/);
    expect(await checkOutboundUrl(strict, 'http://localhost:5678/webhook')).toMatch(/resolves to/);
    expect(await checkOutboundUrl(local, 'http://localhost:5678/webhook')).toBeUndefined();
    expect(await checkOutboundUrl(strict, 'https://93.184.215.14/hook')).toBeUndefined();
    expect(await checkOutboundUrl(strict, 'gopher://x')).toMatch(/only http and https/);
    expect(await checkOutboundUrl(strict, 'nonsense')).toMatch(/not a valid/);
  });
});

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
