import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_NESTING, tooDeep } from '../http/nesting.js';
import { startTestServer, type TestServer } from 'reference-server/testing';

/** Found by the fuzzer: a free-form field nested thousands of levels deep overflowed zod's recursive JSON schema (500). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

it('answers 400 naming the field, not 500, for a body nested deeper than the limit', async () => {
  const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
  const response = await fetch(`${server.url}/api/automation/submissions`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
    body: `{"record_id":"deep-1","profile_id":"prf_seed_deal","fields":{"company":"Acme","x":${deep}}}`,
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: 'Bad Request', fields: [{ field: 'fields', message: `is nested deeper than ${MAX_NESTING} levels` }] });
});

it('measures depth without recursion and lets ordinary bodies through', () => {
  let value: unknown = 1;
  for (let i = 0; i < 200_000; i += 1) value = [value];
  expect(tooDeep(value)).toMatch(/^0(\.0)*$/);
  expect(tooDeep({ a: { b: [1, { c: null }] } })).toBeUndefined();
});
