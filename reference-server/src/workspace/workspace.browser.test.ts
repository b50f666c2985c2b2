import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_RESULT_EMAIL } from '../assessments/index.js';
import { operate } from '../cli.js';
import { browserFixture } from '../../testing/browser-fixture.js';
import { checkAccessible, signInWithChromium } from '../../testing/chromium.js';

/**
 * The workspace as its people use it, in Debian's headless Chromium: signing in through the
 * shared investor login, issuing and revoking an automation key, giving a fresh organisation a
 * profile and submitting into it over the API, and a member refused the admin pages. Each page
 * is scanned with axe-core and checked at 320 px. Screenshots land in SCREENSHOT_DIR (default the
 * temp dir); docs/workspace.md shows the ones taken this way.
 */
const SHOTS = process.env['SCREENSHOT_DIR'] ?? tmpdir();

const fixture = browserFixture();
const { receiver } = fixture;

const signIn = (email: string, password: string, path = '/workspace'): Promise<Page> => signInWithChromium(fixture.browser, fixture.server.url, email, password, path);

/** The error summary names each problem, and the page showing them stays accessible. */
async function expectProblems(page: Page, ...problems: string[]): Promise<void> {
  const summary = (await page.getByRole('alert').textContent()) ?? '';
  for (const problem of problems) expect(summary).toContain(problem);
  await checkAccessible(page);
}

const me = (key: string) => fetch(`${fixture.server.url}/api/automation/me`, { headers: { 'x-api-key': key } });

async function newOrganization(name: string, admin: string, member?: string) {
  const org = (await operate(fixture.server.sandbox, 'org.create', { name })) as { id: string };
  const password = 'correct horse battery staple';
  await operate(fixture.server.sandbox, 'user.create', { orgId: org.id, email: admin, name: 'Ada Admin', password, role: 'admin' });
  if (member) await operate(fixture.server.sandbox, 'user.create', { orgId: org.id, email: member, name: 'Max Member', password, role: 'member' });
  return { orgId: org.id, password };
}

