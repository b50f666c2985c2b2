import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from 'reference-server/testing';

/** Issue 31, item 6: every answer, whichever surface or fallback writes it, says nosniff. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

describe('X-Content-Type-Options: nosniff', () => {
  it.each([
    ['an Automation API 401', '/api/automation/me', {}, 401],
    ['an Assessment API 401', '/api/v1/assessment/questions', {}, 401],
    ['a GraphQL 401', '/api', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }, 401],
    ['an OAuth token 401 (no client authentication)', '/api/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=nope' }, 401],
    ['a 404 of no route', '/nowhere', {}, 404],
    ['the operator endpoint without its token', '/_operator/backup', { method: 'POST' }, 404],
    ['the health text', '/api', {}, 200],
    ['a workspace redirect', '/workspace', {}, 303],
  ] as const)('is on %s', async (_label, path, init, status) => {
    const response = await fetch(`${server.url}${path}`, { ...(init as RequestInit), redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
