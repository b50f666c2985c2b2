import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as Chromium, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RESULT_EMAIL } from '../assessment/seed.js';
import { operate } from '../cli.js';
import { fitsWidth, launchChromium, NARROW_VIEWPORT, seriousViolations } from '../../testing/chromium.js';
import { startTestServer, type TestServer } from 'reference-server/testing';

/**
 * The workspace as its people use it, in Debian's headless Chromium: signing in through the
 * shared investor login, issuing and revoking an automation key, giving a fresh organisation a
 * profile and submitting into it over the API, and a member refused the admin pages. Each page
 * is scanned with axe-core and checked at 320 px. Screenshots land in SCREENSHOT_DIR (default the
 * temp dir); docs/workspace.md shows the ones taken this way.
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();

let server: TestServer;
let browser: Chromium;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function signIn(email: string, password: string, path = '/workspace'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  expect(new URL(page.url()).pathname).toBe('/api/oauth/sign-in');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/workspace'));
  return page;
}

/** No serious or critical axe violation, and no horizontal scrolling at 320 px. */
async function checkAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  const wide = page.viewportSize();
  await page.setViewportSize(NARROW_VIEWPORT);
  expect(await fitsWidth(page)).toBe(true);
  if (wide) await page.setViewportSize(wide);
}

const me = (key: string) => fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': key } });

async function newOrganization(name: string, admin: string, member?: string) {
  const org = (await operate(server.dataDir, 'org.create', { name })) as { id: string };
  const password = 'correct horse battery staple';
  await operate(server.dataDir, 'user.create', { orgId: org.id, email: admin, name: 'Ada Admin', password, role: 'admin' });
  if (member) await operate(server.dataDir, 'user.create', { orgId: org.id, email: member, name: 'Max Member', password, role: 'member' });
  return { orgId: org.id, password };
}

