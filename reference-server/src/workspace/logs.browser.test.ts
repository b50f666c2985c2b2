import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserFixture } from '../../testing/browser-fixture.js';
import { checkAccessible, signInWithChromium } from '../../testing/chromium.js';
import { settle, WebhookReceiver } from 'reference-server/testing';

/**
 * The logs in Chromium, as an admin works with them: the request log opened, filtered and copied
 * as curl; the delivery log filtered, its failed deliveries resent in bulk after a confirmation,
 * each resend marked and linked to the attempt it repeats; and a signing secret rotated, both
 * secrets accepted by `standardwebhooks` receivers during the overlap. Each page is scanned by axe.
 */
/** Screenshots for docs/workspace.md land here (default the temp dir). */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();
const fixture = browserFixture({ settle: true });
const { receiver, automation } = fixture;

async function adminPage(path: string): Promise<Page> {
  const page = await signInWithChromium(fixture.browser, fixture.server.url, fixture.server.demo.user.email, fixture.server.demo.user.password, path);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixture.server.url });
  return page;
}

describe('the logs in a real browser', { timeout: 180_000 }, () => {
  it('opens a request log row to the full exchange, filters by status, and copies it as curl', async () => {
    expect((await automation('/me')).status).toBe(200);
    expect((await automation('/no-such-thing?api_key=k3y0123456')).status).toBe(404);

    const page = await adminPage('/workspace/requests');
    await page.locator('#status').selectOption('4xx');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(new URL(page.url()).searchParams.get('status')).toBe('4xx');
    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(2);
    expect(await page.getByRole('table').textContent()).toContain('/api/automation/no-such-thing?api_key=[redacted]');
    await checkAccessible(page);

    await page.getByRole('table').getByRole('link').first().click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('GET /api/automation/no-such-thing?api_key=[redacted]');
    const text = (await page.textContent('main')) ?? '';
    expect(text).not.toContain(fixture.server.demo.automationKey);
    expect(text).not.toContain('k3y0123456');
    const curl = (await page.locator('pre[data-copy="curl command"]').textContent()) ?? '';
    expect(curl).toContain(`curl -X GET "${fixture.server.url}/api/automation/no-such-thing?api_key=$API_KEY"`);
    expect(curl).toContain('-H "x-api-key: $AUTOMATION_KEY"');
    await page.screenshot({ path: join(SHOTS, 'workspace-request-detail.png'), fullPage: true });
    await page.getByRole('button', { name: 'Copy curl command' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(curl);
    await checkAccessible(page);
    await page.context().close();
  });

  it('filters deliveries, resends every failed one after a confirmation, marks each resend, and rotates the secret', async () => {
    const made = await automation('/webhooks', { url: receiver.urlOf('/deals'), events: ['submission.queued', 'submission.completed'] });
    const { id, secret: oldSecret } = (await made.json()) as { id: string; secret: string };
    receiver.respond = () => ({ status: 400 });
    expect((await automation('/submissions', { record_id: 'logs-1', profile_id: 'prf_seed_deal', fields: { company: 'Acme' } })).status).toBe(202);
    await receiver.waitFor(2);
    await settle(fixture.server);
    receiver.respond = () => ({ status: 200 });

    const page = await adminPage(`/workspace/webhooks/${id}`);
    await page.locator('#outcome').selectOption('failed');
    await page.locator('#event_type').selectOption('submission.completed');
    await page.getByRole('button', { name: 'Filter' }).click();
    const table = page.getByRole('table', { name: 'Delivery attempts' });
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await table.textContent()).toContain('submission.completed');
    expect(await table.textContent()).not.toContain('submission.queued');
    await checkAccessible(page);

    await page.getByRole('link', { name: 'Show every attempt' }).click();
    await page.getByRole('button', { name: 'Resend failed deliveries…' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Send 2 failed deliveries again?');
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Yes, send them again' }).click();
    expect(await page.getByRole('status').first().textContent()).toContain('2 failed deliveries are being sent again');
    await receiver.waitFor(4);
    await settle(fixture.server);
    await page.goto(`${fixture.server.url}/workspace/webhooks/${id}?outcome=delivered`);
    const resent = page.getByRole('table', { name: 'Delivery attempts' });
    expect(await resent.getByRole('row').count()).toBe(3);
    expect(await resent.getByText('resend').count()).toBe(2);
    await page.screenshot({ path: join(SHOTS, 'workspace-webhook-resends.png'), fullPage: true });
    await checkAccessible(page);

    // A resend links to the attempt it repeats, which failed; its own page says it is a resend.
    await resent.getByRole('link', { name: /^the earlier attempt/ }).first().click();
    expect(await page.locator('.summary-list').textContent()).toContain('failed');
    await page.goBack();
    // The longest event type's page: its heading must wrap at 320 px.
    await resent.getByRole('row').filter({ hasText: 'submission.completed' }).getByRole('link', { name: /attempt 1 of/ }).click();
    expect(await page.locator('.summary-list').textContent()).toContain('resend of the earlier attempt');
    const body = (await page.locator('pre[data-copy="request body"]').textContent()) ?? '';
    expect(body).toMatch(/^\{\n {2}"id": "evt_/);
    expect(await page.getByRole('button', { name: 'Copy request body' }).count()).toBe(1);
    await checkAccessible(page);

    // Rotation: the new secret once, both secrets sign during the overlap.
    await page.goto(`${fixture.server.url}/workspace/webhooks/${id}`);
    expect(await page.locator('#overlap_hours').inputValue()).toBe('24');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const newSecret = await page.getByLabel('New signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    await checkAccessible(page);
    const shownAt = page.url();
    await page.reload();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The signing secret was already shown');
    expect(page.url()).toBe(shownAt);

    await page.goto(`${fixture.server.url}/workspace/webhooks/${id}`);
    expect(await page.textContent('main')).toContain('deliveries are also signed with the previous secret');
    const before = receiver.deliveries.length;
    await page.getByLabel('Event type').selectOption('submission.completed');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor(before + 1);
    const delivery = receiver.deliveries.at(-1);
    if (!delivery) throw new Error('no delivery');
    expect(WebhookReceiver.verify(oldSecret, delivery).id).toMatch(/^evt_test/);
    expect(WebhookReceiver.verify(newSecret, delivery).id).toMatch(/^evt_test/);
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    await page.context().close();
  });
});
