import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCredential } from '../tenancy/credentials.js';
import { createOrganization } from '../tenancy/organizations.js';
import { settle, startTestServer, type TestServer } from 'reference-server/testing';

let server: TestServer;
let otherKey: string;

type Json = Record<string, unknown>;
interface Reply {
  status: number;
  body: Json;
  headers: Headers;
}

async function call(path: string, init: RequestInit & { json?: unknown } = {}, key: string | null = server.demo.automationKey): Promise<Reply> {
  const { json, ...rest } = init;
  const response = await fetch(`${server.url}/api/automation${path}`, {
    ...rest,
    headers: { ...(key ? { 'x-api-key': key } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(rest.headers as Record<string, string>) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Json) : { text }, headers: response.headers };
}

const fieldsOf = (reply: Reply) => (reply.body.fields as { field: string; message: string }[]).map((f) => f.field);

function expect400(reply: Reply, ...fields: string[]) {
  expect(reply.status).toBe(400);
  expect(reply.body.error).toBe('Bad Request');
  expect(fieldsOf(reply)).toEqual(fields);
  for (const field of fields) expect(reply.body.message).toContain(field);
}

let n = 0;
const deal = (fields: Json = {}) => ({ record_id: `rec-${(n += 1)}`, profile_id: 'prf_seed_deal', fields: { company: 'Acme', ...fields } });

async function submit(body: Json = deal()): Promise<{ submission_id: string; job_id: string; record_id: string }> {
  const reply = await call('/submissions', { method: 'POST', json: body });
  expect(reply.status).toBe(202);
  return reply.body as { submission_id: string; job_id: string; record_id: string };
}

beforeAll(async () => {
  server = await startTestServer({ automationMaxUploadBytes: 1024 });
  const other = await createOrganization(server.ctx, 'Other Capital');
  otherKey = (await issueCredential(server.ctx, { kind: 'automation_key', orgId: other.id, label: 'other' })).secret;
});
afterAll(() => server.dispose());

describe('credentials', () => {
  it('refuses a missing key, a wrong key and a developer key with 401', async () => {
    for (const key of [null, 'pis_auto_nope', server.demo.developerKey]) {
      const reply = await call('/profiles', {}, key);
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('Unauthorized');
    }
  });

  it('me names the key owner and the organisation', async () => {
    const reply = await call('/me');
    expect(reply.body).toEqual({ user: server.demo.user.email, orgName: server.demo.organizationName });
  });
});

describe('profiles', () => {
  it('lists the organisation profiles with their criteria, and reads one', async () => {
    const reply = await call('/profiles');
    const profiles = reply.body.data as { id: string; kind: string; criteria: { weight: number }[]; assessment_required: boolean }[];
    expect(profiles.map((p) => p.id)).toEqual(['prf_preseed_founder', 'prf_seed_deal', 'prf_studio_operator']);
    expect(new Set(profiles.map((p) => p.kind))).toEqual(new Set(['founder', 'deal', 'candidate']));
    expect(profiles.find((p) => p.id === 'prf_seed_deal')?.assessment_required).toBe(false);
    expect((await call('/profiles/prf_seed_deal')).body.name).toBe('Seed deal screen');
    expect((await call('/profiles/prf_nope')).status).toBe(404);
    expect(((await call('/profiles', {}, otherKey)).body.data as unknown[]).length).toBe(0);
  });
});

describe('POST /submissions', () => {
  it('queues a submission: 202 {status: queued, job_id: job_…}', async () => {
    const reply = await call('/submissions', { method: 'POST', json: deal() });
    expect(reply.status).toBe(202);
    expect(reply.body.status).toBe('queued');
    expect(reply.body.job_id).toMatch(/^job_.+/);
    expect(reply.headers.get('location')).toBe(`/api/automation/submissions/${reply.body.submission_id as string}`);
  });

  it('names each missing or wrong field in a 400', async () => {
    expect400(await call('/submissions', { method: 'POST', json: {} }), 'record_id', 'profile_id', 'fields');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), record_id: undefined } }), 'record_id');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), record_id: 42 } }), 'record_id');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), record_id: '  ' } }), 'record_id');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), profile_id: undefined } }), 'profile_id');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), fields: undefined } }), 'fields');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), fields: ['a'] } }), 'fields');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), fields: 'x' } }), 'fields');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), filters: {} } }), 'filters');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), source: 7 } }), 'source');
    expect400(await call('/submissions', { method: 'POST', json: { ...deal(), profile_id: 'prf_nope' } }), 'profile_id');
    expect400(await call('/submissions', { method: 'POST', json: [1, 2] }), 'body');
    const noType = await call('/submissions', { method: 'POST', body: 'record_id=1' });
    expect400(noType, 'record_id', 'profile_id', 'fields');
    const badJson = await call('/submissions', { method: 'POST', body: '{"record_id":', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toMatch(/not valid JSON/);
  });

  it("a profile of another organisation is not one of this organisation's", async () => {
    expect400(await call('/submissions', { method: 'POST', json: deal() }, otherKey), 'profile_id');
  });

  it('a repeated record_id returns the existing job; with a different body it is a 409', async () => {
    const body = deal({ stage: 'seed' });
    const first = await submit(body);
    const again = await call('/submissions', { method: 'POST', json: body });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ job_id: first.job_id, submission_id: first.submission_id, existing: true });
    const conflict = await call('/submissions', { method: 'POST', json: { ...body, fields: { company: 'Other' } } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('Conflict');
    expect(fieldsOf(conflict)).toEqual(['fields']);
    expect(conflict.body.job_id).toBe(first.job_id);
    // Concurrent duplicates: one submission, one job.
    const twin = deal();
    const replies = await Promise.all([1, 2, 3].map(() => call('/submissions', { method: 'POST', json: twin })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 202]);
    expect(new Set(replies.map((r) => r.body.job_id)).size).toBe(1);
  });
});

