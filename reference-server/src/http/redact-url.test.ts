import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signInToWorkspace, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { createLogger } from '../log.js';
import { redactUrlSecrets } from './redact-url.js';
import { isSecretName } from './secret-names.js';

/** Each way a secret is written into a URL, with a value that must not survive redaction. */
const SECRET_PARAMETERS = [
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'key',
  'api_key',
  'apikey',
  'apiKey',
  'API-KEY',
  'secret',
  'client_secret',
  'clientSecret',
  'password',
  'signature',
  'sig',
  'X-Amz-Signature',
  'hub.verify_token',
  'oauth_token',
];

const value = (i: number) => `s3cr3tValue${i}x`;

describe('redactUrlSecrets, by rule', () => {
  it('cuts the value of every query parameter whose name says secret, whatever its case or spelling', () => {
    for (const [i, name] of SECRET_PARAMETERS.entries()) {
      const url = `/api/automation/me?page=2&${encodeURIComponent(name)}=${value(i)}&after=abc`;
      const cut = redactUrlSecrets(url);
      expect(cut, name).not.toContain(value(i));
      expect(cut, name).toBe(`/api/automation/me?page=2&${encodeURIComponent(name)}=[redacted]&after=abc`);
    }
  });

  it('leaves parameters that say nothing secret, and URLs without a query, as they are', () => {
    for (const url of ['/api/automation/me', '/api/automation/submissions?status=completed&limit=10&after=cur_1', 'https://hooks.example/in?channel=deals#top']) {
      expect(redactUrlSecrets(url)).toBe(url);
    }
    for (const name of ['status', 'limit', 'after', 'email', 'monkeys', 'record_id']) expect(isSecretName(name), name).toBe(false);
  });

  it('cuts pis_ and whsec_ values anywhere in the URL to their prefix, and works on absolute URLs with a fragment', () => {
    expect(redactUrlSecrets('/invite/pis_inv_AbC123_-xyz')).toBe('/invite/pis_inv_[redacted]');
    expect(redactUrlSecrets('/x?next=pis_auto_AbC123&other=whsec_dGVzdA%3D%3D')).toBe('/x?next=pis_auto_[redacted]&other=whsec_[redacted]');
    expect(redactUrlSecrets('https://hooks.example/whsec_abc+%2F=/in?token=t0k&ok=1#frag')).toBe('https://hooks.example/whsec_[redacted]/in?token=[redacted]&ok=1#frag');
  });

  it('cuts a percent-encoded name and a parameter written with semicolons', () => {
    expect(redactUrlSecrets('/p?access%5Ftoken=abc;sig=def')).toBe('/p?access%5Ftoken=[redacted];sig=[redacted]');
  });
});

describe('URLs with secrets, in the three logs', { timeout: 60_000 }, () => {
  let server: TestServer;
  const lines: string[] = [];
  let signedIn: Browser;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer({}, { log: createLogger('info', sink) });
    signedIn = await signInToWorkspace(server);
  });

  afterAll(async () => {
    await server?.dispose();
  });

  it("cuts each form from the workspace's request log and from the JSON log line", async () => {
    // One request per form: the request log keeps the first 300 characters of a URL.
    const whsec = 'whsec_c2VjcmV0c2VjcmV0';
    const urls = [...SECRET_PARAMETERS.map((name, i) => `?page=2&${encodeURIComponent(name)}=${value(i)}&keep=${i}`), `?hint=${whsec}&keep=whsec`];
    for (const query of urls) {
      const answer = await fetch(`${server.url}/api/automation/me${query}`, { headers: { 'x-api-key': server.demo.automationKey } });
      expect(answer.status).toBe(200);
    }
    const page = await (await signedIn.get('/workspace/requests?surface=automation')).text();
    await server.close();
    const logged = lines.flatMap((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url ?? []).filter((url) => url.includes('keep='));
    expect(logged).toHaveLength(urls.length);
    for (const [i, name] of SECRET_PARAMETERS.entries()) {
      const cut = `${encodeURIComponent(name)}=[redacted]&amp;keep=${i}<`;
      expect(page, `request log: ${name}`).toContain(cut);
      expect(page, `request log: ${name}`).not.toContain(value(i));
      expect(logged[i], `JSON log: ${name}`).toBe(`/api/automation/me?page=2&${encodeURIComponent(name)}=[redacted]&keep=${i}`);
    }
    expect(page).toContain('hint=whsec_[redacted]&amp;keep=whsec');
    expect(logged.at(-1)).toBe('/api/automation/me?hint=whsec_[redacted]&keep=whsec');
    const text = page;
    for (const t of [text, ...logged]) expect(t).not.toContain(whsec);
  });
});

describe('a webhook URL with secrets, in the delivery log', { timeout: 60_000 }, () => {
  let server: TestServer;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    server = await startTestServer();
    await receiver.start();
  });

  afterAll(async () => {
    await server?.dispose();
    await receiver.stop();
  });

  it('shows the endpoint and each attempt with the secret values cut', async () => {
    const url = `${receiver.urlOf('/secret-hook')}?token=tok123456&api_key=key123456&channel=deals`;
    const made = await fetch(`${server.url}/api/automation/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['submission.queued'] }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await fetch(`${server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'redact-1', profile_id: 'prf_seed_deal', fields: { company: 'Acme' } }),
    });
    await receiver.next((d) => d.path.startsWith('/secret-hook'));

    const browser = await signInToWorkspace(server);
    const list = await (await browser.get('/workspace/webhooks')).text();
    const endpoint = await (await browser.get(`/workspace/webhooks/${id}`)).text();
    const attemptPath = new RegExp(`href="(/workspace/webhooks/${id}/attempts/[^"]+)"`).exec(endpoint)?.[1];
    expect(attemptPath).toBeDefined();
    const attempt = await (await browser.get(attemptPath as string)).text();
    for (const [name, page] of Object.entries({ list, endpoint, attempt })) {
      expect(page, name).toContain('token=[redacted]&amp;api_key=[redacted]&amp;channel=deals');
      expect(page, name).not.toContain('tok123456');
      expect(page, name).not.toContain('key123456');
    }
  });
});
