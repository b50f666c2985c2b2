import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, startTestServer, type TestServer } from 'reference-server/testing';
import { DEMO_PROFILES } from './demo-profiles.js';
import { issueCredential } from '../tenancy/credentials.js';
import { createProfile } from './profiles.js';
import { createOrganization } from '../tenancy/organizations.js';

/**
 * Search over the lists the connectors pick records from, over the wire: the record a person
 * types is found in the first answer wherever it is in the list, through the Automation API's `q`
 * and GraphQL's `search`, and never another organisation's.
 */
let server: TestServer;
let otherKey: string;
const OLDER = 160;

const automation = async (path: string, key = server.demo.automationKey) => {
  const response = await fetch(`${server.url}/api/automation${path}`, { headers: { 'x-api-key': key } });
  return { status: response.status, body: (await response.json()) as { data: Array<Record<string, unknown>>; next_cursor: string | null; fields?: unknown } };
};

const create = async (recordId: string, fields: Record<string, string>, key = server.demo.automationKey, profileId = 'prf_seed_deal') => {
  const response = await fetch(`${server.url}/api/automation/submissions`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ record_id: recordId, profile_id: profileId, fields }),
  });
  const body = (await response.json()) as { submission_id: string };
  expect(response.status, JSON.stringify(body)).toBe(202);
  return body.submission_id;
};

let grace: string;

beforeAll(async () => {
  server = await startTestServer({ automationRateLimitPerMinute: 0 });
  grace = await create('crm-grace-1', { name: 'Grace Hopper', company: 'Navy Computing', email: 'grace.hopper@navy.example' });
  // Newer than Grace: she is far outside the newest 100.
  for (let i = 0; i < OLDER; i += 1) await create(`crm-${i}`, { name: `Founder ${i}`, company: i % 2 ? 'Acme Ventures' : 'Globex', email: `f${i}@startup.example` });
  const other = await createOrganization(server.ctx, 'Other Capital');
  otherKey = (await issueCredential(server.ctx, { kind: 'automation_key', orgId: other.id, label: 'other' })).secret;
  const [demoProfile] = DEMO_PROFILES;
  await createProfile(server.ctx, other.id, (demoProfile as (typeof DEMO_PROFILES)[number]).input, 'prf_other');
  await create('crm-other-grace', { name: 'Grace Other', company: 'Elsewhere', email: 'grace@other.example' }, otherKey, 'prf_other');
}, 120_000);
afterAll(() => server.dispose());

/** The record ids of every page of a list, following next_cursor to the end. */
async function recordIdsOfEveryPage(path: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await automation(`${path}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    seen.push(...page.body.data.map((s) => String(s.record_id)));
    cursor = page.body.next_cursor;
  } while (cursor);
  return seen;
}

describe('GET /api/automation/submissions?q', () => {
  it('finds a record outside the newest 100 in the first answer, by part of any of its names, any case', async () => {
    const first = await automation('/submissions?limit=100');
    expect(first.body.data.map((s) => s.id)).not.toContain(grace);
    for (const typed of ['Grace Hopper', 'grace hop', 'HOPPER', 'navy comp', 'grace.hopper@navy', 'crm-grace', grace]) {
      const found = await automation(`/submissions?q=${encodeURIComponent(typed)}`);
      expect(found.status, typed).toBe(200);
      expect(found.body.data.map((s) => s.id), typed).toEqual([grace]);
      expect(found.body.next_cursor).toBeNull();
    }
    // Accents folded both ways; a word that begins no word of hers finds nothing.
    expect((await automation(`/submissions?q=${encodeURIComponent('Grâce')}`)).body.data.map((s) => s.id)).toEqual([grace]);
    expect((await automation('/submissions?q=race')).body.data).toEqual([]);
  });

  it('pages over the matches newest first, with the other filters applied', async () => {
    const seen = await recordIdsOfEveryPage('/submissions?q=acme&limit=30');
    const expected = Array.from({ length: OLDER }, (_, i) => i)
      .filter((i) => i % 2 === 1)
      .reverse()
      .map((i) => `crm-${i}`);
    expect(seen).toEqual(expected);
    const queued = await automation('/submissions?q=globex&status=completed&limit=100');
    expect(queued.body.data.every((s) => s.status === 'completed')).toBe(true);
    expect((await automation('/submissions?q=grace&record_id=crm-grace-1')).body.data.map((s) => s.id)).toEqual([grace]);
    expect((await automation('/submissions?q=globex&record_id=crm-grace-1')).body.data).toEqual([]);
  });

  it('pages without duplicates over a one-letter search that matches every record', async () => {
    // "f" begins a word of every founder twice (Founder, f12@…): one list per short prefix, each record once.
    const seen = await recordIdsOfEveryPage('/submissions?q=F&limit=40');
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((r) => /^crm-\d+$/.test(r))).toEqual(Array.from({ length: OLDER }, (_, i) => `crm-${OLDER - 1 - i}`));
  });

  it("never finds another organisation's record, and refuses a query over 200 characters", async () => {
    expect((await automation('/submissions?q=grace')).body.data.map((s) => s.id)).toEqual([grace]);
    expect((await automation('/submissions?q=grace', otherKey)).body.data.map((s) => s.record_id)).toEqual(['crm-other-grace']);
    const long = await automation(`/submissions?q=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([expect.objectContaining({ field: 'q' })]);
  });
});

