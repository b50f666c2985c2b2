import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserFixture } from '../../../testing/browser-fixture.js';
import { checkAccessible, signInWithChromium } from '../../../testing/chromium.js';
import { settle, WebhookReceiver } from 'reference-server/testing';

/**
 * Issue 38 item 8 in Chromium, keyboard only: an admin whose receiver moved edits the endpoint's
 * URL, events and description in place. The delivery log comes first on the endpoint's page and
 * keeps its attempts; the next delivery goes to the new URL signed with the same secret; a URL the
 * outbound address policy refuses is refused on the edit as on registering. Each page scanned by axe.
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();
const fixture = browserFixture({ settle: true });
const { receiver, automation } = fixture;

describe('editing a webhook endpoint in a real browser', { timeout: 180_000 }, () => {
  it('changes URL, events and description with the keyboard, keeping the secret and the delivery log, which comes first', async () => {
    const made = await automation('/webhooks', { url: receiver.urlOf('/old'), events: ['submission.queued'], description: 'Old receiver' });
    const { id, secret } = (await made.json()) as { id: string; secret: string };
    expect((await automation('/submissions', { record_id: 'edit-1', profile_id: 'prf_seed_deal', fields: { company: 'Acme' } })).status).toBe(202);
    await receiver.next((d) => d.path === '/old');
    await settle(fixture.server);

    const page = await signInWithChromium(fixture.browser, fixture.server.url, fixture.server.demo.user.email, fixture.server.demo.user.password, `/workspace/webhooks/${id}`);
    // The delivery log is the page's first section, before the test event and secret forms.
    const headings = await page.locator('main h2').allTextContents();
    expect(headings[0]).toBe('Delivery attempts');
    expect(headings.indexOf('Delivery attempts')).toBeLessThan(headings.indexOf('Send a test event'));
    expect(headings.indexOf('Delivery attempts')).toBeLessThan(headings.indexOf('Signing secret'));
    expect(await page.getByRole('table', { name: 'Delivery attempts' }).getByRole('row').count()).toBe(2);

    // Keyboard only: to the link, Enter; the form, typed; Space ticks a box; Enter in a field sends it.
    await page.getByRole('link', { name: 'Edit endpoint' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));
    expect(await page.getByLabel('Endpoint URL').inputValue()).toBe(receiver.urlOf('/old'));
    expect(await page.getByLabel('submission.queued').isChecked()).toBe(true);
    await checkAccessible(page);

    // First a URL the outbound policy refuses: said on the form, nothing changed.
    await page.getByLabel('Endpoint URL').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('http://169.254.169.254/latest/meta-data');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alert').textContent()).toContain('The URL is refused');
    expect(await page.getByLabel('Endpoint URL').inputValue()).toBe('http://169.254.169.254/latest/meta-data');
    await checkAccessible(page);

    await page.getByLabel('Endpoint URL').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(receiver.urlOf('/new'));
    await page.getByLabel('submission.completed').focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Description (optional)').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('New receiver');
    await page.screenshot({ path: join(SHOTS, 'workspace-webhook-edit.png'), fullPage: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/workspace/webhooks/${id}`);
    expect(await page.getByRole('status').first().textContent()).toContain('Its signing secret and delivery log are unchanged');
    const summary = (await page.locator('.summary-list').textContent()) ?? '';
    expect(summary).toContain(receiver.urlOf('/new'));
    expect(summary).toContain('submission.queued, submission.completed');
    expect(summary).toContain('New receiver');
    expect(await page.getByRole('table', { name: 'Delivery attempts' }).getByRole('row').count()).toBe(2);
    await checkAccessible(page);

    // The next delivery goes to the new URL, signed with the secret shown at registration.
    await page.getByLabel('Event type').selectOption('submission.completed');
    await page.getByRole('button', { name: 'Send test event' }).click();
    const delivery = await receiver.next((d) => d.path === '/new');
    expect(WebhookReceiver.verify(secret, delivery).type).toBe('submission.completed');
    await page.context().close();
  });
});
