import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import { DEMO_RESULT_EMAIL, findResultByEmail } from '../assessments/index.js';
import { settle, startTestServer, WebhookReceiver, type TestServer } from 'reference-server/testing';
import { ATTEMPTS, getSubscriptionRecord, type AttemptRecord } from '../webhooks/index.js';

/**
 * One organisation's admin, by URL tampering on every workspace route, sees and changes nothing
 * of another organisation's: every id in a path is looked up inside the signed-in person's own
 * organisation, so a foreign id is simply not found (404), and the foreign record is unchanged.
 */
let server: TestServer;
const receiver = new WebhookReceiver();

/** A browser reduced to what the workspace needs: a cookie jar, no redirects followed. */
class Visitor {
  readonly #cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ status: number; location: string | null; body: string }> {
    const answer = await fetch(`${this.base}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(pair.slice(0, at));
      else this.#cookies.set(pair.slice(0, at), value);
    }
    return { status: answer.status, location: answer.headers.get('location'), body: await answer.text() };
  }

  /** The CSRF token of the first form on a page. */
  async token(path: string): Promise<string> {
    const page = await this.request(path);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
    if (!token) throw new Error(`no form token on ${path} (${page.status})`);
    return token;
  }

  async signIn(email: string, password: string): Promise<void> {
    const token = await this.token('/api/oauth/sign-in?return_to=/workspace');
    const answer = await this.request('/api/oauth/sign-in', { method: 'POST', form: { _csrf: token, email, password, return_to: '/workspace' } });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/workspace');
  }
}

const automation = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api/automation${path}`, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers } });

let victim: { profileId: string; submissionId: string; keyId: string; key: string; email: string; subscriptionId: string; attemptId: string; runId: string };
let intruderSubscription: string;
let victimKeyHint: string;
let victimInvite: string;
let victimResult: string;
let intruder: Visitor;

beforeAll(async () => {
  server = await startTestServer();
  await receiver.start();
  // The victim's webhook, which gets the submission's events: a subscription with attempts.
  const hook = await automation(server.demo.automationKey, '/webhooks', { method: 'POST', body: JSON.stringify({ url: receiver.urlOf('/victim'), description: 'victim hook' }) });
  const subscriptionId = ((await hook.json()) as { id: string }).id;
  // The demo organisation is the victim: it has a profile, a submission, a key and a result.
  const profiles = (await (await automation(server.demo.automationKey, '/profiles')).json()) as { data: { id: string }[] };
  const profileId = profiles.data[0]?.id as string;
  const created = await automation(server.demo.automationKey, '/submissions', {
    method: 'POST',
    body: JSON.stringify({ record_id: 'victim-1', profile_id: profileId, fields: { email: 'secret-founder@victim.example', name: 'Secret Founder' } }),
  });
  const submissionId = ((await created.json()) as { job_id: string }).job_id.replace(/^job_/, 'sub_');
  const keys = (await operate(server.sandbox, 'key.list', { orgId: server.demo.organizationId })) as { keyId: string; kind: string; hint: string }[];
  const keyId = keys.find((k) => k.kind === 'automation_key')?.keyId as string;
  victimKeyHint = keys.find((k) => k.keyId === keyId)?.hint as string;
  victimInvite = ((await operate(server.sandbox, 'invite.create', { orgId: server.demo.organizationId, email: 'invitee@victim.example' })) as { id: string }).id;
  await receiver.next((d) => d.path === '/victim');
  await settle(server);
  const attemptId = (await server.ctx.db.all<AttemptRecord>(ATTEMPTS, subscriptionId))[0]?.id as string;
  const run = (await operate(server.sandbox, 'certify.start', { orgId: server.demo.organizationId, checks: ['api'], name: 'Victim integration' })) as { run: { id: string } };
  victimResult = (await findResultByEmail(server.ctx, server.demo.organizationId, DEMO_RESULT_EMAIL))?.id as string;
  victim = { profileId, submissionId, keyId, key: server.demo.automationKey, email: 'secret-founder@victim.example', subscriptionId, attemptId, runId: run.run.id };

  const org = (await operate(server.sandbox, 'org.create', { name: 'Intruder Capital' })) as { id: string };
  await operate(server.sandbox, 'user.create', { orgId: org.id, email: 'eve@intruder.example', name: 'Eve', password: 'correct horse battery staple', role: 'admin' });
  intruder = new Visitor(server.url);
  await intruder.signIn('eve@intruder.example', 'correct horse battery staple');
  // The intruder's own subscription: a real id to pair with the victim's attempt id.
  const intruderKey = (await operate(server.sandbox, 'key.create', { orgId: org.id, kind: 'automation' })) as { secret: string };
  const own = await automation(intruderKey.secret, '/webhooks', { method: 'POST', body: JSON.stringify({ url: receiver.urlOf('/intruder') }) });
  intruderSubscription = ((await own.json()) as { id: string }).id;
});

afterAll(async () => {
  await server?.dispose();
  await receiver.stop();
});

