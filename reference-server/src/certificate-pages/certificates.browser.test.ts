import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { passedCertification, type Report } from 'reference-server/testing';
import { browserFixture } from '../../testing/browser-fixture.js';
import { checkAccessible, NARROW_VIEWPORT, seriousViolations, signInWithChromium } from '../../testing/chromium.js';

/**
 * A certificate's public page as a platform reviewer opens it (no sign-in), and its revocation by
 * the organisation's admin from the run's page, in Debian's headless Chromium: axe at 1280 and
 * 320 px on each page, the revocation announced on the public page with its reason.
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();
const fixture = browserFixture();

async function accessibleAtBothWidths(page: Page): Promise<void> {
  await checkAccessible(page);
  await page.setViewportSize(NARROW_VIEWPORT);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the public certificate page in a real browser', { timeout: 180_000 }, () => {
  it('shows a reviewer the certificate without sign-in; the admin revokes it from the run page and the page says so', async () => {
    const { report } = await passedCertification(fixture.server, { name: 'Acme CRM sync (Zapier)' });
    const certificate = report.certificate as NonNullable<Report['certificate']>;

    const reviewer = await (await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    expect((await reviewer.goto(certificate.url))?.status()).toBe(200);
    await reviewer.getByRole('heading', { level: 1, name: 'Acme CRM sync (Zapier)' }).waitFor();
    expect(await reviewer.getByRole('status').textContent()).toContain('Valid');
    expect(await reviewer.getByRole('row', { name: /api\.idempotent-create/ }).textContent()).toContain('Passed');
    await reviewer.screenshot({ path: join(SHOTS, 'certificate-page.png'), fullPage: true });
    await accessibleAtBothWidths(reviewer);

    const admin = await signInWithChromium(fixture.browser, fixture.server.url, fixture.server.demo.user.email, fixture.server.demo.user.password, `/workspace/certification/${report.run.id}`);
    expect(await admin.getByRole('link', { name: certificate.url }).count()).toBe(1);
    await admin.getByRole('link', { name: 'Revoke it' }).click();
    await accessibleAtBothWidths(admin);
    await admin.getByRole('button', { name: 'Revoke the certificate' }).click();
    expect(await admin.getByRole('link', { name: 'Enter why the certificate is revoked' }).count()).toBe(1);
    await accessibleAtBothWidths(admin);
    await admin.getByLabel('Why is it revoked?').fill('Signature checks were turned off in v2.1');
    await admin.getByRole('button', { name: 'Revoke the certificate' }).click();
    await admin.waitForURL((url) => url.pathname === `/workspace/certification/${report.run.id}`);

    await reviewer.reload();
    const notice = await reviewer.getByRole('status').textContent();
    expect(notice).toContain('Revoked');
    expect(notice).toContain('Signature checks were turned off in v2.1');
    expect(await reviewer.textContent('main')).not.toContain(fixture.server.demo.user.email);
    await accessibleAtBothWidths(reviewer);
    await reviewer.context().close();
    await admin.context().close();
  });
});
