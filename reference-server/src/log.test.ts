import { describe, expect, it } from 'vitest';
import { createLogger } from './log.js';
import { runCommand } from './operator/index.js';
import { collectLines, startTestServer } from 'reference-server/testing';

describe('request logs', () => {
  it('write one structured line per request with every credential redacted', async () => {
    const { sink, lines } = collectLines();
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
    const { sink, lines } = collectLines();
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

  it('log the faults a certification run injects (a 429, a create whose answer it cut) at info, not as errors', async () => {
    const { sink, lines } = collectLines();
    const server = await startTestServer({}, { log: createLogger('info', sink) });
    try {
      const started = (await runCommand(server.ctx, 'certify.start', { orgId: server.demo.organizationId, checks: ['api.honours-retry-after', 'api.idempotent-create'] })) as {
        credentials: { automation_key: string };
      };
      const headers = { 'x-api-key': started.credentials.automation_key, 'content-type': 'application/json' };
      expect((await fetch(`${server.url}/api/automation/me`, { headers })).status).toBe(429);
      const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as { data: Array<{ id: string }> };
      const create = { record_id: 'log-test-1', profile_id: profiles.data[0]?.id, fields: { company: 'Log Co', name: 'Lou Log', email: 'lou@log.example' } };
      await expect(fetch(`${server.url}/api/automation/submissions`, { method: 'POST', headers, body: JSON.stringify(create) })).rejects.toThrow();
      await server.close();
      const requests = lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } }).filter((l) => l.req);
      const seen = requests.map((r) => `${r.level} ${r.req?.method} ${r.req?.url} ${r.res?.statusCode} ${r.msg}`);
      expect(seen).toContain('30 GET /api/automation/me 429 request completed');
      expect(seen.filter((l) => l.includes('POST /api/automation/submissions'))).toEqual([expect.stringMatching(/^30 POST \/api\/automation\/submissions 20\d request aborted$/)]);
      expect(requests.filter((r) => r.level >= 40)).toEqual([]);
    } finally {
      await server.dispose();
    }
  });
});
