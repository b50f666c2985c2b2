import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester, type Bundle, type ZObject } from 'zapier-platform-core';
import App from '../src/index.js';

/**
 * Faults and exact request shapes, with nock in front of a platform that does not exist: what
 * each surface's request carries, and what each error answer becomes in Zapier's terms.
 */
const BASE = 'https://platform.example.test';
const appTester = createAppTester(App);
const authData = { access_token: 'at-1', refresh_token: 'rt-1', automation_key: 'pis_auto_k', developer_key: 'pis_dev_k' };
const call = (url: string, options: Record<string, unknown> = {}, auth: Record<string, string> = authData) =>
  appTester(async (z: ZObject) => (await z.request({ url, ...options })).data, { authData: auth });

beforeAll(() => {
  process.env['BASE_URL'] = BASE;
  process.env['CLIENT_ID'] = 'client-1';
  process.env['CLIENT_SECRET'] = 'secret-1';
  nock.disableNetConnect();
});
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});
afterAll(() => nock.enableNetConnect());

describe('credentials per surface', () => {
  it('sends the access token only to GraphQL, each key only to its own API, and nothing elsewhere', async () => {
    const seen: Record<string, Record<string, string | string[] | undefined>> = {};
    const record = (name: string) =>
      function (this: { req: { headers: Record<string, string | string[] | undefined> } }) {
        seen[name] = this.req.headers;
        return [200, {}];
      };
    nock(BASE).post('/api').reply(function () {
      seen['graphql'] = this.req.headers;
      return [200, { data: {} }];
    });
    nock(BASE).get('/api/automation/me').reply(record('automation'));
    nock(BASE).get('/api/v1/benchmark-tags').reply(record('assessment'));
    nock('https://files.example.org').get('/cv.pdf').reply(record('foreign'));
    await call(`${BASE}/api`, { method: 'POST', body: {} });
    await call(`${BASE}/api/automation/me`);
    await call(`${BASE}/api/v1/benchmark-tags`);
    await call('https://files.example.org/cv.pdf');

    expect(seen['graphql']).toMatchObject({ authorization: 'Bearer at-1' });
    expect(seen['graphql']).not.toHaveProperty('x-api-key');
    expect(seen['automation']).toMatchObject({ 'x-api-key': 'pis_auto_k' });
    expect(seen['automation']).not.toHaveProperty('authorization');
    expect(seen['assessment']).toMatchObject({ 'x-api-key': 'pis_dev_k' });
    expect(seen['foreign']).not.toHaveProperty('x-api-key');
    expect(seen['foreign']).not.toHaveProperty('authorization');
  });

  it('stops a step that needs a key the connection lacks before any request, telling the user to reconnect', async () => {
    const { automation_key: _dropped, ...withoutKey } = authData;
    await expect(call(`${BASE}/api/automation/submissions`, {}, withoutKey)).rejects.toThrow(
      /no Automation Key\. Reconnect your account and enter the Automation Key/,
    );
    const { developer_key: _gone, ...withoutDeveloperKey } = authData;
    await expect(call(`${BASE}/api/v1/assessment/results`, {}, withoutDeveloperKey)).rejects.toThrow(
      /no Assessment Developer Key\. Reconnect your account/,
    );
  });
});