// Each walk drives a real browser through several pages and scans each: minutes on a loaded machine.
describe('the workspace in a real browser', { timeout: 180_000 }, () => {
  it('signs in with the investor login and shows the organisation without any secret', async () => {
    const page = await signIn(server.demo.user.email, server.demo.user.password);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(server.demo.organizationName);
    const text = (await page.textContent('main')) ?? '';
    expect(text).toContain(server.demo.user.email);
    expect(text).toContain(`${server.url}/api/automation/me`);
    for (const secret of [server.demo.automationKey, server.demo.developerKey, server.demo.partnerCredential]) expect(text).not.toContain(secret);
    await page.screenshot({ path: join(SHOTS, 'workspace-overview.png'), fullPage: true });
    await checkAccessible(page);
    await page.context().close();
  });

  it('creates an automation key shown once, which the Automation API accepts until it is revoked', async () => {
    const page = await signIn(server.demo.user.email, server.demo.user.password, '/workspace/keys');
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Create key' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Enter a label for the key');
    await checkAccessible(page);

    await page.getByLabel('Label').fill('Zapier – deal flow');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByLabel('Automation key').inputValue();
    expect(secret).toMatch(/^pis_auto_/);
    await page.screenshot({ path: join(SHOTS, 'workspace-key-created.png'), fullPage: true });
    await checkAccessible(page);
    const answer = await me(secret);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ user: server.demo.user.email, orgName: server.demo.organizationName });

    // Shown once: the list and the overview carry only its first characters.
    await page.getByRole('link', { name: 'Back to automation keys' }).click();
    expect((await page.textContent('main')) ?? '').not.toContain(secret);
    await page.getByRole('link', { name: 'Overview' }).click();
    expect((await page.textContent('main')) ?? '').not.toContain(secret);

    await page.getByRole('link', { name: 'Automation keys' }).click();
    await page.getByRole('button', { name: 'Revoke Zapier – deal flow' }).click();
    expect(await page.getByRole('status').textContent()).toContain('was revoked');
    expect((await me(secret)).status).toBe(401);
    expect((await me(server.demo.automationKey)).status).toBe(200);
    await page.context().close();
  });

  it('gives a fresh organisation a profile it can then submit into over the API', async () => {
    const { orgId, password } = await newOrganization('Fresh Capital', 'ada@fresh.example');
    const key = (await operate(server.dataDir, 'key.create', { orgId, kind: 'automation' })) as { secret: string };
    const profilesBefore = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': key.secret } })).json()) as { data: unknown[] };
    expect(profilesBefore.data).toEqual([]);

    const page = await signIn('ada@fresh.example', password, '/workspace/profiles');
    await page.getByRole('link', { name: 'Create a profile' }).click();
    await page.getByLabel('Criteria (JSON)').fill('[{"key": "traction"}]');
    await page.getByRole('button', { name: 'Create profile' }).click();
    const problems = (await page.getByRole('alert').textContent()) ?? '';
    expect(problems).toContain('Enter a name for the profile');
    expect(problems).toContain('Criteria (item 1');
    await checkAccessible(page);

    await page.getByLabel('Name').fill('Seed founders');
    await page.getByLabel('Criteria (JSON)').fill(
      JSON.stringify([{ key: 'team', label: 'Team', description: 'Has a CTO.', weight: 2, rule: { type: 'field_present', field: 'cto' } }]),
    );
    await page.getByRole('button', { name: 'Create profile' }).click();
    const notice = (await page.getByRole('status').textContent()) ?? '';
    const profileId = /ID (prf_\S+)\./.exec(notice)?.[1];
    expect(profileId).toBeDefined();
    await page.screenshot({ path: join(SHOTS, 'workspace-profiles.png'), fullPage: true });
    await checkAccessible(page);

    const created = await fetch(`${server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'crm-1', profile_id: profileId, fields: { email: 'founder@fresh.example', name: 'Fay Founder', cto: 'yes' } }),
    });
    expect(created.status).toBe(202);
    expect(await created.json()).toMatchObject({ status: 'queued' });

    // Archived: out of the list, and new submissions into it are refused.
    await page.getByRole('link', { name: 'Seed founders' }).click();
    await page.getByRole('button', { name: 'Archive profile' }).click();
    expect(await page.getByRole('status').textContent()).toContain('archived');
    const after = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': key.secret } })).json()) as { data: unknown[] };
    expect(after.data).toEqual([]);
    const refused = await fetch(`${server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'crm-2', profile_id: profileId, fields: { email: 'b@fresh.example', name: 'B' } }),
    });
    expect(refused.status).toBe(400);
    await page.context().close();
  });

  it('lists submissions with the API filters, shows one scored in full, and finds a result by email', async () => {
    const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as { data: { id: string; name: string }[] };
    const profile = profiles.data[0] as { id: string; name: string };
    const created = await fetch(`${server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'browser-1', profile_id: profile.id, fields: { email: 'lee@startup.example', name: 'Lee Founder', company: 'Startup' } }),
    });
    const submissionId = ((await created.json()) as { job_id: string }).job_id.replace(/^job_/, 'sub_');

    const page = await signIn(server.demo.user.email, server.demo.user.password, '/workspace/submissions');
    await page.getByLabel('Record ID').fill('browser-1');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(new URL(page.url()).searchParams.get('record_id')).toBe('browser-1');
    const rows = page.getByRole('table', { name: 'Submissions' }).getByRole('row');
    expect(await rows.count()).toBe(2);
    await checkAccessible(page);

    // The detail page reloads itself (no script) until processing settles, then shows the evaluation.
    await page.getByRole('link', { name: 'browser-1' }).click();
    expect(new URL(page.url()).pathname).toBe(`/workspace/submissions/${submissionId}`);
    await page.getByRole('heading', { name: 'Score' }).waitFor({ timeout: 60_000 });
    const main = (await page.textContent('main')) ?? '';
    expect(main).toContain(profile.name);
    expect(main).toContain('Lee Founder');
    expect(await page.getByRole('table', { name: 'Criteria' }).getByRole('row').count()).toBeGreaterThan(1);
    await page.screenshot({ path: join(SHOTS, 'workspace-submission.png'), fullPage: true });
    await checkAccessible(page);

    await page.getByRole('link', { name: 'Assessment results' }).click();
    await page.getByLabel("Participant's email").fill(DEMO_RESULT_EMAIL);
    await page.getByRole('button', { name: 'Find result' }).click();
    expect(await page.getByRole('table', { name: 'Dimensions' }).getByRole('row').count()).toBeGreaterThan(5);
    await checkAccessible(page);
    await page.context().close();
  });

  it('sets a 503 fault that an API call meets, and clears it with one click', async () => {
    const page = await signIn(server.demo.user.email, server.demo.user.password, '/workspace/developer-tools');
    expect((await page.textContent('main')) ?? '').toContain('No faults are set');
    await checkAccessible(page);
    await page.getByLabel('Or for a number of minutes').fill('0');
    await page.getByRole('button', { name: 'Set fault' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Enter a number of minutes from 1 to 1440');

    await page.getByLabel('Or for a number of minutes').fill('');
    await page.getByLabel('503 Service Unavailable, with Retry-After').check();
    await page.getByLabel('For the next number of requests').fill('5');
    await page.getByLabel('Retry-After, in seconds').fill('3');
    await page.getByRole('button', { name: 'Set fault' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Fault 503 set on the automation API');
    expect(await page.getByRole('table', { name: 'Faults in force' }).textContent()).toContain('5 more request(s)');
    await page.screenshot({ path: join(SHOTS, 'workspace-developer-tools.png'), fullPage: true });
    await checkAccessible(page);

    const faulted = await me(server.demo.automationKey);
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('retry-after')).toBe('3');
    await page.reload();
    expect(await page.getByRole('table', { name: 'Faults in force' }).textContent()).toContain('4 more request(s)');

    await page.getByRole('button', { name: 'Clear all faults' }).click();
    expect(await page.getByRole('status').textContent()).toContain('1 fault(s) cleared');
    expect((await me(server.demo.automationKey)).status).toBe(200);
    await page.context().close();
  });

  it('refuses a member the admin pages and their forms', async () => {
    const { orgId, password } = await newOrganization('Member Ventures', 'admin@member.example', 'max@member.example');
    const page = await signIn('max@member.example', password);
    const nav = (await page.getByRole('navigation', { name: 'Workspace' }).textContent()) ?? '';
    expect(nav).not.toContain('Automation keys');
    for (const path of ['/workspace/keys', '/workspace/profiles', '/workspace/profiles/new', '/workspace/developer-tools']) {
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.status()).toBe(403);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Only an administrator can do this');
    }
    await checkAccessible(page);

    // A member's own valid form token does not get a key issued either.
    await page.goto(`${server.url}/workspace`);
    const token = await page.locator('input[name="_csrf"]').first().inputValue();
    const posted = await page.request.post(`${server.url}/workspace/keys`, { form: { _csrf: token, label: 'sneaky' } });
    expect(posted.status()).toBe(403);
    const fault = await page.request.post(`${server.url}/workspace/developer-tools/faults`, { form: { _csrf: token, surface: 'automation', kind: '503', count: '1' } });
    expect(fault.status()).toBe(403);
    expect(await operate(server.dataDir, 'fault.list', { orgId })).toEqual([]);
    const keys = (await operate(server.dataDir, 'key.list', { orgId })) as { label: string }[];
    expect(keys.map((k) => k.label)).not.toContain('sneaky');
    await page.context().close();
  });
});
