import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsWidth, launchChromium, NARROW_VIEWPORT, seriousViolations } from '../../../testing/chromium.js';
import { startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { publicResultSchema } from '../assessment-response-schemas.js';

/**
 * A participant in Debian's Chromium, at 320 px, with the keyboard only: opens the invite link,
 * answers every section, reloads halfway, tries to finish with a required statement unanswered,
 * fixes it from the error summary and finishes. Every page is scanned with axe-core and checked
 * for horizontal scrolling; screenshots land in SCREENSHOT_DIR (default the temp dir).
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();
const answerOf = (id: string) => ((Number(id.slice(1)) * 7) % 6) + 1;
const SKIPPED = 'q100';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: WebhookReceiver;
let secret: string;
let invite: { id: string; url: string };
const blocked: string[] = [];

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api/v1${path}`, { ...init, headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'application/json' } });

beforeAll(async () => {
  server = await startTestServer();
  receiver = await new WebhookReceiver().start();
  secret = ((await (await api('/webhooks', { method: 'POST', body: JSON.stringify({ url: receiver.url, events: ['assessment.completed'] }) })).json()) as { secret: string }).secret;
  await api('/assessment/invite-settings', { method: 'PUT', body: JSON.stringify({ show_participant_summary: true }) });
  invite = (await (await api('/assessment/invites', { method: 'POST', body: JSON.stringify({ email: 'kim.keys@example.com', full_name: 'Kim Keys', benchmark_tag_id: 'bt_fintech' }) })).json()) as typeof invite;
  browser = await launchChromium();
  context = await browser.newContext({ viewport: NARROW_VIEWPORT });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy|Refused/i.test(message.text())) blocked.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await receiver?.stop();
  await server?.dispose();
});

/** Scans the page: no serious or critical axe violation, no horizontal scrolling at 320 px, a screenshot. */
async function check(name: string): Promise<void> {
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await fitsWidth(page), `${name} fits 320 px`).toBe(true);
  await page.screenshot({ path: join(SHOTS, `invite-${name}.png`), fullPage: true });
}

const focused = (): Promise<string> =>
  page.evaluate('(() => { const e = document.activeElement; return e ? (e.getAttribute("name") || "") + "|" + (e.textContent || "").trim() : ""; })()') as Promise<string>;

