import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signInToWorkspace, startTestServer, type TestServer } from 'reference-server/testing';
import { ManualClock } from '../../clock.js';
import { operate } from '../../cli.js';
import { SLOT_TTL_MS } from './shown-once-slots.js';

/**
 * Issue 27, item 2, over HTTP: a create form answers 303 to a GET page that shows the secret once,
 * from a slot bound to the session that posted; a second GET, another session's GET or a GET
 * after the slot's lifetime shows "already shown" and creates nothing.
 */
let server: TestServer;
const clock = new ManualClock(Date.UTC(2026, 10, 2, 9));

async function signedIn(): Promise<Browser> {
  const browser = await signInToWorkspace(server);
  return browser;
}

/** Posts a create form as a browser would; the path of the page the 303 leads to. */
async function create(browser: Browser, path: string, fields: Record<string, string>): Promise<string> {
  // Every form of a workspace page carries the same token.
  const token = /name="_csrf" value="([^"]+)"/.exec(await (await browser.get(path)).text())?.[1] as string;
  const answer = await browser.post(path, { _csrf: token, ...fields });
  expect(answer.status).toBe(303);
  return answer.headers.get('location') as string;
}

const keyCount = async () => ((await operate(server.sandbox, 'key.list', { orgId: server.demo.organizationId })) as unknown[]).length;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server?.dispose();
});

describe('secrets shown once, after a redirect', () => {
  it('shows a new key to the session that made it, once; a reload creates nothing', async () => {
    const admin = await signedIn();
    const before = await keyCount();
    const shownAt = await create(admin, '/workspace/keys', { label: 'Shown once' });
    expect(shownAt).toMatch(/^\/workspace\/keys\/created\/[A-Za-z0-9_-]{24}$/);
    expect(await keyCount()).toBe(before + 1);

    // Another session of the same admin cannot read it, and its try does not spend the slot.
    const other = await signedIn();
    const stranger = await other.get(shownAt);
    expect(stranger.status).toBe(410);
    expect(await stranger.text()).not.toContain('pis_auto_');

    const first = await admin.get(shownAt);
    expect(first.status).toBe(200);
    // In a read-only text box that wraps (never cut off at 320 px), with a Copy button where script runs.
    expect(await first.text()).toMatch(/<textarea id="secret" class="secret" readonly[^>]*data-copy="automation key">pis_auto_[A-Za-z0-9_-]+<\/textarea>/);
    const reload = await admin.get(shownAt);
    expect(reload.status).toBe(410);
    const text = await reload.text();
    expect(text).toContain('The automation key was already shown');
    expect(text).not.toMatch(/pis_auto_[A-Za-z0-9_-]{10}/);
    expect(await keyCount()).toBe(before + 1);
  });

  it('shows a signing secret and an invite link once each', async () => {
    const admin = await signedIn();
    const hook = await create(admin, '/workspace/webhooks', { surface: 'automation', url: 'https://hooks.example/in', description: '' });
    expect((await (await admin.get(hook)).text())).toMatch(/data-copy="signing secret">whsec_/);
    expect(await (await admin.get(hook)).text()).toContain('The signing secret was already shown');

    const invite = await create(admin, '/workspace/invites', { email: 'once@founders.example', full_name: '', benchmark_tag_id: '', expires_in_days: '7' });
    expect((await (await admin.get(invite)).text())).toMatch(/data-copy="invite link">http[^<]*\/invite\/pis_inv_/);
    const again = await admin.get(invite);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('The invite link was already shown');
  });

  it('forgets a slot nobody read within its lifetime', async () => {
    const admin = await signedIn();
    const shownAt = await create(admin, '/workspace/keys', { label: 'Never read' });
    clock.advance(SLOT_TTL_MS + 1);
    const late = await admin.get(shownAt);
    expect(late.status).toBe(410);
    expect(await late.text()).not.toMatch(/pis_auto_[A-Za-z0-9_-]{10}/);
  });
});
