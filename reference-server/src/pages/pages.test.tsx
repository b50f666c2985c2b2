import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from 'reference-server/testing';
import { assetRoutes } from './assets.js';
import { fitsWidth, launchChromium, NARROW_VIEWPORT, seriousViolations } from '../../testing/chromium.js';
import { Button, ErrorSummary, PostForm, TextField, type FieldError } from './components.js';
import { createFlash } from './flash.js';
import { formField, seeOther } from './forms.js';
import { Layout } from './layout.js';
import { renderDocument } from './render.js';
import { STYLESHEET } from './styles.js';
import { createPageSurface, sendPage } from './surface.js';

/**
 * The page infrastructure on its own: a one-form surface built from the shared parts, mounted on
 * an app that uses the real server's context, and walked in Chromium.
 */
let server: TestServer;
let app: Server;
let base: string;
let browser: Browser;
const saved: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const flash = createFlash(server.ctx, { cookieName: 'demo_flash', cookiePath: '/demo', schema: z.object({ errors: z.array(z.object({ field: z.string(), message: z.string() })), value: z.string() }) });
  const surface = createPageSurface(
    server.ctx,
    { service: 'Demo', cookiePath: '/demo', cookiePrefix: 'demo', formLimit: '1kb', parameterLimit: 5 },
    (router, { csrf, acceptForm }) => {
      router.get('/', (req, res) => {
        const shown = flash.take(req, res);
        const errors: FieldError[] = shown?.errors ?? [];
        sendPage(
          res,
          <Layout title="Your name" service="Demo" hasErrors={errors.length > 0}>
            <ErrorSummary errors={errors} />
            <h1>Your name</h1>
            <PostForm action="/demo" csrfToken={csrf.token(req, res)}>
              <TextField id="name" label="Full name" hint="As you would like it shown" error={errors[0]?.message} value={shown?.value ?? ''} />
              <Button>Save</Button>
            </PostForm>
            <ul>{saved.map((name) => <li>{name}</li>)}</ul>
          </Layout>,
        );
      });
      router.post('/', ...acceptForm, (req, res) => {
        const name = formField(req.body, 'name')?.trim() ?? '';
        if (name === '') flash.set(res, { errors: [{ field: 'name', message: 'Enter your full name' }], value: name });
        else saved.push(name);
        seeOther(res, '/demo');
      });
    },
  );
  const demo = express();
  demo.use(assetRoutes([STYLESHEET]));
  demo.use('/demo', surface);
  app = createServer(demo);
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => app?.close(resolve));
  await server?.dispose();
});

describe('page infrastructure', () => {
  it('escapes data by construction', () => {
    const html = renderDocument(
      <Layout title={'<script>alert(1)</script>'} service="Demo">
        <p title={'" onmouseover="x'}>{'<img src=x onerror=alert(1)>'}</p>
      </Layout>,
    );
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)>');
    expect(html).toContain('title="&quot; onmouseover=&quot;x"');
  });

  it('sends the page headers: CSP without inline code, no framing, no caching', async () => {
    const response = await fetch(`${base}/demo`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const css = await fetch(`${base}${STYLESHEET.path}`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('refuses a form without its CSRF token, and one too large, with a page', async () => {
    const forged = await fetch(`${base}/demo`, { method: 'POST', body: new URLSearchParams({ name: 'Mallory' }), redirect: 'manual' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This form has expired');
    const large = await fetch(`${base}/demo`, { method: 'POST', body: new URLSearchParams({ name: 'x'.repeat(2000) }), redirect: 'manual' });
    expect(large.status).toBe(413);
    expect(large.headers.get('content-type')).toContain('text/html');
    expect(saved).not.toContain('Mallory');
    const missing = await fetch(`${base}/demo/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('posts, redirects and shows an announced error summary in Chromium at 320 px, with no serious axe violation', async () => {
    const context = await browser.newContext({ viewport: NARROW_VIEWPORT });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${base}/demo`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${base}/demo`);
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toContain('Enter your full name');
    expect(await page.title()).toMatch(/^Error: /);
    expect(await page.evaluate('document.activeElement.className')).toBe('error-summary');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Enter your full name' }).click();
    await page.keyboard.type('Ada <b>Lovelace</b>');
    await page.keyboard.press('Enter');
    await page.getByText('Ada <b>Lovelace</b>').waitFor();
    await page.reload();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(saved).toEqual(['Ada <b>Lovelace</b>']);
    expect(blocked).toEqual([]);
    await context.close();
  });
});