describe('GET /submissions', () => {
  it('lists newest first with scores once processed, in cursor pages', async () => {
    const made = [await submit(), await submit(), await submit()];
    await settle(server);
    const first = await call('/submissions?limit=2');
    const items = first.body.data as { id: string; job_id: string; status: string; score: { overall: number } | null; created_at: string; updated_at: string }[];
    expect(items.map((i) => i.id)).toEqual([made[2]?.submission_id, made[1]?.submission_id]);
    expect(items[0]).toMatchObject({ status: 'completed', job_id: made[2]?.job_id });
    expect(typeof items[0]?.score?.overall).toBe('number');
    expect(typeof first.body.next_cursor).toBe('string');
    const second = await call(`/submissions?limit=2&cursor=${encodeURIComponent(first.body.next_cursor as string)}`);
    expect((second.body.data as { id: string }[])[0]?.id).toBe(made[0]?.submission_id);
    // Walking every page visits each submission once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Reply = await call(`/submissions?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...(page.body.data as { id: string }[]).map((i) => i.id));
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it('filters by status, profile_id, record_id and updated_since', async () => {
    const failing = await submit({ record_id: `rec-fail-${n}`, profile_id: 'prf_studio_operator', fields: { name: 'No Email' } });
    await settle(server);
    const failed = (await call('/submissions?status=failed')).body.data as { id: string; error: { code: string; fields: string[] } }[];
    expect(failed.map((s) => s.id)).toContain(failing.submission_id);
    expect(failed.find((s) => s.id === failing.submission_id)?.error).toMatchObject({ code: 'missing_required_fields', fields: ['email'] });
    const byProfile = (await call('/submissions?profile_id=prf_studio_operator')).body.data as { profile_id: string }[];
    expect(byProfile.length).toBeGreaterThan(0);
    expect(byProfile.every((s) => s.profile_id === 'prf_studio_operator')).toBe(true);
    const byRecord = (await call(`/submissions?record_id=${failing.record_id}`)).body.data as { id: string }[];
    expect(byRecord.map((s) => s.id)).toEqual([failing.submission_id]);
    expect((await call('/submissions?record_id=none')).body.data).toEqual([]);
    const future = (await call('/submissions?updated_since=2999-01-01T00:00:00Z')).body.data as unknown[];
    expect(future).toEqual([]);
    const past = (await call('/submissions?updated_since=2000-01-01T00:00:00Z&limit=100')).body.data as unknown[];
    expect(past.length).toBeGreaterThan(1);
  });

  it('answers 400 naming the bad query parameter', async () => {
    expect400(await call('/submissions?limit=0'), 'limit');
    expect400(await call('/submissions?limit=101'), 'limit');
    expect400(await call('/submissions?status=done'), 'status');
    expect400(await call('/submissions?updated_since=yesterday'), 'updated_since');
    expect400(await call('/submissions?cursor=garbage'), 'cursor');
    const otherList = (await call('/webhooks?limit=1')).body.next_cursor;
    expect(otherList).toBeNull();
  });

  it('reads one submission by id or job id in full; unknown and other organisations are 404', async () => {
    const made = await submit(deal({ pitch: 'TAM is large; moat through network effect' }));
    await settle(server);
    const byId = await call(`/submissions/${made.submission_id}`);
    expect(byId.body).toMatchObject({ id: made.submission_id, status: 'completed' });
    expect((byId.body.criteria as unknown[]).length).toBe(7);
    expect((byId.body.report as { summary: string }).summary).toContain('Acme');
    expect((await call(`/submissions/${made.job_id}`)).body.id).toBe(made.submission_id);
    expect((await call('/submissions/sub_nope')).status).toBe(404);
    expect((await call('/submissions/job_nope')).status).toBe(404);
    expect((await call(`/submissions/${made.submission_id}`, {}, otherKey)).status).toBe(404);
    expect((await call(`/submissions?record_id=${made.record_id}`, {}, otherKey)).body.data).toEqual([]);
  });
});

describe('resources', () => {
  it('attaches a URL by record_id and a file by submission_id; both re-score the submission', async () => {
    const made = await submit();
    const link = await call('/resources', { method: 'POST', json: { record_id: made.record_id, url: 'https://example.com/deck.pdf', content_type: 'application/pdf' } });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ kind: 'url', name: 'deck.pdf', submission_id: made.submission_id, content_type: 'application/pdf' });
    const form = new FormData();
    form.append('submission_id', made.submission_id);
    form.append('file', new Blob(['cap table v3'], { type: 'text/csv' }), 'cap-table.csv');
    const upload = await fetch(`${server.url}/api/automation/resources`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey }, body: form });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as { id: string; kind: string; size_bytes: number; sha256: string; name: string };
    expect(file).toMatchObject({ kind: 'file', size_bytes: 12, name: 'cap-table.csv' });
    const content = await fetch(`${server.url}/api/automation/resources/${file.id}/content`, { headers: { 'x-api-key': server.demo.automationKey } });
    expect(await content.text()).toBe('cap table v3');
    await settle(server);
    const detail = await call(`/submissions/${made.submission_id}`);
    expect(detail.body.resource_count).toBe(2);
    const dataRoom = (detail.body.criteria as { key: string; score: number }[]).find((c) => c.key === 'data_room');
    expect(dataRoom?.score).toBeCloseTo(66.7, 1);
    const listed = (await call(`/resources?submission_id=${made.submission_id}`)).body.data as { id: string }[];
    expect(listed.map((r) => r.id)).toEqual([file.id, link.body.id]);
    const page = await call('/resources?limit=1');
    expect((page.body.data as { id: string }[])[0]?.id).toBe(file.id);
    expect(typeof page.body.next_cursor).toBe('string');
    expect((await call(`/resources/${file.id}`)).body.sha256).toBe(file.sha256);
    expect((await call(`/resources/${file.id}`, {}, otherKey)).status).toBe(404);
  });

  it('answers 413 for a file over the limit, 404 for an unknown submission, 400 naming the fields otherwise', async () => {
    const made = await submit();
    const form = new FormData();
    form.append('record_id', made.record_id);
    form.append('file', new Blob([new Uint8Array(2048)]), 'big.bin');
    const big = await fetch(`${server.url}/api/automation/resources`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey }, body: form });
    expect(big.status).toBe(413);
    expect(((await big.json()) as Json).error).toBe('Payload Too Large');
    expect((await call('/resources', { method: 'POST', json: { record_id: 'nope', url: 'https://example.com/a' } })).status).toBe(404);
    expect((await call('/resources', { method: 'POST', json: { submission_id: made.submission_id, url: 'https://example.com/a' } }, otherKey)).status).toBe(404);
    expect400(await call('/resources', { method: 'POST', json: { url: 'https://example.com/a' } }), 'submission_id', 'record_id');
    expect400(await call('/resources', { method: 'POST', json: { record_id: made.record_id } }), 'url');
    expect400(await call('/resources', { method: 'POST', json: { record_id: made.record_id, url: 'ftp://example.com/a' } }), 'url');
    expect400(await call('/resources', { method: 'POST', json: { record_id: made.record_id, url: 'https://e.com/a', content_type: 'pdf' } }), 'content_type');
    expect((await call('/resources?record_id=nope')).status).toBe(404);
    expect((await call('/resources/rsc_nope')).status).toBe(404);
    for (const [type, body] of [
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="record_id"\r\n\r\nabc'],
      ['multipart/form-data', 'garbage'],
    ]) {
      const malformed = await fetch(`${server.url}/api/automation/resources`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey, 'content-type': type as string }, body });
      expect(malformed.status).toBe(400);
    }
    const two = new FormData();
    two.append('record_id', made.record_id);
    two.append('other', new Blob(['x']), 'x.txt');
    const unexpected = await fetch(`${server.url}/api/automation/resources`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey }, body: two });
    expect(unexpected.status).toBe(400);
  });
});

