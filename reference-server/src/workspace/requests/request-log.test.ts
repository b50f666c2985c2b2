import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, signInToWorkspace, startTestServer, type TestServer } from 'reference-server/testing';

/**
 * The request log's detail and filters over HTTP: each row opens to the exchange with every
 * secret cut (headers, request and answer bodies, URLs in bodies), the curl command names
 * variables instead of secrets, and the filters narrow by status class and credential.
 */
let server: TestServer;
let browser: Browser;

const automation = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}/api/automation${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-api-key': server.demo.automationKey, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

const rowLinks = (page: string) => [...page.matchAll(/href="(\/workspace\/requests\/rql_[^"]+)"/g)].map((m) => m[1] as string);
const unescape = (html: string) => html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

beforeAll(async () => {
  server = await startTestServer();
  browser = await signInToWorkspace(server);
});

afterAll(async () => {
  await server?.dispose();
});

describe('the request log, opened and filtered', { timeout: 60_000 }, () => {
  it('opens a row to its exchange with every secret cut, and a curl command with the key as a variable', async () => {
    const made = await automation('/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/hook?token=tok0123456&channel=deals', events: ['submission.queued'] },
      headers: { 'x-webhook-secret': 'hunter2hunter2', cookie: 'session=cookie0123456' },
    });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as { secret: string };

    const list = await (await browser.get('/workspace/requests?surface=automation')).text();
    const [newest] = rowLinks(list);
    expect(newest).toBeDefined();
    const detail = unescape(await (await browser.get(newest as string)).text());
    expect(detail).toContain('POST /api/automation/webhooks');
    for (const leaked of [server.demo.automationKey, secret, secret.slice(6), 'tok0123456', 'hunter2hunter2', 'cookie0123456']) expect(detail).not.toContain(leaked);
    expect(detail).toContain('token=[redacted]&channel=deals');
    expect(detail).toContain('"secret": "[redacted]"');
    expect(detail).toContain('"status": "active"');
    // The curl command: every header as sent, the key as $AUTOMATION_KEY, other cuts as variables of their own name.
    const curl = /<pre[^>]*data-copy="curl command"[^>]*>([\s\S]*?)<\/pre>/.exec(detail)?.[1] ?? '';
    expect(curl).toContain(`curl -X POST "${server.url}/api/automation/webhooks"`);
    expect(curl).toContain('-H "x-api-key: $AUTOMATION_KEY"');
    expect(curl).toContain('-H "x-webhook-secret: $X_WEBHOOK_SECRET"');
    expect(curl).toContain(`--data-raw '{"url":"http://127.0.0.1:9/hook?token='"$TOKEN"'&channel=deals","events":["submission.queued"]}'`);
    expect(curl).toContain('-H "cookie: $COOKIE"');
  });

  it('filters by status class and credential, and refuses another organisation’s request ids', async () => {
    expect((await automation('/no-such-thing')).status).toBe(404);
    expect((await automation('/me')).status).toBe(200);
    const only4xx = await (await browser.get('/workspace/requests?surface=automation&status=4xx')).text();
    expect(only4xx).toContain('/api/automation/no-such-thing');
    expect(only4xx).not.toContain('GET /api/automation/me<');
    const only2xx = await (await browser.get('/workspace/requests?surface=automation&status=2xx')).text();
    expect(only2xx).toContain('/api/automation/me');
    expect(only2xx).not.toContain('/api/automation/no-such-thing');
    const oauthOnly = await (await browser.get('/workspace/requests?surface=automation&credential=oauth')).text();
    expect(rowLinks(oauthOnly)).toEqual([]);
    expect(oauthOnly).toContain('No kept request matches these filters.');
    const unknownId = await browser.get('/workspace/requests/rql_nothing1');
    expect(unknownId.status).toBe(404);
  });
});
