import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as Chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../../cli.js';
import { checkAccessible, launchChromium, signInWithChromium } from '../../../testing/chromium.js';
import { startTestServer, type TestServer } from 'reference-server/testing';

/**
 * The profile builder in Chromium, as an admin who is not a developer uses it: criteria as form
 * rows added and removed without script, plain-language errors beside the fields and in the
 * summary; then the same profile written as JSON by a developer. Both records, read back through
 * the Automation API, are equal.
 */
/** Screenshots for docs/workspace.md land here (default the temp dir). */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();
let server: TestServer;
let browser: Chromium;
let orgId: string;
let key: string;
const admin = { email: 'ada@builder.example', password: 'correct horse battery staple' };

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  orgId = ((await operate(server.sandbox, 'org.create', { name: 'Builder Capital' })) as { id: string }).id;
  await operate(server.sandbox, 'user.create', { orgId, email: admin.email, name: 'Ada Admin', password: admin.password, role: 'admin' });
  key = ((await operate(server.sandbox, 'key.create', { orgId, kind: 'automation' })) as { secret: string }).secret;
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const profiles = async () =>
  ((await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': key } })).json()) as { data: Record<string, unknown>[] }).data.map(
    ({ id: _id, created_at: _created, ...record }) => record,
  );

describe('the profile builder in a real browser', { timeout: 180_000 }, () => {
  it('builds a profile with form rows and the same one as JSON, and both records are equal', async () => {
    const page = await signInWithChromium(browser, server.url, admin.email, admin.password, '/workspace/profiles/new');
    await page.locator('#name').fill('Seed founders');

    // A second row, left without a rule type and with a weight that is not a number.
    await page.getByRole('button', { name: 'Add criterion' }).click();
    await page.locator('#c2_label').fill('Stage');
    await page.locator('#c2_weight').fill('a lot');
    await page.getByRole('button', { name: 'Create profile' }).click();
    const summary = page.getByRole('alert');
    expect(await summary.textContent()).toContain('Choose a rule type for criterion 2');
    expect(await summary.textContent()).toContain('Weight must be a number between 0 and 100 (more than 0) for criterion 2');
    expect(await page.locator('#c2_type-error').textContent()).toContain('Choose a rule type for criterion 2');
    // The summary's link goes to the field.
    expect(await summary.getByRole('link', { name: 'Choose a rule type for criterion 2' }).getAttribute('href')).toBe('#c2_type');
    await page.screenshot({ path: join(SHOTS, 'workspace-profile-builder.png'), fullPage: true });
    await checkAccessible(page);

    // Choose the rule, ask for its fields, fill them; a third row added then removed changes nothing.
    await page.locator('#c2_type').selectOption('field_in');
    await page.getByRole('button', { name: 'Show this rule’s fields for criterion 2' }).click();
    await page.locator('#c2_weight').fill('2');
    await page.locator('#c2_field').fill('stage');
    await page.locator('#c2_values').fill('seed, series a');
    await page.getByRole('button', { name: 'Add criterion' }).click();
    expect(await page.locator('#c3_label').count()).toBe(1);
    await page.getByRole('button', { name: 'Remove criterion 3' }).click();
    expect(await page.locator('#c3_label').count()).toBe(0);
    expect(await page.locator('#c2_values').inputValue()).toBe('seed, series a');
    await checkAccessible(page);
    // To JSON and back: what was typed comes along both ways.
    await page.getByRole('button', { name: 'Edit as JSON' }).click();
    const asJson = JSON.parse(await page.getByLabel('Criteria (JSON)').inputValue()) as { rule: unknown }[];
    expect(asJson[1]?.rule).toEqual({ type: 'field_in', field: 'stage', values: ['seed', 'series a'] });
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Edit with the form' }).click();
    expect(await page.locator('#c2_values').inputValue()).toBe('seed, series a');
    expect(await page.locator('#name').inputValue()).toBe('Seed founders');
    await page.getByRole('button', { name: 'Create profile' }).click();
    expect(await page.getByRole('status').textContent()).toMatch(/Profile “Seed founders” created with ID prf_/);

    // The developer's way: the same profile as JSON.
    await page.getByRole('link', { name: 'Create a profile' }).click();
    await page.getByRole('button', { name: 'Edit as JSON' }).click();
    await page.locator('#name').fill('Seed founders');
    await page.getByLabel('Criteria (JSON)').fill(
      JSON.stringify([
        { key: 'traction', label: 'Traction', description: 'Monthly revenue against the target.', weight: 1, rule: { type: 'number_at_least', field: 'mrr', target: 50000 } },
        { key: 'stage', label: 'Stage', description: '', weight: 2, rule: { type: 'field_in', field: 'stage', values: ['seed', 'series a'] } },
      ]),
    );
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Create profile' }).click();
    expect(await page.getByRole('status').textContent()).toContain('created with ID');

    const [built, written] = await profiles();
    expect(built).toBeDefined();
    expect(written).toEqual(built);
    expect(built).toMatchObject({ name: 'Seed founders', kind: 'founder', required_fields: ['email', 'name'] });

    // Opened again, the form shows the saved rows.
    await page.getByRole('link', { name: 'Seed founders' }).first().click();
    expect(await page.locator('#c2_values').inputValue()).toBe('seed, series a');
    expect(await page.locator('#c1_target').inputValue()).toBe('50000');
    await page.context().close();
  });

  it('adds, fills and removes rows without script: the rows are the form’s own state', async () => {
    const page = await signInWithChromium(browser, server.url, admin.email, admin.password, '/workspace/profiles/new', { script: false });
    await page.getByRole('button', { name: 'Add criterion' }).click();
    await page.locator('#c2_type').selectOption('keywords');
    await page.getByRole('button', { name: 'Show this rule’s fields for criterion 2' }).click();
    expect(await page.getByRole('group', { name: 'Where to look' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Remove criterion 1' }).click();
    expect(await page.locator('#c1_type').inputValue()).toBe('keywords');
    expect(await page.locator('#c2_label').count()).toBe(0);
    await page.context().close();
  });

  it('keeps your place: Add, Remove and “Show this rule’s fields” come back to the changed criterion with the focus on it, by keyboard', async () => {
    const page = await signInWithChromium(browser, server.url, admin.email, admin.password, '/workspace/profiles/new');
    // Where the answer landed: the URL's fragment, what has the focus, and whether it is on screen.
    const place = async () => ({
      hash: new URL(page.url()).hash,
      focused: (await page.evaluate('document.activeElement && document.activeElement.id')) as string,
      // Its top on screen (a fieldset can be taller than the window; a fragment's scroll leaves a fraction of a pixel).
      onScreen: (await page.evaluate('(() => { const r = document.activeElement.getBoundingClientRect(); return r.top > -1 && r.top < window.innerHeight; })()')) as boolean,
    });
    const press = async (name: string) => {
      await page.getByRole('button', { name }).focus();
      // The form's answer is a new document at the same path: wait for it, loaded (its script has run).
      const answered = page.waitForEvent('load');
      await page.keyboard.press('Enter');
      await answered;
    };

    await press('Add criterion');
    expect(await place()).toEqual({ hash: '#criterion-2', focused: 'c2_label', onScreen: true });
    await page.keyboard.type('Stage');
    await page.locator('#c2_type').selectOption('keywords');
    await press('Show this rule’s fields for criterion 2');
    expect(await place()).toEqual({ hash: '#criterion-2', focused: 'c2_in-1', onScreen: true });
    expect(await page.locator('#c2_label').inputValue()).toBe('Stage');
    await checkAccessible(page);

    await press('Add criterion');
    expect(await place()).toEqual({ hash: '#criterion-3', focused: 'c3_label', onScreen: true });
    await press('Remove criterion 2');
    // The row that took criterion 2's place has the focus (its fieldset: the legend is read first).
    expect(await place()).toEqual({ hash: '#criterion-2', focused: 'criterion-2', onScreen: true });
    expect(await page.locator('#c2_label').inputValue()).toBe('');
    await press('Remove criterion 2');
    expect(await place()).toEqual({ hash: '#criterion-1', focused: 'criterion-1', onScreen: true });
    await checkAccessible(page);

    // JSON: monospaced, as tall as its text (no scrolling inside the box), and the docs it names a link away.
    await press('Edit as JSON');
    expect(await place()).toMatchObject({ hash: '#criteria', focused: 'criteria' });
    expect(await page.evaluate('getComputedStyle(document.getElementById("criteria")).fontFamily')).toMatch(/monospace/);
    expect(await page.evaluate('(() => { const box = document.getElementById("criteria"); return box.scrollHeight <= box.clientHeight; })()')).toBe(true);
    await checkAccessible(page);
    await page.getByRole('link', { name: 'how profiles score submissions' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/workspace/profiles/scoring');
    expect(await page.getByRole('heading', { level: 2, name: /Keywords appear/ }).count()).toBe(1);
    await checkAccessible(page);
    await page.context().close();
  });

  it('without script, the fragment alone brings the page back to the changed criterion', async () => {
    const page = await signInWithChromium(browser, server.url, admin.email, admin.password, '/workspace/profiles/new', { script: false });
    await page.getByRole('button', { name: 'Add criterion' }).click();
    expect(new URL(page.url()).hash).toBe('#criterion-2');
    expect(await page.evaluate('(() => { const r = document.getElementById("criterion-2").getBoundingClientRect(); return r.top > -1 && r.top < window.innerHeight; })()')).toBe(true);
    await page.context().close();
  });
});