describe('transcripts', () => {
  it('attaches text with speaker segments, or a text file; lists and reads them', async () => {
    const made = await submit();
    const reply = await call('/transcripts', {
      method: 'POST',
      json: {
        submission_id: made.submission_id,
        title: 'First call',
        language: 'en',
        segments: [
          { speaker: 'Investor', text: 'How big is the market?', start: 0, end: 4.2 },
          { speaker: 'Founder', text: 'The TAM is 4bn and our moat is the network effect.', start: 4.2, end: 11 },
        ],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.text).toBe('Investor: How big is the market?\nFounder: The TAM is 4bn and our moat is the network effect.');
    expect(reply.body.word_count).toBe(18);
    const form = new FormData();
    form.append('record_id', made.record_id);
    form.append('file', new Blob(['Founder: we have 40 paying customers.'], { type: 'text/plain' }), 'call-2.txt');
    const upload = await fetch(`${server.url}/api/automation/transcripts`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey }, body: form });
    expect(upload.status).toBe(201);
    const fromFile = (await upload.json()) as { id: string; source: string; title: string };
    expect(fromFile).toMatchObject({ source: 'file', title: 'call-2.txt' });
    const listed = (await call(`/transcripts?record_id=${made.record_id}`)).body.data as { id: string }[];
    expect(listed.map((t) => t.id)).toEqual([fromFile.id, reply.body.id]);
    expect((await call(`/transcripts/${fromFile.id}`)).body.text).toBe('Founder: we have 40 paying customers.');
    expect((await call(`/transcripts/${fromFile.id}`, {}, otherKey)).status).toBe(404);
    await settle(server);
    const market = ((await call(`/submissions/${made.submission_id}`)).body.criteria as { key: string; score: number }[]).find((c) => c.key === 'market');
    expect(market?.score).toBe(100);
  });

  it('answers 400 naming the fields, 404 for an unknown submission', async () => {
    const made = await submit();
    expect400(await call('/transcripts', { method: 'POST', json: { record_id: made.record_id } }), 'text');
    expect400(await call('/transcripts', { method: 'POST', json: { record_id: made.record_id, segments: [{ speaker: 'A' }] } }), 'segments.0.text');
    expect400(await call('/transcripts', { method: 'POST', json: { record_id: made.record_id, text: 'hi', language: 'english!' } }), 'language');
    expect400(await call('/transcripts', { method: 'POST', json: { text: 'hi' } }), 'submission_id', 'record_id');
    expect400(await call('/transcripts', { method: 'POST', json: { record_id: made.record_id, submission_id: made.submission_id, text: 'hi' } }), 'submission_id', 'record_id');
    expect((await call('/transcripts', { method: 'POST', json: { record_id: 'nope', text: 'hi' } })).status).toBe(404);
    const form = new FormData();
    form.append('record_id', made.record_id);
    form.append('file', new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0xc3])]), 'audio.wav');
    const binary = await fetch(`${server.url}/api/automation/transcripts`, { method: 'POST', headers: { 'x-api-key': server.demo.automationKey }, body: form });
    expect(binary.status).toBe(400);
    expect(((await binary.json()) as { fields: { field: string }[] }).fields[0]?.field).toBe('file');
  });
});

