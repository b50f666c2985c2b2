import type { Browser as Chromium, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signInToWorkspace, startTestServer, type TestServer } from 'reference-server/testing';
import { fitsWidth, launchChromium, NARROW_VIEWPORT, seriousViolations } from '../../../testing/chromium.js';
import { ManualClock } from '../../clock.js';
import { operate } from '../../cli.js';
import { SESSION_IDLE_MS, SESSION_TOUCH_MS } from '../../auth/session-records.js';

/**
 * Issue 31, item 6: a browser session ends after an hour unused (as well as 12 hours after
 * signing in), and a person sees their own sessions and can end them all at once.
 */
const clock = new ManualClock(Date.UTC(2026, 6, 1));
let server: TestServer;
const OTHER = { email: 'other@northwind.example', password: 'correct horse battery' };

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  await operate(server.sandbox, 'user.create', { orgId: server.demo.organizationId, email: OTHER.email, name: 'Other', password: OTHER.password });
});
afterAll(() => server.dispose());

async function signedIn(email = server.demo.user.email, password = server.demo.user.password, userAgent = 'TestBrowser/1'): Promise<Browser> {
  const browser = new Browser(server.url, (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'user-agent': userAgent } }));
  return signInToWorkspace(server, { browser, email, password });
}

/** The workspace forms' CSRF field (workspace pages render their hidden inputs self-closed, which formFields does not read). */
const csrfOf = (page: string): Record<string, string> => ({ _csrf: /name="_csrf" value="([^"]+)"/.exec(page)?.[1] as string });

/** True when the browser's session still opens the workspace (a signed-out browser is sent to sign in). */
const inWorkspace = async (browser: Browser) => (await browser.get('/workspace')).status === 200;

describe('browser sessions', () => {
  it('end after an hour without use', async () => {
    const browser = await signedIn();
    clock.advance(SESSION_IDLE_MS - 1_000);
    expect(await inWorkspace(browser)).toBe(true);
    // That visit counted as use: another 59 minutes later it is still live …
    clock.advance(SESSION_IDLE_MS - 1_000);
    expect(await inWorkspace(browser)).toBe(true);
    // … and an hour without any use ends it.
    clock.advance(SESSION_IDLE_MS + SESSION_TOUCH_MS);
    const answer = await browser.get('/workspace');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/api\/oauth\/sign-in/);
  });

  it('list one’s own sessions only, this browser marked', async () => {
    const first = await signedIn(undefined, undefined, 'FirstBrowser/1');
    await signedIn(undefined, undefined, 'SecondBrowser/2');
    const someoneElse = await signedIn(OTHER.email, OTHER.password, 'OtherPersonBrowser/3');
    const page = await (await first.get('/workspace/sessions')).text();
    expect(page).toContain('FirstBrowser/1');
    expect(page).toContain('SecondBrowser/2');
    expect(page).not.toContain('OtherPersonBrowser/3');
    expect(page).toContain('(this browser)');
    expect(page).toContain('127.0.0.1');
    expect(await inWorkspace(someoneElse)).toBe(true);
  });

  it('sign out everywhere ends the other sessions, and this one, but nobody else’s', async () => {
    const here = await signedIn();
    const elsewhere = await signedIn();
    const someoneElse = await signedIn(OTHER.email, OTHER.password);
    const page = await (await here.get('/workspace/sessions')).text();
    const answer = await here.post('/workspace/sessions/sign-out-everywhere', csrfOf(page));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/api\/oauth\/sign-in/);
    expect(await inWorkspace(elsewhere)).toBe(false);
    expect(await inWorkspace(here)).toBe(false);
    expect(await inWorkspace(someoneElse)).toBe(true);
  });

  it('refuses a forged sign-out-everywhere form', async () => {
    const victim = await signedIn();
    const attacker = await signedIn(OTHER.email, OTHER.password);
    const token = csrfOf(await (await attacker.get('/workspace/sessions')).text());
    expect(token['_csrf']).toBeTruthy();
    // The attacker's token is bound to the attacker's session: posted with the victim's cookies it is refused.
    const forged = await victim.post('/workspace/sessions/sign-out-everywhere', token);
    expect(forged.status).toBe(403);
    expect(await inWorkspace(victim)).toBe(true);
  });
});

let chromium: Chromium;
describe('the sessions page in a real browser', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    chromium = await launchChromium();
  });
  afterAll(() => chromium?.close());

  async function signIn(): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/workspace/sessions`);
    await page.getByLabel('Work email').fill(server.demo.user.email);
    await page.getByLabel('Password').fill(server.demo.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace/sessions');
    return page;
  }

  it('is accessible, and its one button signs the other browser out', async () => {
    const other = await signIn();
    const page = await signIn();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your sessions');
    expect(await page.getByRole('link', { name: 'Your sessions' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(NARROW_VIEWPORT);
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/api/oauth/sign-in');
    await other.goto(`${server.url}/workspace`);
    expect(new URL(other.url()).pathname).toBe('/api/oauth/sign-in');
    await Promise.all([page.context().close(), other.context().close()]);
  });
});