// Each walk drives a real browser through several pages and scans each: minutes on a loaded machine.
describe('the workspace in a real browser', { timeout: 180_000 }, () => {
  it('signs in with the investor login and shows the organisation without any secret', async () => {
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(fixture.server.demo.organizationName);
    const text = (await page.textContent('main')) ?? '';
    expect(text).toContain(fixture.server.demo.user.email);
    expect(text).toContain(`${fixture.server.url}/api/automation/me`);
    for (const secret of [fixture.server.demo.automationKey, fixture.server.demo.developerKey, fixture.server.demo.partnerCredential]) expect(text).not.toContain(secret);
    await page.screenshot({ path: join(SHOTS, 'workspace-overview.png'), fullPage: true });
    await checkAccessible(page);
    await page.context().close();
  });

  it('creates an automation key shown once, which the Automation API accepts until it is revoked', async () => {
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password, '/workspace/keys');
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expectProblems(page, 'Enter a label for the key');

    await page.getByLabel('Label').fill('Zapier – deal flow');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByLabel('Automation key').inputValue();
    expect(secret).toMatch(/^pis_auto_/);
    await page.screenshot({ path: join(SHOTS, 'workspace-key-created.png'), fullPage: true });
    await checkAccessible(page);
    const answer = await me(secret);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ user: fixture.server.demo.user.email, orgName: fixture.server.demo.organizationName });

    // The secret was shown by a GET after a redirect: a reload says so and mints no second key.
    expect(new URL(page.url()).pathname).toMatch(/^\/workspace\/keys\/created\//);
    await page.reload();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The automation key was already shown');
    expect((await page.textContent('main')) ?? '').not.toContain(secret);
    await checkAccessible(page);

    // Shown once: the list and the overview carry only its first characters.
    await page.getByRole('link', { name: 'Back to automation keys' }).click();
    expect(await page.getByRole('table', { name: 'Keys' }).getByRole('row').filter({ hasText: 'Zapier – deal flow' }).count()).toBe(1);
    expect((await page.textContent('main')) ?? '').not.toContain(secret);
    await page.getByRole('link', { name: 'Overview' }).click();
    expect((await page.textContent('main')) ?? '').not.toContain(secret);

    // Revoking asks first, saying what breaks and when the key was last used; "No" changes nothing.
    await page.getByRole('link', { name: 'Automation keys' }).click();
    await page.getByRole('button', { name: 'Revoke Zapier – deal flow' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Revoke the key “Zapier – deal flow”?');
    const consequences = (await page.textContent('main')) ?? '';
    expect(consequences).toContain('Every Zap, n8n workflow or script that uses the key');
    expect(consequences).toMatch(/Last used: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(consequences).not.toContain(secret);
    await page.screenshot({ path: join(SHOTS, 'workspace-confirm-revoke.png'), fullPage: true });
    await checkAccessible(page);
    await page.getByRole('link', { name: 'No, keep the key' }).click();
    expect(new URL(page.url()).pathname).toBe('/workspace/keys');
    expect((await me(secret)).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke Zapier – deal flow' }).click();
    await page.getByRole('button', { name: 'Yes, revoke the key' }).click();
    expect(await page.getByRole('status').textContent()).toContain('was revoked');
    expect((await me(secret)).status).toBe(401);
    expect((await me(fixture.server.demo.automationKey)).status).toBe(200);
    await page.context().close();
  });

  it('gives a fresh organisation a profile it can then submit into over the API', async () => {
    const { orgId, password } = await newOrganization('Fresh Capital', 'ada@fresh.example');
    const key = (await operate(fixture.server.sandbox, 'key.create', { orgId, kind: 'automation' })) as { secret: string };
    const profilesBefore = (await (await fetch(`${fixture.server.url}/api/automation/profiles`, { headers: { 'x-api-key': key.secret } })).json()) as { data: unknown[] };
    expect(profilesBefore.data).toEqual([]);

    const page = await signIn('ada@fresh.example', password, '/workspace/profiles');
    await page.getByRole('link', { name: 'Create a profile' }).click();
    await page.getByRole('button', { name: 'Edit as JSON' }).click();
    await page.getByLabel('Criteria (JSON)').fill('[{"key": "traction"}]');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expectProblems(page, 'Enter a name for the profile', 'Enter a label for criterion 1');

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

    const created = await fetch(`${fixture.server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'crm-1', profile_id: profileId, fields: { email: 'founder@fresh.example', name: 'Fay Founder', cto: 'yes' } }),
    });
    expect(created.status).toBe(202);
    expect(await created.json()).toMatchObject({ status: 'queued' });

    // Archived: out of the list, and new submissions into it are refused.
    await page.getByRole('link', { name: 'Seed founders' }).click();
    await page.getByRole('button', { name: 'Archive profile' }).click();
    expect(await page.textContent('main')).toContain('refused (400) from its next create');
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Yes, archive the profile' }).click();
    expect(await page.getByRole('status').textContent()).toContain('archived');
    const after = (await (await fetch(`${fixture.server.url}/api/automation/profiles`, { headers: { 'x-api-key': key.secret } })).json()) as { data: unknown[] };
    expect(after.data).toEqual([]);
    const refused = await fetch(`${fixture.server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'crm-2', profile_id: profileId, fields: { email: 'b@fresh.example', name: 'B' } }),
    });
    expect(refused.status).toBe(400);
    await page.context().close();
  });

  it('lists submissions with the API filters, shows one scored in full, and finds a result by email', async () => {
    const profiles = (await (await fetch(`${fixture.server.url}/api/automation/profiles`, { headers: { 'x-api-key': fixture.server.demo.automationKey } })).json()) as { data: { id: string; name: string }[] };
    const profile = profiles.data[0] as { id: string; name: string };
    const created = await fetch(`${fixture.server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': fixture.server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'browser-1', profile_id: profile.id, fields: { email: 'lee@startup.example', name: 'Lee Founder', company: 'Startup' } }),
    });
    const submissionId = ((await created.json()) as { job_id: string }).job_id.replace(/^job_/, 'sub_');

    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password, '/workspace/submissions');
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
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('table', { name: 'Results' }).getByRole('link').click();
    expect(await page.getByRole('table', { name: 'Dimensions' }).getByRole('row').count()).toBeGreaterThan(5);
    await checkAccessible(page);
    await page.context().close();
  });

  it('sets a 503 fault that an API call meets, and clears it after confirming', async () => {
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password, '/workspace/developer-tools');
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

    const faulted = await me(fixture.server.demo.automationKey);
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('retry-after')).toBe('3');
    await page.reload();
    expect(await page.getByRole('table', { name: 'Faults in force' }).textContent()).toContain('4 more request(s)');

    await page.getByRole('button', { name: 'Clear all faults' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Clear all 1 fault(s)?');
    expect((await page.textContent('main')) ?? '').toContain('The 503 fault on the automation API is removed.');
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Yes, clear all faults' }).click();
    expect(await page.getByRole('status').textContent()).toContain('1 fault(s) cleared');
    expect((await me(fixture.server.demo.automationKey)).status).toBe(200);
    await page.context().close();
  });

  it('refuses a member the admin pages and their forms', async () => {
    const { orgId, password } = await newOrganization('Member Ventures', 'admin@member.example', 'max@member.example');
    const page = await signIn('max@member.example', password);
    const nav = (await page.getByRole('navigation', { name: 'Workspace' }).textContent()) ?? '';
    expect(nav).not.toContain('Automation keys');
    for (const path of ['/workspace/keys', '/workspace/profiles', '/workspace/profiles/new', '/workspace/invites', '/workspace/webhooks', '/workspace/requests', '/workspace/developer-tools']) {
      const answer = await page.goto(`${fixture.server.url}${path}`);
      expect(answer?.status()).toBe(403);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Only an administrator can do this');
    }
    await checkAccessible(page);

    // A member's own valid form token does not get a key issued either.
    await page.goto(`${fixture.server.url}/workspace`);
    const token = await page.locator('input[name="_csrf"]').first().inputValue();
    const posted = await page.request.post(`${fixture.server.url}/workspace/keys`, { form: { _csrf: token, label: 'sneaky' } });
    expect(posted.status()).toBe(403);
    const fault = await page.request.post(`${fixture.server.url}/workspace/developer-tools/faults`, { form: { _csrf: token, surface: 'automation', kind: '503', count: '1' } });
    expect(fault.status()).toBe(403);
    const hook = await page.request.post(`${fixture.server.url}/workspace/webhooks`, { form: { _csrf: token, surface: 'automation', url: receiver.urlOf('/member') } });
    expect(hook.status()).toBe(403);
    expect(receiver.deliveries.filter((d) => d.path === '/member')).toEqual([]);
    expect(await operate(fixture.server.sandbox, 'fault.list', { orgId })).toEqual([]);
    const keys = (await operate(fixture.server.sandbox, 'key.list', { orgId })) as { label: string }[];
    expect(keys.map((k) => k.label)).not.toContain('sneaky');
    await page.context().close();
  });

  it("keeps a request log of the organisation's own API calls, injected faults marked", async () => {
    expect((await me(fixture.server.demo.automationKey)).status).toBe(200);
    await operate(fixture.server.sandbox, 'fault.set', { orgId: fixture.server.demo.organizationId, surface: 'automation', kind: '429', count: 1 });
    expect((await me(fixture.server.demo.automationKey)).status).toBe(429);
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password, '/workspace/requests');
    const rows = page.getByRole('table', { name: 'Automation API' }).getByRole('row');
    const newest = (await rows.nth(1).textContent()) ?? '';
    expect(newest).toContain('GET /api/automation/me');
    expect(newest).toContain('429');
    expect(newest).toContain('injected fault');
    // The faulted request is logged with the key that made it, as every other request is.
    expect(newest).toContain('pis_auto_');
    const before = (await rows.nth(2).textContent()) ?? '';
    expect(before).toContain('GET /api/automation/me');
    expect(before).toContain('200');
    expect(before).toContain('pis_auto_');
    expect((await page.textContent('main')) ?? '').not.toContain(fixture.server.demo.automationKey);
    await page.screenshot({ path: join(SHOTS, 'workspace-request-log.png'), fullPage: true });
    await checkAccessible(page);
    await page.getByRole('link', { name: 'Assessment API' }).click();
    expect((await page.textContent('main')) ?? '').not.toContain('/api/automation/me');

    // The overview says when each key was last used (since the start), never the key itself.
    await page.getByRole('link', { name: 'Overview' }).click();
    const hint = fixture.server.demo.automationKey.slice(0, fixture.server.demo.automationKey.indexOf('_', 4) + 5);
    const keyRow = (await page.getByRole('table', { name: 'Credentials' }).getByRole('row').filter({ hasText: hint }).textContent()) ?? '';
    expect(keyRow).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \((just now|\d+ min ago)\)$/);
    const developerHint = fixture.server.demo.developerKey.slice(0, fixture.server.demo.developerKey.indexOf('_', 4) + 5);
    expect(await page.getByRole('table', { name: 'Credentials' }).getByRole('row').filter({ hasText: developerHint }).textContent()).toContain('not since the server started');
    await page.context().close();
  });

  it("shows a submission's status history", async () => {
    const profiles = (await (await fetch(`${fixture.server.url}/api/automation/profiles`, { headers: { 'x-api-key': fixture.server.demo.automationKey } })).json()) as { data: { id: string }[] };
    await fetch(`${fixture.server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': fixture.server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'history-1', profile_id: profiles.data[0]?.id, fields: { email: 'ana@startup.example', name: 'Ana Founder', company: 'History Co' } }),
    });
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password, '/workspace/submissions?record_id=history-1');
    await page.getByRole('link', { name: 'history-1' }).click();
    await page.getByRole('heading', { name: 'Score' }).waitFor({ timeout: 60_000 });
    const history = (await page.getByRole('list', { name: 'Status history' }).textContent()) ?? '';
    expect(history.indexOf('queued')).toBeLessThan(history.indexOf('processing'));
    expect(history.indexOf('processing')).toBeLessThan(Math.max(history.indexOf('completed'), history.indexOf('awaiting assessment')));
    await page.context().close();
  });

  it('invites a participant with a link shown once, follows the invite as it is opened, and withdraws it', async () => {
    const page = await signIn(fixture.server.demo.user.email, fixture.server.demo.user.password, '/workspace/invites');
    await checkAccessible(page);
    await page.getByLabel("Participant's email").fill('not an email');
    await page.getByLabel('Link works for, in days').fill('400');
    await page.getByRole('button', { name: 'Create invite' }).click();
    await expectProblems(page, 'Enter the participant’s email address', 'Enter a number of days from 1 to 90');

    await page.getByLabel("Participant's email").fill('sam@founders.example');
    await page.getByLabel('Full name (optional)').fill('Sam Founder');
    await page.getByLabel('Benchmark (optional)').selectOption({ index: 1 });
    await page.getByLabel('Link works for, in days').fill('7');
    await page.getByRole('button', { name: 'Create invite' }).click();
    const link = await page.getByLabel('Invite link').inputValue();
    expect(link).toMatch(new RegExp(`^${fixture.server.url}/invite/pis_inv_`));
    await page.screenshot({ path: join(SHOTS, 'workspace-invite-created.png'), fullPage: true });
    await checkAccessible(page);
    // A reload shows no link and creates no second invite.
    await page.reload();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The invite link was already shown');
    expect((await page.textContent('main')) ?? '').not.toContain(link);
    await checkAccessible(page);
    await page.getByRole('link', { name: 'Back to invites' }).click();
    expect((await page.textContent('main')) ?? '').not.toContain(link);
    const row = () => page.getByRole('table', { name: 'Invites' }).getByRole('row').filter({ hasText: 'sam@founders.example' });
    expect(await row().count()).toBe(1);
    expect(await row().textContent()).toContain('link created');

    // The participant opens the link: the admin's list says so.
    const participant = await fixture.browser.newPage();
    await participant.goto(link);
    expect(await participant.title()).toContain('Your assessment');
    await page.reload();
    expect(await row().textContent()).toContain('opened');
    expect(await row().textContent()).toContain(`(${fixture.server.demo.user.email})`);
    await page.screenshot({ path: join(SHOTS, 'workspace-invites.png'), fullPage: true });
    await checkAccessible(page);

    await page.getByRole('button', { name: 'Withdraw the invite of sam@founders.example' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Withdraw the invite of sam@founders.example?');
    expect((await page.textContent('main')) ?? '').toMatch(/answer\(s\) they have saved so far are deleted/);
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Yes, withdraw the invite' }).click();
    expect(await page.getByRole('status').textContent()).toContain('was withdrawn');
    expect(await row().textContent()).toContain('withdrawn');
    const gone = await participant.goto(link);
    expect(gone?.status()).toBe(410);
    await participant.close();
    await page.context().close();
  });
});
