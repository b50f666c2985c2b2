import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as Chromium, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RESULT_EMAIL } from '../assessments/index.js';
import { createUser, issueCredential, revokeCredential } from '../tenancy/index.js';
import { clippedTags, emailsBrokenBadly, fitsWidth, headingsBrokenMidWord, launchChromium, namesBrokenBadly, seriousViolations, signInWithChromium, WIDTHS } from '../../testing/chromium.js';
import { runCommand } from '../operator/index.js';
import { startTestServer, WebhookReceiver, type TestServer } from 'reference-server/testing';

/**
 * Every workspace page with a table, at a desktop, a phone and the 320 px minimum: nothing scrolls
 * sideways, no heading breaks inside a word, the tables built with the Table component stack into
 * "heading: value" rows on the narrow screens, and axe finds nothing serious. The data is made long
 * on purpose (a long email, URL and record id). Its screenshots (three per page) land in
TABLE_SCREENSHOT_DIR (default the temp dir), not in SCREENSHOT_DIR, which fills docs/images.
 */
const SHOTS = process.env['TABLE_SCREENSHOT_DIR'] ?? tmpdir();
const LONG_EMAIL = 'maximiliana.featherstonehaugh-worthington@a-rather-long-founders-domain.example';
/** An administrator whose email the keys table shows under "Acts for", beside a revoked key's tag. */
const LONG_ADMIN = 'bartholomew.featherstonehaugh-worthington@a-rather-long-founders-domain.example';
const LONG_RECORD = 'crm-record-0123456789abcdef0123456789abcdef-with-a-suffix';

let server: TestServer;
let browser: Chromium;
const receiver = new WebhookReceiver();
/** Pages that answered 404 during the walk (the favicon among them, were it missing). */
const missing: string[] = [];

const automation = (path: string, body: unknown) =>
  fetch(`${server.url}/api/automation${path}`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  await receiver.start();
  const invite = await fetch(`${server.url}/api/v1/assessment/invites`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: LONG_EMAIL, full_name: 'Maximiliana Featherstonehaugh-Worthington' }),
  });
  expect(invite.status).toBe(201);
  const hook = await automation('/webhooks', { url: receiver.urlOf('/a-long-path/that-goes/on-and-on/to-a-receiver-endpoint?tenant=the-tenant-with-a-long-name'), events: ['submission.queued'] });
  expect(hook.status).toBe(201);
  const submitted = await automation('/submissions', { record_id: LONG_RECORD, profile_id: 'prf_seed_deal', fields: { email: LONG_EMAIL, name: 'Maximiliana', company: 'Featherstonehaugh Ventures' } });
  expect(submitted.status).toBe(202);
  await receiver.next((d) => d.rawBody.includes('"submission.queued"'));
  const admin = await createUser(server.ctx, { orgId: server.demo.organizationId, email: LONG_ADMIN, name: 'Bartholomew', password: 'a long enough password 1' });
  const key = await issueCredential(server.ctx, { kind: 'automation_key', orgId: server.demo.organizationId, userId: admin.id, label: 'Zapier – deal flow' });
  await revokeCredential(server.ctx, key.credential.keyId);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver.stop();
});

