import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserFixture } from '../../../testing/browser-fixture.js';
import { checkAccessible, signInWithChromium } from '../../../testing/chromium.js';
import { WebhookReceiver } from 'reference-server/testing';
import { submissionDetailSchema } from '../../submissions/index.js';
import { eventPayloadSchema } from '../../webhooks/index.js';

/**
 * A webhook endpoint as an admin registers and follows it, in Debian's headless Chromium: each
 * delivery shown with its exact request and answer, resent with the same webhook-id, and a signed
 * test event. Each page is scanned with axe-core. Screenshots land in SCREENSHOT_DIR (default the
 * temp dir); docs/workspace.md shows the ones taken this way.
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();

const fixture = browserFixture();
const { receiver } = fixture;

const signIn = (email: string, password: string, path = '/workspace') => signInWithChromium(fixture.browser, fixture.server.url, email, password, path);

describe('webhook endpoints in a real browser', { timeout: 180_000 }, () => {
  it('registers a webhook, shows each delivery with its exact request and answer, resends it with the same webhook-id, and sends a signed test event', async () => {
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password, '/workspace/webhooks');
    await checkAccessible(page);
    await page.getByLabel('Endpoint URL').fill('not a url');
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Enter an absolute http or https URL');
    await checkAccessible(page);

    await page.getByLabel('Endpoint URL').fill(receiver.urlOf('/browser'));
    await page.getByLabel('submission.queued').check();
    await page.getByLabel('submission.completed').check();
    await page.getByLabel('Description (optional)').fill('Browser test receiver');
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await checkAccessible(page);
    // A reload shows no secret and registers nothing: the endpoint is listed once.
    await page.reload();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The signing secret was already shown');
    await checkAccessible(page);
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    expect(await page.getByRole('link', { name: receiver.urlOf('/browser') }).count()).toBe(1);
    await page.getByRole('link', { name: receiver.urlOf('/browser') }).click();
    const subscriptionPath = new URL(page.url()).pathname;
    expect(subscriptionPath).toMatch(/^\/workspace\/webhooks\/whk_/);
    expect((await page.textContent('main')) ?? '').not.toContain(secret);

    // A real event: a submission created over the API is queued; the receiver refuses the first attempt.
    let refusals = 1;
    receiver.respond = (d) => (d.path === '/browser' && refusals-- > 0 ? { status: 503 } : { status: 200 });
    const profiles = (await (await fetch(`${fixture.server.url}/api/automation/profiles`, { headers: { 'x-api-key': fixture.server.demo.automationKey } })).json()) as { data: { id: string }[] };
    await fetch(`${fixture.server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': fixture.server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'hook-1', profile_id: profiles.data[0]?.id, fields: { email: 'kim@startup.example', name: 'Kim Founder', company: 'Hook Co' } }),
    });
    const refused = await receiver.next((d) => d.path === '/browser' && d.rawBody.includes('"submission.queued"'));
    const event = WebhookReceiver.verify(secret, refused);
    await page.reload();
    await page.getByRole('link', { name: new RegExp(`attempt 1 of ${event.id}`) }).waitFor();
    expect(await page.getByRole('table', { name: 'Delivery attempts' }).textContent()).toContain('HTTP 503');

    // The retry (5 s later, on the schedule) appears by itself: the page is not reloaded, so what
    // the reader was doing on it (a choice in a form) is still there.
    await page.getByLabel('Event type').selectOption('submission.completed');
    const retryLink = page.getByRole('link', { name: new RegExp(`attempt 2 of ${event.id}`) });
    await retryLink.waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('Event type').inputValue()).toBe('submission.completed');
    const first = await receiver.next((d) => d !== refused && d.headers['webhook-id'] === event.id);
    await page.screenshot({ path: join(SHOTS, 'workspace-webhook-deliveries.png'), fullPage: true });
    await checkAccessible(page);
    await retryLink.click();
    const requestHeaders = (await page.getByRole('table', { name: 'Request' }).textContent()) ?? '';
    expect(requestHeaders).toContain(event.id);
    expect(requestHeaders).toContain(String(first.headers['webhook-signature']));
    expect(await page.getByLabel('Request body, exactly as sent').textContent()).toBe(first.rawBody);
    expect(JSON.parse((await page.getByLabel('Request body', { exact: true }).textContent()) ?? '')).toEqual(JSON.parse(first.rawBody));
    expect(await page.getByLabel('Answer body').textContent()).toBe('ok');
    expect((await page.textContent('main')) ?? '').toContain('HTTP 200');
    await page.screenshot({ path: join(SHOTS, 'workspace-webhook-attempt.png'), fullPage: true });
    await checkAccessible(page);

    // Resent: a second delivery of the same event, with the same webhook-id, signed anew.
    await page.getByRole('button', { name: `Send this event again ${event.id}` }).click();
    expect(await page.getByRole('status').textContent()).toContain('with the same webhook-id');
    await receiver.next((d) => d.path === '/browser' && d !== first && d.headers['webhook-id'] === event.id);
    // Three arrivals with that webhook-id: the refused attempt, its retry and the resend.
    const same = receiver.deliveries.filter((d) => d.path === '/browser' && d.headers['webhook-id'] === event.id);
    expect(same).toHaveLength(3);
    expect(WebhookReceiver.verify(secret, same[2] as (typeof same)[number]).id).toBe(event.id);

    // A test event of a type the subscription takes (only those are offered), to this endpoint only, verified by standardwebhooks.
    expect(await page.getByLabel('Event type').locator('option').allTextContents()).toEqual(['submission.queued', 'submission.completed']);
    await page.getByLabel('Event type').selectOption('submission.completed');
    await page.getByRole('button', { name: 'Send test event' }).click();
    expect(await page.getByRole('status').textContent()).toContain('A test submission.completed event');
    const test = await receiver.next((d) => d.path === '/browser' && String(d.headers['webhook-id']).startsWith('evt_test_'));
    const testEvent = WebhookReceiver.verify(secret, test);
    expect(testEvent.type).toBe('submission.completed');
    expect(eventPayloadSchema('submission.completed', submissionDetailSchema).safeParse(testEvent).error?.issues ?? []).toEqual([]);
    await checkAccessible(page);

    // Disabled: nothing is sent, a resend is refused with a reason; enabled again; deleted.
    await page.getByRole('button', { name: 'Disable' }).click();
    expect(await page.getByRole('status').textContent()).toContain('disabled');
    await page.getByRole('button', { name: 'Send test event' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('The subscription is disabled');
    await page.goto(`${fixture.server.url}${subscriptionPath}`);
    await page.getByRole('button', { name: 'Enable' }).click();
    expect(await page.getByRole('status').textContent()).toContain('enabled');
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Delete the endpoint ${receiver.urlOf('/browser')}?`);
    const lost = (await page.textContent('main')) ?? '';
    expect(lost).toMatch(/\d+ pending deliver(y is|ies are) never sent/);
    expect(lost).toMatch(/Its delivery log \([1-9]\d* attempt\(s\)/);
    await checkAccessible(page);
    await page.getByRole('link', { name: 'No, keep the endpoint' }).click();
    expect(new URL(page.url()).pathname).toBe(subscriptionPath);
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('button', { name: 'Yes, delete the endpoint' }).click();
    expect(new URL(page.url()).pathname).toBe('/workspace/webhooks');
    expect(await page.getByRole('status').textContent()).toContain('was deleted');
    expect((await page.goto(`${fixture.server.url}${subscriptionPath}`))?.status()).toBe(404);
    await page.context().close();
  });
});
