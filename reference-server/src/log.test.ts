import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log.js';
import { startTestServer } from 'reference-server/testing';

describe('request logs', () => {
  it('write one structured line per request with every credential redacted', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startTestServer({}, { log: createLogger('info', sink) });
    try {
      const { demo } = server;
      await fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': demo.automationKey } });
      await fetch(`${server.url}/api/v1/assessment/questions`, { headers: { 'x-api-key': demo.developerKey, cookie: 'sid=secret-cookie' } });
      await fetch(`${server.url}/api`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demo.partnerCredential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      // Without --trust-proxy a forwarded address is not believed.
      await fetch(`${server.url}/api`, { headers: { 'x-request-id': 'trace-42', 'x-forwarded-for': '203.0.113.9' } });
      await fetch(`${server.url}/api`);
      await server.close();
      const requests = lines.map((line) => JSON.parse(line) as { req?: { id: string; url: string; remoteAddress?: string }; res?: { statusCode: number } }).filter((l) => l.req);
      expect(requests.map((r) => r.req?.url)).toEqual(['/api/automation/me', '/api/v1/assessment/questions', '/api', '/api', '/api']);
      const ids = requests.map((r) => r.req?.id);
      expect(ids[3]).toBe('trace-42');
      expect(new Set(ids).size).toBe(ids.length);
      expect(requests.every((r) => typeof r.res?.statusCode === 'number')).toBe(true);
      expect(requests.map((r) => r.req?.remoteAddress)).toEqual(Array(5).fill('127.0.0.1'));
      const all = lines.join('\n');
      for (const secret of [demo.automationKey, demo.developerKey, demo.partnerCredential, 'secret-cookie']) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await server.dispose();
    }
  });

  it('log the client address behind a trusted proxy (--trust-proxy)', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startTestServer({ trustProxy: 1 }, { log: createLogger('info', sink) });
    try {
      await fetch(`${server.url}/api`, { headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.9' } });
      await server.close();
      const line = lines.map((l) => JSON.parse(l) as { req?: { remoteAddress?: string } }).find((l) => l.req);
      expect(line?.req?.remoteAddress).toBe('203.0.113.9');
    } finally {
      await server.dispose();
    }
  });
});
