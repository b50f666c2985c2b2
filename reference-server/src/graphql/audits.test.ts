import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from 'reference-server/testing';

/**
 * graphql-http's GraphQL-over-HTTP conformance audits against the partner endpoint, signed in
 * with the demo partner credential. Every MUST audit passes, except the documented exceptions
 * that follow from introspection being off by default (docs/decisions/graphql-introspection.md):
 * those are asserted to fail, and to pass once introspection is turned on.
 */
const INTROSPECTION_EXCEPTIONS = ['28B9'];

async function audit(server: TestServer) {
  const fetchFn = (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${server.demo.partnerCredential}`);
    return fetch(input, { ...init, headers });
  };
  const results = [];
  for (const check of serverAudits({ url: `${server.url}/api`, fetchFn })) {
    results.push({ id: check.id, name: check.name, result: await check.fn() });
  }
  return results;
}

describe('GraphQL over HTTP audits', () => {
  let off: TestServer;
  let on: TestServer;
  beforeAll(async () => {
    [off, on] = await Promise.all([startTestServer(), startTestServer({ introspection: true })]);
  });
  afterAll(() => Promise.all([off.dispose(), on.dispose()]));

  it('passes every MUST audit but the introspection exceptions, which fail as documented', async () => {
    const results = await audit(off);
    const failedMusts = results.filter((r) => r.name.startsWith('MUST') && r.result.status !== 'ok').map((r) => r.id);
    expect(failedMusts.sort()).toEqual([...INTROSPECTION_EXCEPTIONS].sort());
  });

  it('passes every MUST audit with introspection on', async () => {
    const results = await audit(on);
    const failedMusts = results.filter((r) => r.name.startsWith('MUST') && r.result.status !== 'ok');
    expect(failedMusts.map((r) => `${r.id} ${r.name}: ${r.result.status === 'ok' ? '' : r.result.reason}`)).toEqual([]);
  });

  it('misses only the documented SHOULD and MAY audits', async () => {
    const results = await audit(off);
    const missed = results.filter((r) => !r.name.startsWith('MUST') && r.result.status !== 'ok').map((r) => r.id);
    // GET /api is the health string (the spec), so the GET audits (MAY) are not met; 2EA1 asks
    // for `__type` (introspection is off).
    expect(missed.sort()).toEqual(['2EA1', '6A70', '9C48', 'D6D5']);
  });
});