describe('the index after its first reading', () => {
  it('learns submissions created since its last search, however many', async () => {
    expect((await automation('/submissions?q=grace')).body.data.map((s) => s.id)).toEqual([grace]);
    const late = await create('crm-late-1', { name: 'Lena Larkin', company: 'Late Ltd', email: 'lena@late.example' });
    expect((await automation('/submissions?q=larkin')).body.data.map((s) => s.id)).toEqual([late]);
    // More than one catch-up page ahead of what the index knows.
    for (let i = 0; i < 20; i += 1) await create(`crm-later-${i}`, { name: `Later ${i}`, company: 'Late Ltd', email: `later${i}@late.example` });
    const found = await automation('/submissions?q=late%20ltd&limit=100');
    expect(found.body.data.map((s) => s.record_id)).toEqual([...Array.from({ length: 20 }, (_, i) => `crm-later-${19 - i}`), 'crm-late-1']);
  });
});

describe('GraphQL submissions(search:)', () => {
  it('finds the same record through a signed-in user and a partner credential', async () => {
    const query = 'query listSubmissionsQuery($search: String) { submissions(first: 100, search: $search) { nodes { id recordId } pageInfo { hasNextPage } } }';
    const reply = await graphql(server, server.demo.partnerCredential, query, { search: 'grace hop' });
    const body = (await reply.json()) as { data?: { submissions: { nodes: Array<{ id: string }>; pageInfo: { hasNextPage: boolean } } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.submissions.nodes.map((n) => n.id)).toEqual([grace]);
    expect(body.data?.submissions.pageInfo.hasNextPage).toBe(false);
  });
});

describe('profiles and webhooks by q', () => {
  it('filters the small lists by name, description and URL words', async () => {
    const profiles = await automation('/profiles');
    const name = String(profiles.body.data[0]?.name);
    const typed = name.split(/\s+/)[0]?.slice(0, 3) ?? '';
    const found = await automation(`/profiles?q=${encodeURIComponent(typed.toUpperCase())}`);
    expect(found.body.data.map((p) => p.name)).toContain(name);
    expect((await automation('/profiles?q=zzzz-nothing')).body.data).toEqual([]);

    for (const [url, description] of [
      ['https://hooks.example/crm-intake', 'CRM intake'],
      ['https://hooks.example/slack', 'Team channel'],
    ]) {
      const made = await fetch(`${server.url}/api/automation/webhooks`, {
        method: 'POST',
        headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
        body: JSON.stringify({ url, description, events: ['submission.completed'] }),
      });
      expect(made.status).toBe(201);
    }
    expect((await automation('/webhooks?q=crm')).body.data.map((w) => w.description)).toEqual(['CRM intake']);
    expect((await automation('/webhooks?q=slack')).body.data.map((w) => w.description)).toEqual(['Team channel']);
  });
});