async function checkAtEveryWidth(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await fitsWidth(page), `${name} at ${width} px scrolls sideways`).toBe(true);
    expect(await headingsBrokenMidWord(page), `${name} at ${width} px`).toEqual([]);
    // Emails wrap only before "@", after a dot or a hyphen; an everyday one on a desktop on two lines at most.
    expect(await emailsBrokenBadly(page, width === 1280 ? 2 : Number.POSITIVE_INFINITY), `${name} at ${width} px`).toEqual([]);
    expect(await clippedTags(page), `${name} at ${width} px: tags cut`).toEqual([]);
    expect(await namesBrokenBadly(page), `${name} at ${width} px: check ids and event names`).toEqual([]);
    // Below 800 px the Table component's rows are blocks of "heading: value" lines.
    const rowDisplays = (await page.evaluate(`[...document.querySelectorAll('table.stacking tbody tr')].map((tr) => getComputedStyle(tr).display)`)) as string[];
    expect(new Set(rowDisplays), `${name} at ${width} px`).toEqual(new Set(rowDisplays.length === 0 ? [] : [width > 800 ? 'table-row' : 'block']));
    // Nor does a Table scroll inside its own box: it fits the column.
    const scrolling = (await page.evaluate(`[...document.querySelectorAll('.table-scroll')].filter((box) => box.querySelector('table.stacking') && box.scrollWidth > box.clientWidth).map((box) => box.querySelector('table').getAttribute('aria-label') ?? box.querySelector('table').getAttribute('aria-labelledby'))`)) as string[];
    expect(scrolling, `${name} at ${width} px`).toEqual([]);
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `table-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the workspace tables at 1280, 390 and 320 px', { timeout: 300_000 }, () => {
  it('read at every width on every page with a table', async () => {
    const page = await signInWithChromium(browser, server.url, server.demo.user.email, server.demo.user.password);
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    const visit = async (path: string, name: string) => {
      await page.goto(`${server.url}${path}`);
      await checkAtEveryWidth(page, name);
    };
    await visit('/workspace', 'overview');
    await visit('/workspace/keys', 'keys');
    await visit('/workspace/invites', 'invites');
    await visit('/workspace/webhooks', 'webhooks');
    await page.getByRole('link', { name: /a-long-path/ }).click();
    await page.getByRole('table', { name: 'Delivery attempts' }).waitFor();
    await checkAtEveryWidth(page, 'delivery-log');
    await page.getByRole('link', { name: /attempt 1 of/ }).first().click();
    await checkAtEveryWidth(page, 'attempt');
    await visit('/workspace/submissions', 'submissions');
    await page.getByRole('link', { name: LONG_RECORD }).click();
    await page.getByRole('heading', { name: 'Score' }).waitFor({ timeout: 60_000 });
    await checkAtEveryWidth(page, 'submission');
    await visit('/workspace/requests', 'request-log');
    await visit('/workspace/sessions', 'sessions');
    await visit('/workspace/results', 'results');
    // The scoring model's tables, reached as a reader does: from "What the scores mean".
    await page.getByText('What the scores mean').click();
    await page.getByRole('link', { name: 'how an assessment is scored' }).click();
    await page.getByRole('table', { name: /^General adult reference/ }).waitFor();
    await checkAtEveryWidth(page, 'assessment-scoring');
    await visit(`/workspace/results?email=${encodeURIComponent(DEMO_RESULT_EMAIL)}`, 'results-by-email');
    await page.getByRole('table', { name: 'Results' }).getByRole('link').first().click();
    await checkAtEveryWidth(page, 'result');
    await visit('/workspace/developer-tools', 'developer-tools');
    // A certification run's checks: ids such as webhook.idempotent in a narrow first column.
    const started = (await runCommand(server.ctx, 'certify.start', { orgId: server.demo.organizationId, webhookUrl: receiver.url, waitForBegin: true })) as { run: { id: string } };
    await visit(`/workspace/certification/${started.run.id}`, 'certification-run');
    await page.getByRole('table', { name: 'Checks' }).waitFor();

    // A stacked row still reads as a table row to assistive technology, each value named by its heading.
    await page.goto(`${server.url}/workspace/invites`);
    await page.setViewportSize({ width: 320, height: 900 });
    const row = page.getByRole('table', { name: 'Invites' }).getByRole('row').filter({ hasText: LONG_EMAIL });
    expect(await row.getByRole('cell').count()).toBe(5);
    expect(await page.getByRole('table', { name: 'Invites' }).getByRole('columnheader').allTextContents()).toEqual(['Participant', 'Status', 'Created', 'Expires', 'Action']);
    expect(await row.getByRole('cell').first().getAttribute('data-label')).toBe('Participant');

    expect(missing).toEqual([]);
    await page.context().close();
  });

  it('folds the navigation behind Menu on a narrow screen, without script', async () => {
    const page = await signInWithChromium(browser, server.url, server.demo.user.email, server.demo.user.password);
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    // Wide: every section is a link in view, no Menu to open.
    expect(await nav.getByRole('link', { name: 'Invites' }).isVisible()).toBe(true);
    expect(await nav.getByText('Menu').isVisible()).toBe(false);

    const narrow = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const phone = await narrow.newPage();
    await phone.goto(`${server.url}/workspace/keys`);
    const phoneNav = phone.getByRole('navigation', { name: 'Workspace' });
    expect(await phoneNav.getByRole('link', { name: 'Invites' }).isVisible()).toBe(false);
    // The page's own heading is on the first screen, not pushed below ten links.
    const heading = await phone.getByRole('heading', { level: 1 }).boundingBox();
    expect(heading && heading.y + heading.height).toBeLessThan(640);
    await phoneNav.getByText('Menu').click();
    await phoneNav.getByRole('link', { name: 'Invites' }).click();
    expect(new URL(phone.url()).pathname).toBe('/workspace/invites');
    await narrow.close();

    // The open menu at 320 px, scanned (axe needs script in the page).
    await page.setViewportSize({ width: 320, height: 640 });
    await nav.getByText('Menu').click();
    expect(await nav.getByRole('link', { name: 'Invites' }).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('serves a favicon: linked from every page, and at /favicon.ico', async () => {
    const ico = await fetch(`${server.url}/favicon.ico`, { redirect: 'manual' });
    expect(ico.status).toBe(301);
    const icon = await fetch(new URL(ico.headers.get('location') as string, server.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg /);
    const page = await (await fetch(`${server.url}/invite/pis_inv_unknown`)).text();
    expect(page).toContain(`<link rel="icon" href="${new URL(ico.headers.get('location') as string, server.url).pathname}" type="image/svg+xml"/>`);
  });
});