describe('the workspace across organisations', () => {
  it('shows the intruder only their own organisation', async () => {
    for (const path of ['/workspace', '/workspace/submissions', '/workspace/profiles', '/workspace/keys', '/workspace/invites', `/workspace/invites?after=${victimInvite}`, '/workspace/webhooks', '/workspace/requests', '/workspace/requests?surface=assessment', '/workspace/requests?surface=graphql', '/workspace/certification']) {
      const page = await intruder.request(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain(server.demo.organizationName);
      expect(page.body, path).not.toContain(victim.profileId);
      expect(page.body, path).not.toContain('victim-1');
      expect(page.body, path).not.toContain('/victim');
      expect(page.body, path).not.toContain(victim.subscriptionId);
      expect(page.body, path).not.toContain(victimKeyHint);
      expect(page.body, path).not.toContain('invitee@victim.example');
      expect(page.body, path).not.toContain(victim.runId);
    }
    // The results list, filtered or paged with the victim's result id as the cursor, holds none of the victim's results.
    for (const path of ['/workspace/results', '/workspace/results?band=average&quality=ok', `/workspace/results?after=${victimResult}`]) {
      const page = await intruder.request(path);
      expect(page.body, path).not.toContain(DEMO_RESULT_EMAIL);
      expect(page.body, path).not.toContain(victimResult);
    }
  });

  it('finds no foreign id on any read route', async () => {
    for (const path of [
      `/workspace/submissions/${victim.submissionId}`,
      `/workspace/results/${victimResult}`,
      `/workspace/profiles/${victim.profileId}`,
      `/workspace/webhooks/${victim.subscriptionId}`,
      `/workspace/webhooks/${victim.subscriptionId}/attempts/${victim.attemptId}`,
      // The intruder's own subscription with the victim's attempt id: attempts are kept per subscription.
      `/workspace/webhooks/${intruderSubscription}/attempts/${victim.attemptId}`,
      // The "Are you sure?" pages of destructive actions: another organisation's id is not found there either.
      `/workspace/webhooks/${victim.subscriptionId}/delete`,
      `/workspace/keys/${victim.keyId}/revoke`,
      `/workspace/invites/${victimInvite}/revoke`,
      `/workspace/webhooks/${victim.subscriptionId}/resend-failed?since_hours=24`,
      `/workspace/certification/${victim.runId}`,
      `/workspace/certification/${victim.runId}/report.html`,
      `/workspace/certification/${victim.runId}/report.json`,
      `/workspace/certification/${victim.runId}/finish`,
    ]) {
      expect((await intruder.request(path)).status, path).toBe(404);
    }
    // A request of the victim's in the request log, by its id: not among the intruder's organisation's requests.
    const owner = new Visitor(server.url);
    await owner.signIn(server.demo.user.email, server.demo.user.password);
    const victimRequest = /href="(\/workspace\/requests\/rql_[^"]+)"/.exec((await owner.request('/workspace/requests?surface=automation')).body)?.[1];
    expect(victimRequest).toBeDefined();
    expect((await owner.request(victimRequest as string)).status).toBe(200);
    expect((await intruder.request(victimRequest as string)).status).toBe(404);
    const byVictimKey = await intruder.request(`/workspace/requests?surface=automation&credential=${victim.keyId}`);
    expect(byVictimKey.body).not.toContain('victim-1');
    // The victim's attempt id as the intruder's own delivery log's "older attempts" cursor: the first page, nothing of the victim's.
    const log = await intruder.request(`/workspace/webhooks/${intruderSubscription}?after=${victim.attemptId}`);
    expect(log.status).toBe(200);
    expect(log.body).not.toContain(victim.attemptId);
    const filtered = await intruder.request(`/workspace/submissions?profile_id=${victim.profileId}&record_id=victim-1`);
    expect(filtered.body).not.toContain(victim.submissionId);
    const paged = await intruder.request(`/workspace/submissions?after=${victim.submissionId}`);
    expect(paged.body).not.toContain('victim-1');
    // The demo organisation holds a result for this email; the intruder's workspace does not show it.
    const result = await intruder.request(`/workspace/results?email=${encodeURIComponent(DEMO_RESULT_EMAIL)}`);
    expect(result.body).toContain('No result is stored');
  });

  it('changes nothing through a foreign id on any form', async () => {
    const token = await intruder.token('/workspace/profiles/new');
    const edit = await intruder.request(`/workspace/profiles/${victim.profileId}`, {
      method: 'POST',
      form: { _csrf: token, name: 'Hijacked', kind: 'founder', description: '', required_fields: '', criteria: '[]' },
    });
    expect(edit.status).toBe(404);
    // The builder's own buttons (add a row, switch to JSON) find no foreign profile either.
    for (const intent of ['add', 'json']) {
      const changed = await intruder.request(`/workspace/profiles/${victim.profileId}`, { method: 'POST', form: { _csrf: token, intent, rows: '1', name: 'Hijacked', kind: 'founder' } });
      expect(changed.status, intent).toBe(404);
      expect(changed.body, intent).not.toContain(server.demo.organizationName);
    }
    expect((await intruder.request(`/workspace/profiles/${victim.profileId}/archive`, { method: 'POST', form: { _csrf: token } })).status).toBe(404);
    expect((await intruder.request(`/workspace/keys/${victim.keyId}/revoke`, { method: 'POST', form: { _csrf: token } })).status).toBe(404);
    expect((await intruder.request(`/workspace/invites/${victimInvite}/revoke`, { method: 'POST', form: { _csrf: token } })).status).toBe(404);
    expect((await intruder.request(`/workspace/certification/${victim.runId}/finish`, { method: 'POST', form: { _csrf: token } })).status).toBe(404);
    expect(((await operate(server.sandbox, 'certify.status', { runId: victim.runId })) as { run: { status: string } }).run.status).toBe('running');
    const invites = (await operate(server.sandbox, 'invite.list', { orgId: server.demo.organizationId })) as { id: string; status: string }[];
    expect(invites.find((i) => i.id === victimInvite)?.status).toBe('sent');
    const hook = `/workspace/webhooks/${victim.subscriptionId}`;
    for (const [action, form] of [
      ['disable', {}],
      ['enable', {}],
      ['test', { type: 'submission.completed' }],
      ['resend', { event_id: 'evt_any' }],
      ['rotate', { overlap_hours: '24' }],
      ['resend-failed?since_hours=24', {}],
      ['delete', {}],
    ] as const) {
      expect((await intruder.request(`${hook}/${action}`, { method: 'POST', form: { _csrf: token, ...form } })).status, action).toBe(404);
    }
    // The intruder's own resend form, naming one of the victim's events, finds no such event.
    const victimEvent = receiver.deliveries.find((d) => d.path === '/victim')?.headers['webhook-id'] as string;
    const resend = await intruder.request(`/workspace/webhooks/${intruderSubscription}/resend`, { method: 'POST', form: { _csrf: token, event_id: victimEvent } });
    expect(resend.status).toBe(400);
    expect(resend.body).toContain('is no longer kept');

    const profile = (await (await automation(victim.key, `/profiles/${victim.profileId}`)).json()) as { name: string };
    expect(profile.name).not.toBe('Hijacked');
    const listed = (await (await automation(victim.key, '/profiles')).json()) as { data: { id: string }[] };
    expect(listed.data.map((p) => p.id)).toContain(victim.profileId);
    expect((await automation(victim.key, '/me')).status).toBe(200);
    const subscription = (await (await automation(victim.key, `/webhooks/${victim.subscriptionId}`)).json()) as { status: string };
    expect(subscription.status).toBe('active');
    // Never rotated: the victim's receiver keeps verifying with the secret it has.
    expect((await getSubscriptionRecord(server.ctx, server.demo.organizationId, victim.subscriptionId))?.rotatedAt).toBeUndefined();
    await settle(server);
    expect(receiver.deliveries.filter((d) => d.path === '/intruder')).toEqual([]);
    expect(receiver.deliveries.filter((d) => d.path === '/victim').every((d) => !String(d.headers['webhook-id']).startsWith('evt_test'))).toBe(true);
  });

  it('refuses a form without the session it was issued to, and sends a signed-out visitor to the sign-in page', async () => {
    const stranger = new Visitor(server.url);
    const page = await stranger.request('/workspace/keys');
    expect(page.status).toBe(303);
    expect(page.location).toBe('/api/oauth/sign-in?return_to=%2Fworkspace%2Fkeys');
    const token = await intruder.token('/workspace/keys');
    const forged = await stranger.request('/workspace/keys', { method: 'POST', form: { _csrf: token, label: 'forged' } });
    expect(forged.status).toBe(303);
    const keys = (await operate(server.sandbox, 'key.list', {})) as { label: string }[];
    expect(keys.map((k) => k.label)).not.toContain('forged');
  });

  it('never sends the browser off-site after signing in', async () => {
    const visitor = new Visitor(server.url);
    for (const returnTo of ['https://evil.example/', '//evil.example/workspace', '/workspace\\@evil.example', '/api/oauth/token']) {
      const token = await visitor.token(`/api/oauth/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      const answer = await visitor.request('/api/oauth/sign-in', { method: 'POST', form: { _csrf: token, email: server.demo.user.email, password: server.demo.user.password, return_to: returnTo } });
      expect(answer.location, returnTo).toBe('/workspace');
    }
  });

  it('resolves return_to before checking it: dot segments cannot leave /workspace (issue 31)', async () => {
    const visitor = new Visitor(server.url);
    for (const [returnTo, lands] of [
      ['/workspace/../../x', '/workspace'],
      ['/workspace/..', '/workspace'],
      ['/workspace/%2e%2e/api/oauth/token', '/workspace'],
      ['/workspace/./keys/../webhooks?x=1', '/workspace/webhooks?x=1'],
      ['/workspacefoo', '/workspace'],
    ] as const) {
      const token = await visitor.token(`/api/oauth/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      const answer = await visitor.request('/api/oauth/sign-in', { method: 'POST', form: { _csrf: token, email: server.demo.user.email, password: server.demo.user.password, return_to: returnTo } });
      expect(answer.location, returnTo).toBe(lands);
    }
  });
});