describe('field mapping', () => {
  it("renames the organisation's column names in submissions, resources and transcripts", async () => {
    const put = await call('/field-mapping', {
      method: 'PUT',
      json: { submission: { 'Company Name': 'company', 'E-mail': 'email' }, resource: { 'Deal ID': 'record_id', 'Deck Link': 'url' }, transcript: { 'Deal ID': 'record_id', Notes: 'text' } },
    });
    expect(put.status).toBe(200);
    expect((await call('/field-mapping')).body.submission).toEqual({ 'Company Name': 'company', 'E-mail': 'email' });
    const made = await submit({ record_id: 'mapped-1', profile_id: 'prf_seed_deal', fields: { 'company name': 'Mapped Co', 'E-mail': 'a@b.example', other: 1 } });
    const detail = await call(`/submissions/${made.submission_id}`);
    expect(detail.body.fields).toEqual({ company: 'Mapped Co', email: 'a@b.example', other: 1 });
    const resource = await call('/resources', { method: 'POST', json: { 'Deal ID': 'mapped-1', 'Deck Link': 'https://example.com/deck' } });
    expect(resource.status).toBe(201);
    const transcript = await call('/transcripts', { method: 'POST', json: { 'deal id': 'mapped-1', Notes: 'A short call.' } });
    expect(transcript.body.text).toBe('A short call.');
    expect400(await call('/field-mapping', { method: 'PUT', json: { submission: { x: 'not a name!' } } }), 'submission.x');
    expect400(await call('/field-mapping', { method: 'PUT', json: { deals: {} } }), 'body');
    expect((await call('/field-mapping', {}, otherKey)).body.submission).toEqual({});
    await call('/field-mapping', { method: 'PUT', json: {} });
  });
});

