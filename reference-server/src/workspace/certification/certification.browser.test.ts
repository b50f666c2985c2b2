import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { operate } from '../../cli.js';
import { browserFixture } from '../../../testing/browser-fixture.js';
import { checkAccessible, namesBrokenBadly, signInWithChromium } from '../../../testing/chromium.js';

/**
 * The Certification pages as an organisation admin uses them, in Debian's headless Chromium:
 * a run started from the form against a receiver that acknowledges everything, its credentials
 * shown once, its checks turning up live, the HTML report downloaded, the run finished after a
 * confirmation; another organisation's admin finds none of it. axe and 320 px on every page.
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();
const fixture = browserFixture();
const { receiver } = fixture;

const signIn = (email: string, password: string): Promise<Page> => signInWithChromium(fixture.browser, fixture.server.url, email, password, '/workspace/certification');

describe('the Certification pages in a real browser', { timeout: 180_000 }, () => {
  let runPath = '';

  it('says what a run needs, starts one, and shows its credentials once', async () => {
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password);
    await checkAccessible(page);
    // The webhook checks without a receiver URL: the form says so, next to the field.
    await page.getByLabel('What are you certifying?').fill('Acme receiver');
    await page.getByRole('button', { name: 'Start the run' }).click();
    expect(await page.getByRole('link', { name: /Enter the webhook receiver URL/ }).count()).toBe(1);
    await checkAccessible(page);

    await page.getByLabel('Webhook receiver URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/workspace/certification/started/'));
    const automationKey = await page.getByLabel(/Automation key/).inputValue();
    expect(automationKey).toMatch(/^pis_/);
    expect(await page.getByLabel(/Webhook signing secret/).inputValue()).toMatch(/^whsec_/);
    await checkAccessible(page);
    // Nothing is sent before the checks are started: the partner configures the receiver first.
    const shownAt = page.url();
    await page.getByRole('button', { name: 'Start the checks' }).click();
    await page.waitForURL((url) => /^\/workspace\/certification\/crt_/.test(url.pathname));
    const startedRun = page.url();
    // Going back to the credentials shows nothing again and starts nothing.
    const reload = await page.goto(shownAt);
    expect(reload?.status()).toBe(410);
    const runs = (await operate(fixture.server.sandbox, 'certify.list', { orgId: fixture.server.demo.organizationId })) as unknown[];
    expect(runs).toHaveLength(1);

    await page.goto(`${fixture.server.url}/workspace/certification`);
    await page.getByRole('link', { name: 'Acme receiver' }).click();
    runPath = new URL(page.url()).pathname;
    expect(page.url()).toBe(startedRun);
    // The receiver acknowledges everything: the forged delivery's check fails while the page is open.
    await page.getByRole('row', { name: /webhook\.rejects-forged/ }).getByText('Failed').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(SHOTS, 'workspace-certification-run.png'), fullPage: true });
    // Beside the advice the check column is narrow: its ids wrap after a dot, never inside a word.
    expect(await namesBrokenBadly(page)).toEqual([]);
    await checkAccessible(page);

    const html = await page.request.get(`${fixture.server.url}${runPath}/report.html`);
    expect(html.status()).toBe(200);
    const report = await html.text();
    expect(report).toContain('webhook.rejects-forged');
    expect(report).not.toContain(automationKey);

    await page.getByRole('button', { name: 'Finish the run now' }).click();
    expect(await page.textContent('main')).toContain('stop working at once');
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Yes, finish the run' }).click();
    await page.getByText('The run was finished').waitFor();
    expect(await page.textContent('main')).toContain('Not certified');
    const me = await fetch(`${fixture.server.url}/api/automation/me`, { headers: { 'x-api-key': automationKey } });
    expect(me.status).toBe(401);

    // The integration's explanation, given after the run ended, stands in the check's row; the outcome stays.
    const runId = runPath.split('/').at(-1) as string;
    await operate(fixture.server.sandbox, 'certify.explain', { runId, check: 'webhook.rejects-forged', text: 'Our gateway checks signatures before this receiver.' });
    await page.goto(`${fixture.server.url}${runPath}`);
    const row = page.getByRole('row', { name: /webhook\.rejects-forged/ });
    expect(await row.textContent()).toContain('The integration explains: Our gateway checks signatures before this receiver.');
    await row.getByText('Failed').waitFor();
    await checkAccessible(page);
    await page.goto(`${fixture.server.url}/workspace/certification`);
    expect(await page.getByRole('row', { name: /Acme receiver/ }).textContent()).toContain('; 1 explained');
    await page.context().close();
  });

  it('announces a start refused by the running-runs limit on the form, naming the runs to finish, and starts once one is finished', async () => {
    const orgId = fixture.server.demo.organizationId;
    const running = [];
    for (let i = 1; i <= 5; i += 1) running.push(((await operate(fixture.server.sandbox, 'certify.start', { orgId, name: `Busy ${i}`, checks: ['api.paginates'] })) as { run: { id: string } }).run.id);
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password);
    await page.getByLabel('What are you certifying?').fill('One too many');
    await page.getByLabel('Webhook receiver URL').fill(receiver.url);
    const refused = page.waitForResponse((answer) => answer.request().method() === 'POST');
    await page.getByRole('button', { name: 'Start the run' }).click();
    expect((await refused).status()).toBe(409);
    // The error summary is an alert that takes the focus, its link goes to the runs list, and what was typed stays.
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toContain('already has 5 runs in progress, the most allowed (5). Finish one of them first');
    for (const id of running) expect(await alert.textContent()).toContain(id);
    expect(await alert.getByRole('link').getAttribute('href')).toBe('#runs-heading');
    expect(await page.getByLabel('What are you certifying?').inputValue()).toBe('One too many');
    await checkAccessible(page);

    await operate(fixture.server.sandbox, 'certify.finish', { runId: running[0] ?? '' });
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/workspace/certification/started/'));
    for (const runId of running.slice(1)) await operate(fixture.server.sandbox, 'certify.finish', { runId });
    await page.context().close();
  });

  it("never shows one organisation's run to another", async () => {
    const org = (await operate(fixture.server.sandbox, 'org.create', { name: 'Other Capital' })) as { id: string };
    const password = 'correct horse battery staple';
    await operate(fixture.server.sandbox, 'user.create', { orgId: org.id, email: 'ada@other.example', name: 'Ada Other', password, role: 'admin' });
    expect(runPath).toMatch(/^\/workspace\/certification\/crt_/);
    const page = await signIn('ada@other.example', password);
    expect(await page.textContent('main')).toContain('No run yet.');
    for (const path of [runPath, `${runPath}/report.html`, `${runPath}/report.json`, `${runPath}/finish`]) {
      const answer = await page.request.get(`${fixture.server.url}${path}`);
      expect(answer.status(), path).toBe(404);
    }
    await page.context().close();
  });
});