/** Presses Tab until the focused element's name or text matches. */
async function tabTo(pattern: RegExp): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    if (pattern.test(await focused())) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${pattern}; focus is on ${await focused()}`);
}

const statementIds = () => page.evaluate('Array.from(document.querySelectorAll(".scale input[value=\\"1\\"]")).map((e) => e.name)') as Promise<string[]>;

/** Types each statement's answer as a digit (the page script moves on to the next); Tab skips one. */
async function answerStatements(skip?: string): Promise<string[]> {
  const ids = await statementIds();
  await tabTo(new RegExp(`^${ids[0]}\\|`));
  for (const id of ids) await page.keyboard.press(id === skip ? 'Tab' : String(answerOf(id)));
  return ids;
}

async function submitWithEnter(expectedPath: RegExp): Promise<void> {
  await Promise.all([page.waitForURL(expectedPath), page.keyboard.press('Enter')]);
}

describe('a participant completes an invite with the keyboard', () => {
  it('welcome page', async () => {
    await page.goto(invite.url);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your assessment');
    expect(await page.textContent('main')).toContain('kim.keys@example.com');
    // The time it takes, said up front; not "short" (it is 127 statements).
    expect(await page.textContent('main')).toContain('It takes about 20 to 25 minutes.');
    expect(await page.textContent('main')).not.toMatch(/\bshort\b/);
    await check('welcome');
    await tabTo(/\|Start now$/);
    await submitWithEnter(/\/section\/1$/);
  });

  it('about you: the name comes pre-filled, the email is fixed', async () => {
    expect(await page.getByLabel('Your full name').inputValue()).toBe('Kim Keys');
    expect(await page.textContent('main')).toContain('kim.keys@example.com');
    await check('section-about-you');
    await tabTo(/^q2\|/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.isChecked('#q2-1')).toBe(true);
    expect(await page.isChecked('#q3-3')).toBe(true);
    await submitWithEnter(/\/section\/2$/);
  });

  it('answers the statements section by section, and finds them kept after a reload halfway', async () => {
    await check('section-statements');
    for (let section = 2; section <= 5; section += 1) {
      await answerStatements();
      await submitWithEnter(new RegExp(`/section/${section + 1}$`));
    }
    // Halfway through part 5: three answers typed, saved in the background, then the page reloads.
    const ids = await statementIds();
    await tabTo(new RegExp(`^${ids[0]}\\|`));
    for (const id of ids.slice(0, 3)) await page.keyboard.press(String(answerOf(id)));
    await page.getByText('Your answers are saved.').waitFor();
    await page.reload();
    for (const id of ids.slice(0, 3)) expect(await page.isChecked(`#${id}-${answerOf(id)}`), id).toBe(true);
    expect(await page.isChecked(`#${ids[3]}-${answerOf(ids[3] as string)}`)).toBe(false);
    expect(await page.textContent('.progress')).toContain('Section 6 of 10. 68 of 128 required answers given.');
    // And a section sent earlier is still there when the participant goes back to it.
    await tabTo(/^go\|Previous$/);
    await submitWithEnter(/\/section\/5$/);
    for (const id of await statementIds()) expect(await page.isChecked(`#${id}-${answerOf(id)}`), id).toBe(true);
    await tabTo(/^go\|Save and continue$/);
    await submitWithEnter(/\/section\/6$/);

    for (let section = 6; section <= 9; section += 1) {
      await answerStatements(SKIPPED);
      await submitWithEnter(new RegExp(`/section/${section + 1}$`));
      if (section === 7) {
        // Section 7 was saved with statement 96 (q100) empty: the next page says so, and links back to it.
        expect(await page.locator('#unanswered-note').textContent()).toContain('You left statement 96 unanswered');
        expect(await page.locator('#unanswered-note a').getAttribute('href')).toMatch(/\/section\/7\?check=1#q100$/);
        await check('section-after-unanswered');
      }
    }
    // Eight sections of keystrokes and page loads: about 30 s on a loaded two-core machine.
  }, 180_000);

  it('about your venture: optional questions, then the check page', async () => {
    await check('section-closing');
    await tabTo(/^q132\|/);
    await page.keyboard.press('ArrowDown');
    await tabTo(/^q139\|/);
    await page.keyboard.type('Part-time until March.');
    await tabTo(/^go\|Save and check your answers$/);
    await submitWithEnter(/\/review$/);
    await check('review');
  });

  it('"Change" on Check your answers opens the section, and Save goes back to Check your answers', async () => {
    await tabTo(/\|Change About you$/);
    await submitWithEnter(/\/section\/1\?return=review$/);
    await check('section-change');
    await tabTo(/^q3\|/);
    await page.keyboard.press('ArrowDown');
    expect(await page.isChecked('#q3-4')).toBe(true);
    await tabTo(/^go\|Save and go back to check your answers$/);
    await submitWithEnter(/\/review$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your answers');
    // Put back as it was, the same way: the result is compared with an API submit below.
    await tabTo(/\|Change About you$/);
    await submitWithEnter(/\/section\/1\?return=review$/);
    expect(await page.isChecked('#q3-4')).toBe(true);
    await tabTo(/^q3\|/);
    await page.keyboard.press('ArrowUp');
    expect(await page.isChecked('#q3-3')).toBe(true);
    await tabTo(/^go\|Save and go back to check your answers$/);
    await submitWithEnter(/\/review$/);
  });

  it('refuses to finish with a required statement unanswered, saying so in the participant’s words', async () => {
    await tabTo(/\|Finish and send$/);
    await submitWithEnter(/\/review$/);
    const alert = page.getByRole('alert');
    const text = await alert.textContent();
    expect(text).toContain('Answer this question before you send your answers.');
    expect(text).toContain('Choose how well statement 96 describes you');
    // The API's message (field ids) is for API clients only.
    expect(text).not.toContain('cannot be scored');
    expect(text).not.toContain(SKIPPED);
    expect(await page.title()).toMatch(/^Error: /);
    expect(await page.evaluate('document.activeElement.className')).toBe('error-summary');
    await check('review-with-error');

    await page.keyboard.press('Tab');
    await submitWithEnter(/\/section\/7\?check=1&return=review#q100$/);
    expect(await page.locator('#q100-error').textContent()).toContain('Choose how well statement 96 describes you');
    // The number the message cites is printed beside the statement.
    expect(await page.locator('#q100 legend .statement-number').isVisible()).toBe(true);
    expect(await page.locator('#q100 legend').textContent()).toMatch(/^Statement 96\. /);
    await check('section-with-error');
    await tabTo(new RegExp(`^${SKIPPED}\\|`));
    await page.keyboard.press(String(answerOf(SKIPPED)));
    await page.getByText('Your answers are saved.').waitFor();
    // Reached from Check your answers, so Save goes back there.
    await tabTo(/^go\|Save and go back to check your answers$/);
    await submitWithEnter(/\/review$/);
    expect(await page.textContent('main')).toContain('128 of 128 required answers given.');
  });

  it('finishes, shows the confirmation with the plain summary, and the result is the API’s', async () => {
    await page.goto(`${invite.url}/review`);
    await tabTo(/\|Finish and send$/);
    await submitWithEnter(/\/done$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Assessment complete');
    expect(await page.textContent('main')).toContain('Your summary');
    expect(await page.getByRole('heading', { name: 'What happens next' }).count()).toBe(1);
    expect(await page.textContent('main')).toContain('This link no longer works.');
    await check('done');

    const view = (await (await api(`/assessment/invites/${invite.id}`)).json()) as { status: string; result_id: string };
    expect(view.status).toBe('completed');
    const viaInvite = publicResultSchema.parse(((await (await api(`/assessment/results?result_id=${view.result_id}`)).json()) as { result: unknown }).result);
    const answers = Object.fromEntries(Array.from({ length: 127 }, (_, i) => [`q${i + 5}`, answerOf(`q${i + 5}`)]));
    const submitted = (await (
      await api('/assessment/submit', {
        method: 'POST',
        body: JSON.stringify({ email: 'kim.api@example.com', full_name: 'Kim Keys', benchmark_tag_id: 'bt_fintech', q2: 'founder', q3: '6-10', q132: '1', q139: 'Part-time until March.', ...answers }),
      })
    ).json()) as { responseId: string; scores: unknown };
    expect(viaInvite.scores).toEqual(submitted.scores);
    expect(viaInvite.answers).toEqual(answers);
    expect(viaInvite.context).toEqual({ q2: 'founder', q3: '6-10', q132: '1', q139: 'Part-time until March.' });
    expect(viaInvite).toMatchObject({ source: 'invite', fullName: 'Kim Keys', email: 'kim.keys@example.com', benchmarkApplied: true });

    await receiver.waitFor(1);
    const delivery = receiver.deliveries.find((d) => d.rawBody.includes(view.result_id));
    const event = new Webhook(secret).verify(delivery?.rawBody ?? '', delivery?.headers as Record<string, string>) as { type: string; data: { source: string; result_id: string } };
    expect(event).toMatchObject({ type: 'assessment.completed', data: { result_id: view.result_id, source: 'invite' } });
  });

  it('finishing with nothing answered: one summary with the count and a link per section, at 390 and 320 px', async () => {
    const empty = (await (await api('/assessment/invites', { method: 'POST', body: JSON.stringify({ email: 'gaps@example.com', full_name: 'Gap Gaps' }) })).json()) as { url: string };
    await page.goto(empty.url);
    // One count everywhere: the welcome page's, and the numbers printed beside the statements.
    expect(await page.textContent('main')).toContain('You will rate 127 statements');
    await page.goto(`${empty.url}/section/9`);
    const numbers = (await page.locator('legend .statement-number').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
    expect(numbers.at(-1)).toBe(127);
    expect(numbers[0]).toBe(113);
    await page.goto(`${empty.url}/review`);
    await tabTo(/\|Finish and send$/);
    await submitWithEnter(/\/review$/);
    const alert = page.getByRole('alert');
    expect(await alert.locator('p').textContent()).toBe('You have 127 statements unanswered. Answer them before you send your answers.');
    // A link per statement section (eight), each to its first gap, not 127 identical sentences.
    const links = alert.getByRole('link');
    expect(await links.count()).toBe(8);
    expect(await links.first().textContent()).toBe('Statements, part 1 of 8: 16 statements unanswered, the first is statement 1');
    expect(await links.last().textContent()).toBe('Statements, part 8 of 8: 15 statements unanswered, the first is statement 113');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      // The summary fits on a phone's screen or two, not a 7,829 px list.
      expect((await alert.boundingBox())?.height, `summary at ${width} px`).toBeLessThan(1200);
      await check(`review-with-gaps-${width}`);
    }
    await page.setViewportSize(NARROW_VIEWPORT);
    await links.last().click();
    await page.waitForURL(/\/section\/9\?check=1&return=review#q117$/);
    expect(await page.locator('#q117-error').textContent()).toContain('Choose how well statement 113 describes you');
  });

  it('used, withdrawn and unknown links each get a clear, accessible page', async () => {
    await page.goto(invite.url);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('You have already completed this assessment');
    await check('used');
    const revoked = (await (await api('/assessment/invites', { method: 'POST', body: JSON.stringify({ email: 'gone@example.com' }) })).json()) as { id: string; url: string };
    await api(`/assessment/invites/${revoked.id}`, { method: 'DELETE' });
    await page.goto(revoked.url);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This invitation has been withdrawn');
    await check('revoked');
    await page.goto(`${server.url}/invite/pis_inv_notarealtoken`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link is not recognised');
    await check('unknown');
    expect(blocked).toEqual([]);
  });
});