describe('webhooks CRUD', () => {
  it('shows the secret once, lists, reads and deletes; errors name the field', async () => {
    const created = await call('/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/hook', events: ['submission.completed'], description: 'CRM' } });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    expect(created.body).toMatchObject({ events: ['submission.completed'], status: 'active', description: 'CRM' });
    const id = created.body.id as string;
    const listed = await call('/webhooks');
    expect((listed.body.data as { id: string }[]).map((s) => s.id)).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret as string);
    expect(JSON.stringify((await call(`/webhooks/${id}`)).body)).not.toContain('secret');
    const all = await call('/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/all' } });
    expect((all.body.events as string[]).length).toBe(7);
    expect(((await call('/webhooks/event-types')).body.data as { type: string }[]).map((t) => t.type)).toContain('assessment.completed');
    expect((await call(`/webhooks/${id}/attempts`)).body).toEqual({ data: [], next_cursor: null });
    expect((await call(`/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/webhooks/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/webhooks?id=${all.body.id as string}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/webhooks/whk_nope')).status).toBe(404);
    expect((await call('/webhooks/whk_nope/attempts')).status).toBe(404);
    expect400(await call('/webhooks', { method: 'DELETE' }), 'id');
    expect400(await call('/webhooks', { method: 'POST', json: {} }), 'url');
    expect400(await call('/webhooks', { method: 'POST', json: { url: 'not a url' } }), 'url');
    expect400(await call('/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/x', events: ['assessment.replaced'] } }), 'events.0');
    expect400(await call('/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/x', events: 'submission.completed' } }), 'events');
    expect400(await call('/webhooks', { method: 'POST', json: { url: 'http://169.254.169.254/' } }), 'url');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and RateLimit headers once a key spends its minute', async () => {
    const limited = await startTestServer({ automationRateLimitPerMinute: 3 });
    try {
      const get = (key: string) => fetch(`${limited.url}/api/automation/me`, { headers: { 'x-api-key': key } });
      const ok = await get(limited.demo.automationKey);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-policy')).toMatch(/q=3; w=60/);
      expect(ok.headers.get('ratelimit')).toMatch(/r=2/);
      await get(limited.demo.automationKey);
      await get(limited.demo.automationKey);
      const refused = await get(limited.demo.automationKey);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as Json).error).toBe('Too Many Requests');
      // Per key: another key of the same server is not affected.
      const other = await createOrganization(limited.ctx, 'Other');
      const key = (await issueCredential(limited.ctx, { kind: 'automation_key', orgId: other.id, label: 'x' })).secret;
      expect((await get(key)).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});