describe('error answers', () => {
  it('429 → ThrottledError with the API message and the Retry-After delay', async () => {
    nock(BASE).get('/api/automation/submissions').reply(429, { error: 'Too Many Requests', message: 'Slow down: 60 requests a minute.' }, { 'Retry-After': '17' });
    const error = await call(`${BASE}/api/automation/submissions`).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ThrottledError' });
    expect(JSON.parse((error as Error).message)).toEqual({ message: 'Slow down: 60 requests a minute.', delay: 17 });
  });

  it('429 with an HTTP-date Retry-After → the seconds until then', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    nock(BASE).get('/api/v1/benchmark-tags').reply(429, { error: 'Too Many Requests', message: 'Later.' }, { 'Retry-After': at });
    const error = (await call(`${BASE}/api/v1/benchmark-tags`).catch((e: unknown) => e)) as Error;
    const { delay } = JSON.parse(error.message) as { delay: number };
    expect(delay).toBeGreaterThanOrEqual(28);
    expect(delay).toBeLessThanOrEqual(31);
  });

  it('503 with Retry-After → ThrottledError with that delay; 503 without one → an error (Zapier does not retry it)', async () => {
    nock(BASE).get('/api/automation/profiles').reply(503, { error: 'Service Unavailable', message: 'Back in a moment.' }, { 'Retry-After': '3' });
    const throttled = (await call(`${BASE}/api/automation/profiles`).catch((e: unknown) => e)) as Error;
    expect(throttled.name).toBe('ThrottledError');
    expect(JSON.parse(throttled.message)).toEqual({ message: 'Back in a moment.', delay: 3 });
    nock(BASE).get('/api/automation/profiles').reply(503, { error: 'Service Unavailable', message: 'Down.' });
    const failed = (await call(`${BASE}/api/automation/profiles`).catch((e: unknown) => e)) as Error;
    expect(failed.name).toBe('AppError');
  });

  it('500 → an error carrying the API message, code and status', async () => {
    nock(BASE).post('/api/v1/assessment/submit').reply(500, { error: 'Internal Server Error', message: 'Scoring is unavailable; retry with backoff.' });
    const error = (await call(`${BASE}/api/v1/assessment/submit`, { method: 'POST', body: {} }).catch((e: unknown) => e)) as Error;
    expect(error.name).toBe('AppError');
    expect(JSON.parse(error.message)).toEqual({ message: 'Scoring is unavailable; retry with backoff.', code: 'Internal Server Error', status: 500 });
  });

  it('400 → the API message naming what to fix', async () => {
    nock(BASE).post('/api/automation/submissions').reply(400, { error: 'Bad Request', message: 'record_id is required.' });
    await expect(call(`${BASE}/api/automation/submissions`, { method: 'POST', body: {} })).rejects.toThrow(/record_id is required\./);
  });

  it('a body that is not JSON still gives a message with the status', async () => {
    nock(BASE).get('/api/automation/profiles').reply(502, '<html>Bad gateway</html>', { 'content-type': 'text/html' });
    await expect(call(`${BASE}/api/automation/profiles`)).rejects.toThrow(/The platform answered HTTP 502/);
  });

  it('GraphQL errors[] with a 200 → an error with their messages', async () => {
    nock(BASE).post('/api').reply(200, { errors: [{ message: 'getAssessmentResultQuery needs the profile scope.', extensions: { code: 'INSUFFICIENT_SCOPE' } }] });
    const error = (await call(`${BASE}/api`, { method: 'POST', body: {} }).catch((e: unknown) => e)) as Error;
    expect(JSON.parse(error.message)).toMatchObject({ message: 'getAssessmentResultQuery needs the profile scope.', code: 'INSUFFICIENT_SCOPE' });
  });

  it('401 on a key surface → ExpiredAuthError naming the key (a token refresh cannot fix it)', async () => {
    nock(BASE).get('/api/automation/me').reply(401, { error: 'Unauthorized', message: 'A valid automation key is required in the x-api-key header.' });
    await expect(call(`${BASE}/api/automation/me`)).rejects.toMatchObject({
      name: 'ExpiredAuthError',
      message: expect.stringContaining("refused this connection's Automation Key"),
    });
  });
});

describe('401 then refresh', () => {
  it('a stale access token → RefreshAuthError; refreshAccessToken rotates; the retry with the new token succeeds', async () => {
    const query = async (z: ZObject, bundle: Bundle) => {
      const response = await z.request({ url: `${BASE}/api`, method: 'POST', body: { query: '{ me { email } }' } });
      return { ...(response.data as object), token: bundle.authData['access_token'] };
    };
    nock(BASE).post('/api').matchHeader('authorization', 'Bearer at-1').reply(401, { error: 'Unauthorized', message: 'The access token is invalid, expired or revoked.' });
    await expect(appTester(query, { authData })).rejects.toMatchObject({ name: 'RefreshAuthError' });

    let tokenBody: unknown;
    nock(BASE)
      .post('/api/oauth/token', (body: unknown) => {
        tokenBody = body;
        return true;
      })
      .reply(200, { access_token: 'at-2', refresh_token: 'rt-2', token_type: 'Bearer', expires_in: 3600, scope: 'basic profile' });
    const refreshed = (await appTester(App.authentication!.oauth2Config!.refreshAccessToken as never, { authData })) as Record<string, string>;
    expect(tokenBody).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt-1', client_id: 'client-1', client_secret: 'secret-1' });
    expect(refreshed).toEqual({ access_token: 'at-2', refresh_token: 'rt-2', expires_in: '3600' });

    nock(BASE).post('/api').matchHeader('authorization', 'Bearer at-2').reply(200, { data: { me: { email: 'dana@example.com' } } });
    expect(await appTester(query, { authData: { ...authData, ...refreshed } })).toEqual({ data: { me: { email: 'dana@example.com' } }, token: 'at-2' });
  });

  it('a refresh the server refuses for a reason other than the grant → an error with its description', async () => {
    nock(BASE).post('/api/oauth/token').reply(401, { error: 'invalid_client', error_description: 'Client authentication failed: unknown client or wrong secret.' });
    await expect(appTester(App.authentication!.oauth2Config!.refreshAccessToken as never, { authData })).rejects.toThrow(
      /refused to refresh the access token: Client authentication failed/,
    );
  });
});
