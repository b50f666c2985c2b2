import type { Browser as Chromium, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITES, type InviteRecord } from '../assessments/index.js';
import { answersFrom, straightLine, workedExample } from '../psychometrics/index.js';
import { put } from '../store/store.js';
import { launchChromium, seriousViolations, signInWithChromium } from '../../testing/chromium.js';
import { completeInvite, startTestServer, type TestServer } from 'reference-server/testing';

/**
 * The people side of the workspace as an admin walks it: the results list with its filters and
 * the meaning of each score, a submission waiting for someone's assessment turned into an invite
 * for them, that invite's life in plain words (link created, opened, completed, expired,
 * withdrawn) with who made it, and every time in one format.
 */
let server: TestServer;
let browser: Chromium;
const UTC_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC \((just now|\d+ (min|h|days?) ago|in \d+ (min|h|days?))\)$/;

const submit = (email: string, fullName: string, answers: Record<string, number>) =>
  fetch(`${server.url}/api/v1/assessment/submit`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.developerKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, full_name: fullName, ...answers }),
  });

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  expect((await submit('high@results.example', 'Hana High', answersFrom((item) => (item.reversed ? 1 : 6)))).status).toBe(200);
  expect((await submit('flat@results.example', 'Finn Flat', straightLine(4))).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const rows = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row');
const main = async (page: Page) => (await page.textContent('main')) ?? '';
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Every `<time>` on the page reads `2026-11-27 14:05 UTC (3 min ago)` and names its moment exactly. */
async function expectOneTimeFormat(page: Page): Promise<void> {
  const times = page.locator('main time');
  expect(await times.count()).toBeGreaterThan(0);
  for (const time of await times.all()) {
    expect(await time.textContent()).toMatch(UTC_TIME);
    expect(await time.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  }
}

describe('results and invites in a real browser', { timeout: 240_000 }, () => {
  it('lists the results newest first, filters them, explains each score, and opens one', async () => {
    const page = await signInWithChromium(browser, server.url, server.demo.user.email, server.demo.user.password, '/workspace/results');
    const listed = await rows(page, 'Results').allTextContents();
    expect(listed.length).toBeGreaterThanOrEqual(4);
    expect(listed[1]).toContain('flat@results.example');
    expect(listed[2]).toContain('high@results.example');
    await expectOneTimeFormat(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The terms, a click away, each in a sentence, with the full model linked.
    await page.getByText('What the scores mean').click();
    const terms = page.locator('details.explain');
    for (const term of ['T', 'Percentile', 'Sten', 'Band', 'Response quality']) expect(await terms.locator('dt', { hasText: new RegExp(`^${term}$`) }).count()).toBe(1);
    expect(await terms.textContent()).toContain('review: a pattern suggests care is needed');
    expect(await terms.getByRole('link').getAttribute('href')).toBe('/workspace/results/scoring');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Composite band').selectOption('high');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(new URL(page.url()).searchParams.get('band')).toBe('high');
    const high = (await rows(page, 'Results').allTextContents()).slice(1);
    expect(high.some((row) => row.includes('high@results.example'))).toBe(true);
    expect(high.every((row) => row.includes('high'))).toBe(true);
    expect(high.some((row) => row.includes('flat@results.example'))).toBe(false);

    await page.getByLabel('Composite band').selectOption('');
    await page.getByLabel('Response quality').selectOption('invalid');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect((await rows(page, 'Results').allTextContents()).slice(1)).toEqual([expect.stringContaining('flat@results.example')]);

    await page.getByLabel('Response quality').selectOption('');
    await page.getByLabel('Submitted from (UTC)').fill(utcDay(1));
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await main(page)).toContain(`No result matches: submitted from ${utcDay(1)}.`);
    await page.getByLabel('Submitted from (UTC)').fill(utcDay(0));
    await page.getByLabel('Submitted until (UTC)').fill(utcDay(0));
    await page.getByRole('button', { name: 'Filter' }).click();
    // The two above and the demo organisation's seeded result, all submitted today.
    expect(await rows(page, 'Results').count()).toBe(4);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Clear the filters' }).click();
    await page.getByLabel("Participant's email").fill('HIGH@results.example');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('link', { name: 'Hana High' }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/workspace\/results\/res_/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Hana High');
    expect(await rows(page, 'Dimensions').count()).toBe(9);
    expect(await main(page)).toContain('Achievement drive');
    await expectOneTimeFormat(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('invites the person a submission waits for, and says what happened to the invite and who made it', async () => {
    const created = await fetch(`${server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'awaiting-1', profile_id: 'prf_preseed_founder', fields: { email: 'noor@startup.example', name: 'Noor Haddad', company: 'Waiting Co' } }),
    });
    const { submission_id: id } = (await created.json()) as { submission_id: string };
    const page = await signInWithChromium(browser, server.url, server.demo.user.email, server.demo.user.password, `/workspace/submissions/${id}`);
    // The page updates itself until the submission settles: awaiting the assessment.
    await page.getByRole('heading', { name: 'Waiting for an assessment' }).waitFor({ timeout: 60_000 });
    expect(await main(page)).toContain('The score is partial until Noor Haddad (noor@startup.example) completes the assessment');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Invite this person' }).click();
    expect(new URL(page.url()).pathname).toBe('/workspace/invites');
    expect(await page.getByLabel("Participant's email").inputValue()).toBe('noor@startup.example');
    expect(await page.getByLabel('Full name (optional)').inputValue()).toBe('Noor Haddad');
    await page.getByRole('button', { name: 'Create invite' }).click();
    const link = await page.getByLabel('Invite link').inputValue();
    expect(await main(page)).toContain('this service sends no email');
    await page.getByRole('link', { name: 'Back to invites' }).click();

    const row = () => rows(page, 'Invites').filter({ hasText: 'noor@startup.example' });
    expect(await row().textContent()).toContain('link created');
    expect(await row().textContent()).not.toContain('sent');
    expect(await row().textContent()).toContain(`by Dana Demo (${server.demo.user.email})`);
    await expectOneTimeFormat(page);

    await completeInvite(link, { q1: 'Noor Haddad', q2: 'founder', q3: '6-10', ...workedExample(), q132: '1', q137: true });
    await page.reload();
    expect(await row().textContent()).toContain('completed');
    // The person's result came in: the submission waiting for it is scored again, and the invite links to the result.
    await row().getByRole('link', { name: 'Result of noor@startup.example' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Noor Haddad');
    expect(await main(page)).toContain('invite');

    // Records from before the workspace kept who made an invite say so; an invite past its date reads expired.
    const old: InviteRecord = {
      id: 'inv_from_before',
      organizationId: server.demo.organizationId,
      email: 'old@before.example',
      fullName: null,
      benchmarkTagId: null,
      createdAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      expiresAt: new Date(Date.now() - 6 * 86_400_000).toISOString(),
      createdVia: 'workspace',
    };
    await server.ctx.db.write([put(INVITES, server.demo.organizationId, old)]);
    await page.goto(`${server.url}/workspace/invites`);
    const oldRow = (await rows(page, 'Invites').filter({ hasText: 'old@before.example' }).textContent()) ?? '';
    expect(oldRow).toContain('expired');
    expect(oldRow).toContain('in the workspace, before it recorded who');
    expect(oldRow).toContain('(20 days ago)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
