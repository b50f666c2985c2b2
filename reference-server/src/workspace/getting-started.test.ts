import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { workspaceFixture } from '../../testing/workspace-fixture.js';

/**
 * Issue 38 item 9, for a new admin on the keys and results pages: the "Try it" commands run as
 * shown (the server's address and the new key in them), the keys list says when each key was last
 * used, and a results filter by email alone does not speak of "other filters".
 */
const fixture = workspaceFixture();
const run = promisify(execFile);

const text = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);

describe('getting started on the keys and results pages', () => {
  it('a new key’s "Try it" commands run as shown, in a shell, and answer who the key acts for', async () => {
    const form = await (await fixture.admin.get('/workspace/keys')).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form)?.[1] as string;
    const created = await fixture.admin.post('/workspace/keys', { _csrf: csrf, label: 'Try it' });
    expect(created.status).toBe(303);
    const page = await (await fixture.admin.get(created.headers.get('location') as string)).text();
    const block = /<pre class="snippet"[^>]*aria-labelledby="try-heading"[^>]*><code>([^<]*)<\/code><\/pre>/.exec(page)?.[1];
    expect(block, 'a Try it block').toBeDefined();
    const commands = text(block as string);
    expect(commands).toContain(`${fixture.server.url}/api/automation/me`);
    // Pasted into a shell exactly as shown: the call reaches this fixture.server with the new key.
    const { stdout } = await run('sh', ['-c', `${commands} --silent --show-error --fail`], { timeout: 10_000 });
    expect(JSON.parse(stdout)).toMatchObject({ user: fixture.server.demo.user.email });
  });

  it('lists when each key was last used', async () => {
    const used = await fetch(`${fixture.server.url}/api/automation/me`, { headers: { 'x-api-key': fixture.server.demo.automationKey } });
    expect(used.status).toBe(200);
    const page = await (await fixture.admin.get('/workspace/keys')).text();
    expect(page).toContain('>Last used</th>');
    const demoRow = page.slice(page.indexOf('Demo automation key'));
    expect(demoRow.slice(0, demoRow.indexOf('</tr>'))).toMatch(/data-label="Last used"><div class="cell"><time dateTime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/i);
  });

  it('a results filter by email alone says nothing of other filters', async () => {
    const alone = await (await fixture.admin.get('/workspace/results?email=nobody%40example.com')).text();
    expect(alone).toContain('No result is stored for nobody@example.com in Northwind Ventures.');
  });

  it('an empty results list names exactly the filters chosen', async () => {
    const said = async (query: string) => text(/<p role="status">([^<]*)<\/p>/.exec(await (await fixture.admin.get(`/workspace/results?${query}`)).text())?.[1] ?? '');
    expect(await said('email=nobody%40example.com&band=high')).toBe('The result for nobody@example.com, if there is one, does not match: composite band high.');
    expect(await said('quality=invalid&from=2020-01-01&to=2020-01-02')).toBe('No result matches: response quality invalid; submitted from 2020-01-01 until 2020-01-02.');
    expect(await said('from=2030-02-01&to=2030-01-01')).toBe('No result matches: submitted from 2030-02-01 until 2030-01-01. The date range ends before it starts.');
  });
});
