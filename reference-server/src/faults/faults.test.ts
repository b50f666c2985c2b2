import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import type { CommandInput } from '../operator/index.js';
import { signInToWorkspace, startTestServer, type TestServer } from 'reference-server/testing';

/**
 * Injected faults over the wire: set through the operator interface (the same records as the
 * workspace page), met by the organisation's own calls in order, used up durably, and never by
 * another organisation or a request without a valid credential.
 */
let server: TestServer;
let other: { orgId: string; key: string };

beforeAll(async () => {
  server = await startTestServer();
  const org = (await operate(server.sandbox, 'org.create', { name: 'Bystander Capital' })) as { id: string };
  await operate(server.sandbox, 'user.create', { orgId: org.id, email: 'bo@bystander.example', name: 'Bo', role: 'admin' });
  const key = (await operate(server.sandbox, 'key.create', { orgId: org.id, kind: 'automation' })) as { secret: string };
  other = { orgId: org.id, key: key.secret };
});

afterAll(() => server?.dispose());

const me = (key: string) => fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': key } });
const set = (input: Omit<CommandInput<'fault.set'>, 'orgId'>) => operate(server.sandbox, 'fault.set', { orgId: server.demo.organizationId, ...input });

describe('injected faults', () => {
  it('answers the next requests with the faults in the order they were set, then the real answer', async () => {
    await set({ surface: 'automation', kind: '429', retryAfterSeconds: 2 });
    await set({ surface: 'automation', kind: '503', count: 2, retryAfterSeconds: 0 });
    const listed = (await operate(server.sandbox, 'fault.list', { orgId: server.demo.organizationId })) as { kind: string }[];
    expect(listed.map((f) => f.kind)).toEqual(['429', '503']);

    // Another organisation's calls and a request without a valid key never meet them.
    expect((await me(other.key)).status).toBe(200);
    expect((await me('pis_auto_not-a-key')).status).toBe(401);

    const first = await me(server.demo.automationKey);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.headers.get('x-injected-fault')).toMatch(/^flt_\S+ 429/);
    expect(await first.json()).toMatchObject({ error: 'Too Many Requests' });
    for (let i = 0; i < 2; i++) {
      const unavailable = await me(server.demo.automationKey);
      expect(unavailable.status).toBe(503);
      expect(await unavailable.json()).toMatchObject({ error: 'Service Unavailable' });
    }
    expect((await me(server.demo.automationKey)).status).toBe(200);
    expect(await operate(server.sandbox, 'fault.list', { orgId: server.demo.organizationId })).toEqual([]);
  });

  it('faults only the surface it was set on, and the GraphQL surface by its Bearer credential', async () => {
    await set({ surface: 'graphql', kind: '500' });
    const questions = await fetch(`${server.url}/api/v1/assessment/questions`, { headers: { 'x-api-key': server.demo.developerKey } });
    expect(questions.status).toBe(200);
    expect((await me(server.demo.automationKey)).status).toBe(200);
    const graphql = () =>
      fetch(`${server.url}/api`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.demo.partnerCredential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ organization { name } }' }),
      });
    const faulted = await graphql();
    expect(faulted.status).toBe(500);
    expect(faulted.headers.get('x-injected-fault')).toMatch(/ 500 /);
    expect((await graphql()).status).toBe(200);
  });

  it('cuts the connection, delays, and can be cleared at once', async () => {
    await set({ surface: 'assessment', kind: 'disconnect' });
    await expect(fetch(`${server.url}/api/v1/assessment/questions`, { headers: { 'x-api-key': server.demo.developerKey } })).rejects.toThrow();

    await set({ surface: 'assessment', kind: 'latency', latencyMs: 50 });
    const delayed = await fetch(`${server.url}/api/v1/benchmark-tags`, { headers: { 'x-api-key': server.demo.developerKey } });
    expect(delayed.status).toBe(200);
    expect(delayed.headers.get('x-injected-fault')).toMatch(/ latency /);

    await set({ surface: 'automation', kind: '503', minutes: 10 });
    expect((await me(server.demo.automationKey)).status).toBe(503);
    expect((await me(server.demo.automationKey)).status).toBe(503);
    expect(await operate(server.sandbox, 'fault.clear', { orgId: server.demo.organizationId })).toEqual({ cleared: 1 });
    expect((await me(server.demo.automationKey)).status).toBe(200);
  });

  it('logs a faulted request with the credential that made it (label and key prefix, never the secret), on every surface and for every kind', async () => {
    // Read the way an admin reads it: the workspace's request log page, signed in as the demo admin.
    const admin = await signInToWorkspace(server);
    const keys = (await operate(server.sandbox, 'key.list', { orgId: server.demo.organizationId })) as { kind: string; label: string; hint: string }[];
    const shown = (kind: string) => {
      const key = keys.find((k) => k.kind === kind);
      if (!key) throw new Error(`no ${kind} in the demo organisation`);
      return `${key.label} (${key.hint})`;
    };
    /** The newest row of one surface's log: its request cell and its credential cell, as text. */
    const newest = async (surface: string) => {
      const page = await (await admin.get(`/workspace/requests?surface=${surface}`)).text();
      const row = /<tbody[^>]*>\s*<tr[^>]*>([\s\S]*?)<\/tr>/.exec(page)?.[1] ?? '';
      const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').trim());
      return { page, request: cells[1] ?? '', status: cells[2] ?? '', credential: cells[4] ?? '' };
    };
    const graphql = () =>
      fetch(`${server.url}/api`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.demo.partnerCredential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ organization { name } }' }),
      });
    const cases = [
      { surface: 'automation', kind: '429', call: () => me(server.demo.automationKey), credential: 'automation_key', secret: server.demo.automationKey },
      { surface: 'automation', kind: '503', call: () => me(server.demo.automationKey), credential: 'automation_key', secret: server.demo.automationKey },
      { surface: 'assessment', kind: '500', call: () => fetch(`${server.url}/api/v1/benchmark-tags`, { headers: { 'x-api-key': server.demo.developerKey } }), credential: 'developer_key', secret: server.demo.developerKey },
      // A cut connection answers nothing: the row must still say whose request it was.
      { surface: 'assessment', kind: 'disconnect', call: () => fetch(`${server.url}/api/v1/benchmark-tags`, { headers: { 'x-api-key': server.demo.developerKey } }).catch((error: unknown) => error), credential: 'developer_key', secret: server.demo.developerKey },
      { surface: 'graphql', kind: '503', call: graphql, credential: 'partner_credential', secret: server.demo.partnerCredential },
      { surface: 'automation', kind: 'latency', call: () => me(server.demo.automationKey), credential: 'automation_key', secret: server.demo.automationKey },
    ] as const;
    for (const c of cases) {
      await set({ surface: c.surface, kind: c.kind, ...(c.kind === 'latency' ? { latencyMs: 10 } : {}), ...(c.kind === '429' || c.kind === '503' ? { retryAfterSeconds: 0 } : {}) });
      await c.call();
      const row = await newest(c.surface);
      expect(row.request, `${c.surface} ${c.kind}`).toContain(`injected fault flt_`);
      expect(row.request, `${c.surface} ${c.kind}`).toContain(` ${c.kind}`);
      expect(row.credential, `${c.surface} ${c.kind}: the credential shown`).toBe(shown(c.credential));
      expect(row.page, `${c.surface} ${c.kind}: the secret on the page`).not.toContain(c.secret);
    }
  });

  it('refuses a fault it cannot apply', async () => {
    await expect(set({ surface: 'automation', kind: '503', count: 1, minutes: 1 })).rejects.toThrow(/either --count or --minutes/);
    // @ts-expect-error: a surface the schema does not know, as a script might send one
    await expect(set({ surface: 'operator', kind: '503' })).rejects.toThrow();
    await expect(operate(server.sandbox, 'fault.set', { orgId: 'org_missing', surface: 'automation', kind: '503' })).rejects.toThrow(/unknown organisation/);
  });
});
