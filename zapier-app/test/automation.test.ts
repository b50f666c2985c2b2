import { createServer, type Server } from 'node:http';
import { bulkSubmissions, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import { PROFILE_SAMPLE, RESOURCE_SAMPLE, SUBMISSION_SAMPLE, TRANSCRIPT_SAMPLE } from '../src/automation/samples.js';
import App from '../src/index.js';
import { configureEnvironment } from './support/env.js';
import { connectAccount, type AuthData } from './support/oauth.js';
import { zapierRawRequest } from './support/raw-request.js';
import { fieldKeys, flatKeys, operationOf } from './support/shapes.js';

/** The Automation API steps against the running reference server, on a real OAuth connection with the automation key. */
let server: TestServer;
let authData: AuthData;
let files: Server;
let filesUrl: string;
const receiver = new WebhookReceiver();
const appTester = createAppTester(App);
const create = operationOf(App.creates.create_submission);
const find = operationOf(App.searches.find_submission);
const profiles = operationOf(App.triggers.profiles);
const attachResource = operationOf(App.creates.attach_resource);
const attachTranscript = operationOf(App.creates.attach_transcript);
const PROFILE = 'prf_preseed_founder';

beforeAll(async () => {
  server = await startTestServer();
  await receiver.start();
  configureEnvironment(server);
  ({ authData } = await connectAccount(server, { automation_key: server.demo.automationKey }));
  files = createServer((req, res) => {
    res.setHeader('content-type', 'application/pdf');
    res.end(Buffer.from('%PDF-1.4 pitch deck'));
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => files.close(() => resolve()));
  await receiver.stop();
  await server.dispose();
});

const submit = (recordId: string, extra: Record<string, unknown> = {}) =>
  appTester(create.perform, {
    authData,
    inputData: { profile_id: PROFILE, record_id: recordId, email: 'grace@example.com', name: 'Grace Hopper', company: 'Cobol Labs', fields: { stage: 'seed' }, ...extra },
  }) as Promise<Record<string, unknown>>;

describe('Profiles (hidden trigger for the dropdown)', () => {
  it("lists the organisation's profiles in the sample's shape", async () => {
    const list = (await appTester(profiles.perform, { authData })) as Record<string, unknown>[];
    expect(list.map((p) => p['id'])).toContain(PROFILE);
    const seeded = list.find((p) => p['id'] === PROFILE)!;
    expect({ ...seeded, created_at: PROFILE_SAMPLE.created_at }).toEqual(PROFILE_SAMPLE);
    expect(flatKeys(seeded)).toEqual(fieldKeys(profiles.outputFields));
  });
});

describe('Create Submission, Find Submission, Find or Create', () => {
  it('queues a submission with the named and key/value fields and returns it as Find Submission does', async () => {
    const created = await submit('crm-2001');
    expect(created).toMatchObject({ record_id: 'crm-2001', profile_id: PROFILE, source: 'zapier', fields: { email: 'grace@example.com', name: 'Grace Hopper', company: 'Cobol Labs', stage: 'seed' } });
    expect(created['id']).toMatch(/^sub_/);
    expect(created['job_id']).toMatch(/^job_/);
    expect(created['created_at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Object.keys(created)).toEqual(Object.keys(SUBMISSION_SAMPLE));
    const found = (await appTester(find.perform, { authData, inputData: { record_id: 'crm-2001' } })) as Record<string, unknown>[];
    expect(found).toHaveLength(1);
    expect(found[0]!['id']).toBe(created['id']);
    expect(Object.keys(found[0]!)).toEqual(Object.keys(SUBMISSION_SAMPLE));
  });

  it('finds nothing for an unknown Record ID, and a repeated create returns the existing submission', async () => {
    expect(await appTester(find.perform, { authData, inputData: { record_id: 'crm-nope' } })).toEqual([]);
    const first = await submit('crm-2002');
    const again = await submit('crm-2002');
    expect(again['id']).toBe(first['id']);
    expect(App.searchOrCreates?.['find_submission']).toMatchObject({ search: 'find_submission', create: 'create_submission' });
  });

  it("passes the API's field message on for an unknown profile", async () => {
    await expect(submit('crm-2003', { profile_id: 'prf_missing' })).rejects.toThrow(/profile_id/);
  });

  it('tells the zap builder to reconnect with an automation key when the connection has none', async () => {
    const { automation_key: _none, ...withoutKey } = authData;
    await expect(appTester(attachResource.perform, { authData: withoutKey, inputData: { record_id: 'crm-2001', url: 'https://example.com/x' } })).rejects.toThrow(
      /no Automation Key\. Reconnect your account and enter the Automation Key/,
    );
  });
});

describe('At size: the Submission dropdown and Find Submission reach every record', () => {
  const records = operationOf(App.triggers.submission_records);

  it('pages the dropdown past 100 records, and finds an old one by name, company or email', async () => {
    await submit('size-oldest', { name: 'Ada Lovelace', company: 'Analytical Engines', email: 'ada@engines.example' });
    await bulkSubmissions(server, { count: 150, prefix: 'size-', company: 'Size', profileId: PROFILE });
    const pages: Array<Array<Record<string, string>>> = [];
    for (let page = 0; page < 5; page += 1) {
      const entries = (await appTester(records.perform, { authData, meta: { page } })) as Array<Record<string, string>>;
      pages.push(entries);
      if (entries.length === 0) break;
    }
    expect(pages[0]).toHaveLength(100);
    const all = pages.flat().map((e) => e['record_id']);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('size-oldest');
    expect(pages.flat().find((e) => e['record_id'] === 'size-oldest')?.['label']).toMatch(/^size-oldest — Ada Lovelace, Analytical Engines \((queued|processing|completed|awaiting assessment|failed)\)$/);

    for (const query of ['ada love', 'ANALYTICAL', 'ada@engines']) {
      const found = (await appTester(find.perform, { authData, inputData: { query } })) as Array<Record<string, unknown>>;
      expect(found.map((f) => f['record_id']), query).toEqual(['size-oldest']);
    }
    // "size 14" also begins the words of Size 140–149, newer ones: the step returns the record meant.
    const meant = (await appTester(find.perform, { authData, inputData: { query: 'size 14' } })) as Array<Record<string, unknown>>;
    expect(meant.map((f) => f['record_id'])).toEqual(['size-14']);
    expect(await appTester(find.perform, { authData, inputData: { query: 'nobody by this name' } })).toEqual([]);
    await expect(appTester(find.perform, { authData, inputData: {} })).rejects.toThrow(/Record ID, or a name/);
  });
});

describe('Attach Resource and Attach Transcript', () => {
  it('attaches a link as a URL', async () => {
    await submit('crm-3001');
    const resource = (await appTester(attachResource.perform, {
      authData,
      inputData: { record_id: 'crm-3001', url: 'https://example.com/deck.pdf', name: 'Pitch deck', content_type: 'application/pdf' },
    })) as Record<string, unknown>;
    expect(resource).toMatchObject({ kind: 'url', url: 'https://example.com/deck.pdf', name: 'Pitch deck', record_id: 'crm-3001' });
    expect(flatKeys(resource)).toEqual(fieldKeys(attachResource.outputFields));
    expect(Object.keys(resource)).toEqual(Object.keys(RESOURCE_SAMPLE));
  });

  it('downloads a file from an earlier step and uploads its bytes', async () => {
    const resource = (await appTester(attachResource.perform, { authData, inputData: { record_id: 'crm-3001', file: `${filesUrl}/files/deck.pdf` } })) as Record<string, unknown>;
    expect(resource).toMatchObject({ kind: 'file', name: 'deck.pdf', content_type: 'application/pdf', size_bytes: 19 });
    expect(resource['sha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('asks for exactly one of File and URL', async () => {
    await expect(appTester(attachResource.perform, { authData, inputData: { record_id: 'crm-3001' } })).rejects.toThrow(/either a File or a URL/);
  });

  it('answers an unknown Record ID with the API message', async () => {
    await expect(
      appTester(attachResource.perform, { authData, inputData: { record_id: 'crm-unknown', url: 'https://example.com/x' } }),
    ).rejects.toThrow(/crm-unknown|No submission/);
  });

  it('attaches a transcript', async () => {
    const transcript = (await appTester(attachTranscript.perform, {
      authData,
      inputData: { record_id: 'crm-3001', text: 'We met to discuss the seed round.', title: 'Intro call', language: 'en' },
    })) as Record<string, unknown>;
    expect(transcript).toMatchObject({ title: 'Intro call', word_count: 7, language: 'en', record_id: 'crm-3001' });
    expect(flatKeys(transcript)).toEqual(fieldKeys(attachTranscript.outputFields));
    expect(Object.keys(transcript)).toEqual(Object.keys(TRANSCRIPT_SAMPLE));
  });
});

describe('New Submission, Submission Completed, Submission Failed (REST hooks)', () => {
  const hook = operationOf(App.triggers.new_submission!);

  it('subscribes, passes a delivered signed webhook through perform, and unsubscribes', async () => {
    const targetUrl = receiver.url;
    const subscribeData = (await appTester(hook.performSubscribe!, { authData, targetUrl })) as { id: string; secret: string };
    expect(subscribeData.id).toMatch(/^whk_/);
    expect(subscribeData.secret).toMatch(/^whsec_/);
    const listed = await fetch(`${server.url}/api/automation/webhooks/${subscribeData.id}`, { headers: { 'x-api-key': server.demo.automationKey } });
    expect(await listed.json()).toMatchObject({ url: targetUrl, events: ['submission.queued'], status: 'active' });

    const created = await submit('crm-4001');
    const delivery = await receiver.next((d) => d.rawBody.includes('"crm-4001"'));
    const rawRequest = zapierRawRequest(delivery);
    const output = (await appTester(hook.perform, { authData, subscribeData, rawRequest, cleanedRequest: JSON.parse(delivery.rawBody) })) as Record<string, unknown>[];
    expect(output).toHaveLength(1);
    // The item is the submission as it stands when the zap runs (queued a moment ago, maybe scored by now).
    expect(output[0]).toMatchObject({ id: created['id'], record_id: 'crm-4001' });
    // The event's id, the same in every retry of this delivery, is the item's key for Zapier's de-duplication.
    expect(output[0]!['event_id']).toBe(delivery.headers['webhook-id']);
    expect(output[0]!['event_id']).toMatch(/^evt_/);
    expect(Object.keys(output[0]!)).toEqual(['event_id', ...Object.keys(SUBMISSION_SAMPLE)]);

    const forged = { ...rawRequest, content: delivery.rawBody.replace('crm-4001', 'crm-9999') };
    await expect(appTester(hook.perform, { authData, subscribeData, rawRequest: forged })).rejects.toMatchObject({ name: 'HaltedError' });

    await appTester(hook.performUnsubscribe!, { authData, subscribeData });
    const gone = await fetch(`${server.url}/api/automation/webhooks/${subscribeData.id}`, { headers: { 'x-api-key': server.demo.automationKey } });
    expect(gone.status).toBe(404);
    // Unsubscribing twice (already removed on the platform) is not an error.
    await appTester(hook.performUnsubscribe!, { authData, subscribeData });
  });

  it.each([
    ['submission_completed', 'submission.completed', 'completed', { company: 'Cobol Labs' }],
    ['submission_failed', 'submission.failed', 'failed', { company: '' }],
  ] as const)('%s: a scored (or refused) submission is delivered, passed through perform, and listed by performList', async (key, type, status, fields) => {
    const trigger = operationOf(App.triggers[key]!);
    const subscribeData = (await appTester(trigger.performSubscribe!, { authData, targetUrl: receiver.url })) as { id: string; secret: string };
    const recordId = `crm-5-${status}`;
    await appTester(create.perform, { authData, inputData: { profile_id: 'prf_seed_deal', record_id: recordId, name: 'Ada', ...fields } });
    const delivery = await receiver.next((d) => d.rawBody.includes(`"${type}"`) && d.rawBody.includes(`"${recordId}"`));
    const output = (await appTester(trigger.perform, { authData, subscribeData, rawRequest: zapierRawRequest(delivery) })) as Record<string, unknown>[];
    expect(output[0]).toMatchObject({ record_id: recordId, status, event_id: delivery.headers['webhook-id'] });
    expect(Object.keys(output[0]!)).toEqual(['event_id', ...Object.keys(SUBMISSION_SAMPLE)]);
    const listed = (await appTester(trigger.performList!, { authData })) as Record<string, unknown>[];
    expect(listed[0]).toMatchObject({ record_id: recordId, status, event_id: `listed_${String(listed[0]!['id'])}` });
    // The live hook and performList give the same item, evaluation included; only the event id differs.
    expect({ ...listed[0], event_id: undefined }).toEqual({ ...output[0], event_id: undefined });
    if (status === 'completed') {
      const detail = (await (await fetch(`${server.url}/api/automation/submissions/${String(output[0]!['id'])}`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as {
        score: { overall: number; band: string };
        criteria: { key: string; label: string; score: number | null }[];
        report: { summary: string };
      };
      const item = output[0]! as { overall_score: number; band: string; criteria: { key: string; score: number | null }[]; report_summary: string; report_markdown: string; profile_name: string; workspace_url: string; founders_summary: string };
      expect(item.overall_score).toBe(detail.score.overall);
      expect(item.band).toBe(detail.score.band);
      expect(item.criteria.map((c) => [c.key, c.score])).toEqual(detail.criteria.map((c) => [c.key, c.score]));
      expect(item.report_summary).toBe(detail.report.summary);
      expect(item.report_markdown).toContain(`**Overall ${detail.score.overall} / 100`);
      expect(item.profile_name).toBe('Seed deal screen');
      expect(item.founders_summary).toContain('Ada');
      expect(item.workspace_url).toBe(`${server.url}/workspace/submissions/${String(output[0]!['id'])}`);
    } else {
      expect(output[0]).toMatchObject({ error_code: 'missing_required_fields', overall_score: null });
    }
    for (const item of listed) expect(item['status']).toBe(status);
    await appTester(trigger.performUnsubscribe!, { authData, subscribeData });
  });

  it('New Submission performList gives recent submissions of any status, newest first, at most 3', async () => {
    const recent = (await appTester(hook.performList!, { authData })) as Record<string, unknown>[];
    expect(recent).toHaveLength(3);
    const times = recent.map((item) => String(item['created_at']));
    expect([...times].sort().reverse()).toEqual(times);
    for (const item of recent) expect(Object.keys(item)).toEqual(['event_id', ...Object.keys(SUBMISSION_SAMPLE)]);
  });

  it.each(['new_submission', 'submission_completed', 'submission_failed'] as const)('%s: Zapier de-duplicates on the event id alone', (key) => {
    const trigger = operationOf(App.triggers[key]!);
    const primary = (trigger.outputFields as { key: string; primary?: boolean }[]).filter((field) => field.primary).map((field) => field.key);
    expect(primary).toEqual(['event_id']);
    expect(fieldKeys(trigger.outputFields)).toEqual(flatKeys(trigger.sample as object));
  });
});
