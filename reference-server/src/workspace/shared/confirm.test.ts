import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signInToWorkspace, startTestServer, type TestServer } from 'reference-server/testing';
import { operate } from '../../cli.js';

/**
 * Issue 27, item 1, over HTTP: each destructive action's confirmation page says what will be lost
 * and changes nothing by being opened; only its POST acts. (The Chromium walk with axe is in
 * workspace.browser.test.ts.)
 */
let server: TestServer;
let admin: Browser;

const me = (key: string) => fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': key } });
const text = async (path: string) => {
  const answer = await admin.get(path);
  return { status: answer.status, body: await answer.text() };
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInToWorkspace(server);
});

afterAll(async () => {
  await server?.dispose();
});

describe('confirmation pages', () => {
  it('archive: names the profile and what refuses it, and archives nothing until its form is posted', async () => {
    const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as { data: { id: string; name: string }[] };
    const profile = profiles.data[0] as { id: string; name: string };
    const page = await text(`/workspace/profiles/${profile.id}/archive`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Archive the profile “${profile.name}”?`);
    expect(page.body).toContain('refused (400) from its next create');
    const still = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as { data: { id: string }[] };
    expect(still.data.map((p) => p.id)).toContain(profile.id);
  });

  it('revoke: names the key, says when it was last used, and revokes nothing until its form is posted', async () => {
    const issued = (await operate(server.sandbox, 'key.create', { orgId: server.demo.organizationId, kind: 'automation', label: 'Confirm me' })) as { secret: string; credential: { keyId: string } };
    const path = `/workspace/keys/${issued.credential.keyId}/revoke`;
    const unused = await text(path);
    expect(unused.status).toBe(200);
    expect(unused.body).toContain('Revoke the key “Confirm me”?');
    expect(unused.body).toContain('Last used: not since the server started.');
    expect(unused.body).not.toContain(issued.secret);
    expect((await me(issued.secret)).status).toBe(200);
    expect((await text(path)).body).toMatch(/Last used: <time datetime="[^"]+">\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(just now\)<\/time>\./);
    expect((await me(issued.secret)).status).toBe(200);

    const token = /name="_csrf" value="([^"]+)"/.exec(unused.body)?.[1] as string;
    expect((await admin.post(path, { _csrf: token })).status).toBe(303);
    expect((await me(issued.secret)).status).toBe(401);
    // A revoked key has nothing left to confirm.
    expect((await text(path)).status).toBe(404);
  });

  it('withdraw: says the link stops and whether answers are lost; the link still works until confirmed', async () => {
    const invite = (await operate(server.sandbox, 'invite.create', { orgId: server.demo.organizationId, email: 'confirm@founders.example' })) as { id: string; url: string };
    const page = await text(`/workspace/invites/${invite.id}/revoke`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Withdraw the invite of confirm@founders.example?');
    expect(page.body).toContain('They have not opened it yet, so no answers are lost.');
    expect((await fetch(invite.url)).status).toBe(200);
    expect((await text(`/workspace/invites/${invite.id}/revoke`)).body).toMatch(/They opened it on .*; the 0 answer\(s\) they have saved so far are deleted\./);
  });

  it('delete endpoint: counts pending deliveries and the delivery log; the endpoint stays until confirmed', async () => {
    const made = await fetch(`${server.url}/api/automation/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example/confirm', events: ['submission.queued'] }),
    });
    const { id } = (await made.json()) as { id: string };
    const page = await text(`/workspace/webhooks/${id}/delete`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Delete the endpoint https://hooks.example/confirm?');
    expect(page.body).toContain('0 pending deliveries are never sent.');
    expect(page.body).toContain('Its delivery log (0 attempt(s), each with its request and answer) is deleted.');
    expect((await text(`/workspace/webhooks/${id}`)).status).toBe(200);
  });

  it('clear faults: lists each fault in force, and with none goes back to the tools', async () => {
    const none = await admin.get('/workspace/developer-tools/faults/clear');
    expect(none.status).toBe(303);
    expect(none.headers.get('location')).toBe('/workspace/developer-tools');
    await operate(server.sandbox, 'fault.set', { orgId: server.demo.organizationId, surface: 'assessment', kind: '500', count: 3 });
    await operate(server.sandbox, 'fault.set', { orgId: server.demo.organizationId, surface: 'graphql', kind: '503', count: 3 });
    const page = await text('/workspace/developer-tools/faults/clear');
    expect(page.body).toContain('Clear all 2 fault(s)?');
    expect(page.body).toContain('The 500 fault on the assessment API is removed.');
    expect(page.body).toContain('The 503 fault on the graphql API is removed.');
    expect(await operate(server.sandbox, 'fault.clear', { orgId: server.demo.organizationId })).toEqual({ cleared: 2 });
  });
});
