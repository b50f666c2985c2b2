import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as Chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import { graphql, startTestServer, type TestServer, type TokenBody } from 'reference-server/testing';
import { fitsWidth, launchChromium, NARROW_VIEWPORT, seriousViolations } from '../../testing/chromium.js';

/**
 * A real browser (Debian's headless Chromium) signs in and consents: cookies, the CSRF token,
 * the CSP (form-action is enforced on the redirect that follows the consent POST) and the 303s
 * as a user's browser applies them. Screenshots of both pages land in SCREENSHOT_DIR (default
 * the temp dir) for a human to look at.
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();

let server: TestServer;
let browser: Chromium;
let callback: Server;
let callbackUrl: string;
let client: { clientId: string; clientSecret: string };
const received: URL[] = [];

beforeAll(async () => {
  server = await startTestServer();
  callback = createServer((req, res) => {
    received.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Connected</h1>');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  client = (await operate(server.sandbox, 'client.create', { name: 'Acme CRM Sync', redirectUris: [callbackUrl] })) as typeof client;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => callback?.close(resolve));
  await server?.dispose();
});

const authorizeUrl = (state: string) =>
  `${server.url}/api/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: callbackUrl,
    scope: 'basic profile all',
    state,
  })}`;

describe('signing in with a real browser', () => {
  it('signs in, consents and lands on the client with a code that works', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/i.test(message.text())) blocked.push(message.text());
    });

    await page.goto(authorizeUrl('chromium-state'));
    await expect(page.getByRole('heading', { name: 'Sign in to continue' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'oauth-login.png'), fullPage: true });
    await page.getByLabel('Work email').fill(server.demo.user.email);
    await page.getByLabel('Password').fill(server.demo.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('button', { name: 'Allow access' }).waitFor();
    expect(await page.textContent('h1')).toContain('Acme CRM Sync wants to access');
    await page.screenshot({ path: join(SHOTS, 'oauth-consent.png'), fullPage: true });

    const cookies = await context.cookies(`${server.url}/api/oauth/authorize`);
    const session = cookies.find((c) => c.name === 'pis_session');
    // Origin-wide: one sign-in serves the OAuth pages and the workspace.
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await Promise.all([page.waitForURL(`${callbackUrl}?**`), page.getByRole('button', { name: 'Allow access' }).click()]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('chromium-state');
    expect(landed.searchParams.get('iss')).toBe(server.url);
    expect(blocked).toEqual([]);

    const response = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: landed.searchParams.get('code') as string,
        redirect_uri: callbackUrl,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    const tokens = (await response.json()) as TokenBody;
    const me = await graphql(server, tokens.access_token, 'query getUserDataQuery { me { email } }');
    expect(await me.json()).toEqual({ data: { me: { email: server.demo.user.email } } });
    await context.close();
  });

  it('shows a wrong password on the page, announced to screen readers', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(authorizeUrl('s'));
    await page.getByLabel('Work email').fill(server.demo.user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('do not match');
    expect(await page.getByLabel('Work email').inputValue()).toBe(server.demo.user.email);
    await context.close();
  });

  it('lays the pages out at 320 px without sideways scrolling or a serious accessibility fault', async () => {
    const context = await browser.newContext({ viewport: NARROW_VIEWPORT, isMobile: true });
    const page = await context.newPage();
    const accessible = async () => {
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    };
    await page.goto(`${server.url}/api/oauth/sign-in?return_to=/workspace`);
    await accessible();
    await page.goto(authorizeUrl('phone'));
    await accessible();
    await page.screenshot({ path: join(SHOTS, 'oauth-login-phone.png'), fullPage: true });
    await page.getByLabel('Work email').fill(server.demo.user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await accessible();
    await page.getByLabel('Password').fill(server.demo.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Deny' }).waitFor();
    await accessible();
    await page.screenshot({ path: join(SHOTS, 'oauth-consent-phone.png'), fullPage: true });
    await Promise.all([page.waitForURL(`${callbackUrl}?**`), page.getByRole('button', { name: 'Deny' }).click()]);
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    await context.close();
  });

  it('cannot be framed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('http://framer.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe src="${authorizeUrl('frame')}"></iframe>` }),
    );
    await page.goto('http://framer.test/', { waitUntil: 'load' });
    const frame = page.frames().find((f) => f.url().includes('/api/oauth/authorize'));
    const framedHeading = frame ? await frame.$('h1') : null;
    expect(framedHeading).toBeNull();
    await context.close();
  });
});
