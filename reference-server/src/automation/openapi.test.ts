import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { encodeCursor } from '../http/cursor.js';
import { eventTypesFor } from '../webhooks/index.js';
import { createAutomationSurface } from './index.js';
import { SubmissionSearch } from '../submissions/index.js';
import { CredentialResolver } from '../tenancy/credentials.js';
import { RateLimitWindows } from '../http/rate-limit-windows.js';
import { memoryRateLimits } from '../rate-limits/index.js';
import { automationOutputSchemas } from './automation-openapi.js';

/**
 * The contract document of /api/automation against the code: it names exactly the routes the
 * router mounts, and every answer the running server gives — success and error, for every
 * operation — has its status documented, carries the headers the document lists, and parses
 * strictly (no undocumented field) against the schema the document gives for that status; so
 * does every webhook delivery against the payload the document gives for its event type.
 */
type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }>; headers?: Record<string, unknown> }>; security?: unknown[] } & Json;
interface Doc {
  openapi: string;
  info: Json;
  security: Json[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> }; parameters: { name: string }[] } }>;
  components: { schemas: Record<string, Json>; headers: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const BASE = '/api/automation';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let server: TestServer;
let doc: Doc;
const exercised = new Set<string>();

beforeAll(async () => {
  server = await startTestServer({ automationMaxUploadBytes: 1024 });
  const response = await fetch(`${server.url}${BASE}/openapi.json`);
  expect(response.status).toBe(200);
  doc = (await response.json()) as Doc;
});
afterAll(() => server.dispose());

/** The doc path a concrete request path falls under (`/submissions/sub_1` → `/api/automation/submissions/{id}`). */
function docPathOf(path: string): string {
  const concrete = `${BASE}${path.split('?')[0]}`;
  const match = Object.keys(doc.paths).find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(concrete));
  if (!match) throw new Error(`no path of the document matches ${concrete}`);
  return match;
}

interface CallOptions {
  json?: unknown;
  form?: FormData;
  body?: string;
  headers?: Record<string, string>;
  key?: string | null;
  base?: string;
}

/**
 * Calls the server and checks the answer against the document: status documented, documented
 * headers present, JSON body parsed strictly by the named schema. Returns the parsed body.
 */
async function call(method: string, path: string, options: CallOptions = {}): Promise<{ status: number; body: Json; headers: Headers }> {
  const key = options.key === undefined ? server.demo.automationKey : options.key;
  const response = await fetch(`${options.base ?? server.url}${BASE}${path}`, {
    method: method.toUpperCase(),
    headers: {
      ...(key ? { 'x-api-key': key } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
    ...(options.form ? { body: options.form } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const docPath = docPathOf(path);
  const operation = doc.paths[docPath]?.[method];
  expect(operation, `${method.toUpperCase()} ${docPath} is in the document`).toBeDefined();
  const answer = operation?.responses[String(response.status)];
  expect(answer, `${method.toUpperCase()} ${docPath} documents ${response.status}`).toBeDefined();
  exercised.add(`${method} ${docPath} ${response.status}`);
  for (const header of Object.keys(answer?.headers ?? {})) expect(response.headers.has(header), `${response.status} carries ${header}`).toBe(true);
  const text = await response.text();
  const ref = answer?.content?.['application/json']?.schema?.$ref;
  if (!ref) return { status: response.status, body: { text }, headers: response.headers };
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const name = ref.split('/').at(-1) as keyof typeof automationOutputSchemas;
  const schema = automationOutputSchemas[name];
  expect(schema, `a zod schema for ${name}`).toBeDefined();
  const parsed = schema.safeParse(JSON.parse(text));
  expect(parsed.error?.issues ?? [], `${method.toUpperCase()} ${path} → ${response.status} as ${name}: ${text.slice(0, 300)}`).toEqual([]);
  return { status: response.status, body: JSON.parse(text) as Json, headers: response.headers };
}

/** `METHOD /path/{param}` of every route an Express router (and the routers it mounts) answers. */
function routesOf(router: Router, prefix = ''): string[] {
  return router.stack.flatMap((layer) => {
    if (layer.route) {
      const route = layer.route as unknown as { path: string; methods: Record<string, boolean> };
      const path = `${prefix}${route.path === '/' && prefix ? '' : route.path}`.replace(/:(\w+)/g, '{$1}');
      return Object.keys(route.methods).map((method) => `${method} ${path}`);
    }
    const inner = layer.handle as unknown as Partial<Router>;
    if (!inner.stack) return [];
    const mount = (layer as unknown as { rawPath?: unknown }).rawPath;
    return routesOf(inner as Router, `${prefix}${typeof mount === 'string' && mount !== '/' ? mount : ''}`);
  });
}

const operationsOf = (d: Doc) =>
  Object.entries(d.paths).flatMap(([path, item]) => Object.keys(item).filter((key) => METHODS.includes(key)).map((method) => `${method} ${path}`));

describe('the document', () => {
  it('is OpenAPI 3.1, public, and names exactly the routes the router mounts', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Automation API', version: expect.any(String) });
    expect(doc.info.description).toContain('docs/automation.md');
    const routes = routesOf(createAutomationSurface(server.ctx, { search: new SubmissionSearch(server.ctx), credentials: new CredentialResolver(server.ctx), rateLimits: new RateLimitWindows(memoryRateLimits(server.ctx.clock)) }), BASE);
    expect(routes.length).toBeGreaterThan(20);
    expect(new Set(operationsOf(doc))).toEqual(new Set(routes));
  });

  it('declares the x-api-key scheme, and every operation but the document itself needs it', () => {
    expect(doc.components.securitySchemes.automationKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.security).toEqual([{ automationKey: [] }]);
    for (const operation of operationsOf(doc)) {
      const [method, path] = operation.split(' ') as [string, string];
      const { security, responses } = doc.paths[path]?.[method] as Operation;
      if (path === `${BASE}/openapi.json`) expect(security).toEqual([]);
      else expect(Object.keys(responses), operation).toEqual(expect.arrayContaining(['401', '429', '500']));
    }
  });

  it('has the shape OpenAPI 3.1 requires: answers with descriptions, declared path parameters, resolvable references', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\/automation\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(item)) {
        expect(METHODS, `${path} has only operations`).toContain(method);
        expect(typeof operation.summary).toBe('string');
        const statuses = Object.keys(operation.responses);
        expect(statuses.some((s) => /^2\d\d$/.test(s)), `${method} ${path} has a success answer`).toBe(true);
        for (const [status, answer] of Object.entries(operation.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          expect(typeof (answer as Json).description).toBe('string');
        }
        const parameters = (operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: Json }[];
        for (const parameter of parameters) {
          expect(['path', 'query', 'header']).toContain(parameter.in);
          expect(parameter.schema).toBeTypeOf('object');
        }
        const inPath = parameters.filter((p) => p.in === 'path');
        expect(inPath.map((p) => p.name).sort(), `${method} ${path} declares its path parameters`).toEqual([...templated].sort());
        for (const parameter of inPath) expect(parameter.required).toBe(true);
        const names = parameters.map((p) => `${p.in}:${p.name}`);
        expect(new Set(names).size, `${method} ${path} parameters are unique`).toBe(names.length);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      const [, section, name] = /^#\/components\/(schemas|headers)\/([A-Za-z]+)$/.exec(ref) ?? [];
      expect(section, `${ref} is a local component reference`).toBeDefined();
      expect(doc.components[section as 'schemas' | 'headers'], ref).toHaveProperty(name as string);
    }
    // Every response component is backed by the zod schema the test parses answers with.
    for (const answer of Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((o) => Object.values(o.responses)))) {
      const ref = answer.content?.['application/json']?.schema?.$ref;
      if (ref) expect(automationOutputSchemas).toHaveProperty(ref.split('/').at(-1) as string);
    }
  });

  it('describes the payload of every event an automation subscription may receive, with the signature headers', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(eventTypesFor('automation').sort());
    for (const [type, { post }] of Object.entries(doc.webhooks)) {
      expect(post.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const name = post.requestBody.content['application/json']?.schema.$ref.split('/').at(-1) as string;
      expect(automationOutputSchemas, type).toHaveProperty(name);
    }
  });

  it('documents the request bodies and list filters from the schemas the handlers parse with', () => {
    const create = doc.components.schemas.SubmissionCreateBody as { required: string[]; properties: Json };
    expect(create.required.sort()).toEqual(['fields', 'profile_id', 'record_id']);
    expect(Object.keys(create.properties).sort()).toEqual(['fields', 'filters', 'profile_id', 'record_id', 'source']);
    const list = doc.paths[`${BASE}/submissions`]?.get?.parameters as { name: string }[];
    expect(list.map((p) => p.name).sort()).toEqual(['cursor', 'limit', 'profile_id', 'q', 'record_id', 'status', 'updated_since']);
    const upload = doc.paths[`${BASE}/resources`]?.post?.requestBody as { content: Record<string, { schema: { $ref: string } }> };
    expect(Object.keys(upload.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(doc.components.schemas.ResourceUpload).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });
    const tooMany = doc.paths[`${BASE}/me`]?.get?.responses['429'];
    expect(Object.keys(tooMany?.headers ?? {}).sort()).toEqual(['RateLimit', 'RateLimit-Policy', 'Retry-After']);
  });
});

describe('real answers parse strictly against the document', () => {
  let recordId = '';
  let submissionId = '';
  let jobId = '';
  const receiver = new WebhookReceiver();

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  it('me, profiles, field mapping', async () => {
    await call('get', '/openapi.json', { key: null });
    expect((await call('get', '/me')).body.orgName).toBe(server.demo.organizationName);
    expect((await call('get', '/me', { key: null })).status).toBe(401);
    expect((await call('get', '/me', { key: server.demo.developerKey })).status).toBe(401);
    const profiles = (await call('get', '/profiles')).body.data as { id: string }[];
    expect(profiles.length).toBeGreaterThan(0);
    for (const { id } of profiles) expect((await call('get', `/profiles/${id}`)).status).toBe(200);
    expect((await call('get', '/profiles/prf_nope')).status).toBe(404);
    expect((await call('get', '/field-mapping')).body.updated_at).toBeNull();
    const set = await call('put', '/field-mapping', { json: { transcript: { Notes: 'text' } } });
    expect(set.body.transcript).toEqual({ Notes: 'text' });
    expect((await call('put', '/field-mapping', { json: { submission: { 'E-mail': 'not a name!' } } })).status).toBe(400);
    expect((await call('put', '/field-mapping', { json: {} })).body.transcript).toEqual({});
  });

  it('submissions: create, repeat, conflict, every 4xx, list pages and filters, detail of every status', async () => {
    recordId = `contract-${Date.now()}`;
    const body = { record_id: recordId, profile_id: 'prf_seed_deal', fields: { company: 'Contract Labs', monthly_revenue: '25,000', team_size: 4 }, filters: ['seed'], source: 'contract-test' };
    const created = await call('post', '/submissions', { json: body });
    expect(created.status).toBe(202);
    ({ submission_id: submissionId, job_id: jobId } = created.body as { submission_id: string; job_id: string });
    expect((await call('post', '/submissions', { json: body })).status).toBe(200);
    expect((await call('post', '/submissions', { json: { ...body, fields: { company: 'Other' } } })).status).toBe(409);
    expect((await call('post', '/submissions', { json: {} })).status).toBe(400);
    expect((await call('post', '/submissions', { json: { ...body, record_id: `${recordId}-other`, profile_id: 'prf_nope' } })).status).toBe(400);
    expect((await call('post', '/submissions', { body: '{"record_id":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    const huge = JSON.stringify({ ...body, fields: { text: 'x'.repeat(2 * 1024 * 1024) } });
    expect((await call('post', '/submissions', { body: huge, headers: { 'content-type': 'application/json' } })).status).toBe(413);
    expect((await call('post', '/submissions', { body: '{}', headers: { 'content-type': 'application/json; charset=iso-8859-1' } })).status).toBe(415);
    // One failed (a required field missing) and one awaiting its person's assessment, for their shapes.
    await call('post', '/submissions', { json: { record_id: `${recordId}-failed`, profile_id: 'prf_studio_operator', fields: { company: 'No One' } } });
    await call('post', '/submissions', {
      json: { record_id: `${recordId}-awaiting`, profile_id: 'prf_preseed_founder', fields: { email: `${recordId}@contract.example`, name: 'Ada', company: 'Engines', founders: [{ name: 'Bo', email: 'bo@contract.example' }] } },
    });
    await settle(server);

    const statuses = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await call('get', `/submissions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      for (const item of page.body.data as { id: string; status: string }[]) {
        statuses.add(item.status);
        expect((await call('get', `/submissions/${item.id}`)).status).toBe(200);
      }
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
    expect([...statuses].sort()).toEqual(['awaiting_assessment', 'completed', 'failed']);
    expect((await call('get', `/submissions/${jobId}`)).body.id).toBe(submissionId);
    for (const query of ['status=failed', 'profile_id=prf_seed_deal', `record_id=${recordId}`, 'updated_since=2020-01-01T00:00:00Z']) {
      expect(((await call('get', `/submissions?${query}`)).body.data as unknown[]).length).toBeGreaterThan(0);
    }
    for (const query of ['limit=0', 'status=done', 'cursor=nope', 'updated_since=yesterday']) expect((await call('get', `/submissions?${query}`)).status).toBe(400);
    expect((await call('get', '/submissions/sub_nope')).status).toBe(404);
  });

  it('resources: a link as JSON, a file as multipart, its bytes, lists, and the 4xx', async () => {
    expect((await call('post', '/resources', { json: { record_id: recordId, url: 'https://files.example.com/deck.pdf', name: 'Deck', content_type: 'application/pdf' } })).status).toBe(201);
    const form = new FormData();
    form.append('submission_id', submissionId);
    form.append('file', new Blob(['cap table v3'], { type: 'text/csv' }), 'cap-table.csv');
    const file = await call('post', '/resources', { form });
    expect(file.body).toMatchObject({ kind: 'file', size_bytes: 12 });
    const content = await call('get', `/resources/${file.body.id as string}/content`);
    expect(content.body.text).toBe('cap table v3');
    expect(content.headers.get('content-type')).toMatch(/^text\/csv/);
    const big = new FormData();
    big.append('record_id', recordId);
    big.append('file', new Blob([new Uint8Array(2048)]), 'big.bin');
    expect((await call('post', '/resources', { form: big })).body.limit_bytes).toBe(1024);
    expect((await call('post', '/resources', { json: { record_id: 'nope', url: 'https://example.com/a' } })).status).toBe(404);
    expect((await call('post', '/resources', { json: { record_id: recordId } })).status).toBe(400);
    expect(((await call('get', `/resources?record_id=${recordId}`)).body.data as unknown[]).length).toBe(2);
    expect((await call('get', '/resources?limit=1')).body.next_cursor).toEqual(expect.any(String));
    expect((await call('get', '/resources?record_id=nope')).status).toBe(404);
    expect((await call('get', `/resources/${file.body.id as string}`)).status).toBe(200);
    expect((await call('get', '/resources/rsc_nope')).status).toBe(404);
    expect((await call('get', '/resources/rsc_nope/content')).status).toBe(404);
  });

  it('transcripts: text with segments as JSON, a text file as multipart, lists, and the 4xx', async () => {
    const segments = [{ speaker: 'Investor', text: 'How big is the market?', start: 0, end: 3.5 }, { speaker: null, text: 'TAM is 4bn.' }];
    expect((await call('post', '/transcripts', { json: { submission_id: submissionId, segments, title: 'Intro call', language: 'en' } })).body.segments).toEqual(segments);
    const form = new FormData();
    form.append('record_id', recordId);
    form.append('file', new Blob(['Founder: we have 40 paying customers.'], { type: 'text/plain' }), 'call-2.txt');
    const fromFile = await call('post', '/transcripts', { form });
    expect(fromFile.body).toMatchObject({ source: 'file', title: 'call-2.txt' });
    const binary = new FormData();
    binary.append('record_id', recordId);
    binary.append('file', new Blob([new Uint8Array([0xff, 0xfe, 0xfd])]), 'call.m4a');
    expect((await call('post', '/transcripts', { form: binary })).status).toBe(400);
    expect((await call('post', '/transcripts', { json: { record_id: 'nope', text: 'hello' } })).status).toBe(404);
    expect(((await call('get', `/transcripts?submission_id=${submissionId}`)).body.data as unknown[]).length).toBe(2);
    expect((await call('get', '/transcripts?limit=1')).status).toBe(200);
    expect((await call('get', `/transcripts/${fromFile.body.id as string}`)).status).toBe(200);
    expect((await call('get', '/transcripts/trn_nope')).status).toBe(404);
  });

  it('webhooks: subscribe, list, event types, read, enable, attempts of a real delivery, both deletes, and the 4xx', async () => {
    const created = await call('post', '/webhooks', { json: { url: receiver.url, description: 'contract' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const hooked = `${recordId}-hook`;
    await call('post', '/submissions', { json: { record_id: hooked, profile_id: 'prf_seed_deal', fields: { company: 'Hooked' } } });
    await call('post', '/submissions', { json: { record_id: `${hooked}-failed`, profile_id: 'prf_studio_operator', fields: { company: 'No One' } } });
    await call('post', '/submissions', { json: { record_id: `${hooked}-awaiting`, profile_id: 'prf_preseed_founder', fields: { email: `${hooked}@contract.example`, name: 'Cy', company: 'Waits' } } });
    await call('post', '/resources', { json: { record_id: hooked, url: 'https://files.example.com/memo.pdf' } });
    await call('post', '/transcripts', { json: { record_id: hooked, text: 'Our moat is the network effect.' } });
    await receiver.waitFor(1);
    await settle(server);

    // Every delivery parses strictly as the payload the document gives for its event type.
    for (const event of receiver.events()) {
      const name = doc.webhooks[event.type]?.post.requestBody.content['application/json']?.schema.$ref.split('/').at(-1) as keyof typeof automationOutputSchemas;
      const parsed = automationOutputSchemas[name].safeParse(event);
      expect(parsed.error?.issues ?? [], `${event.type} as ${name}`).toEqual([]);
    }
    const delivered = new Set(receiver.events().map((event) => event.type));
    expect([...delivered].sort()).toEqual(eventTypesFor('automation').filter((type) => type !== 'assessment.completed').sort());
    const attempts = await call('get', `/webhooks/${id}/attempts`);
    expect((attempts.body.data as { outcome: string }[])[0]?.outcome).toBe('delivered');
    expect((await call('get', `/webhooks/${id}/attempts?cursor=nope`)).status).toBe(400);
    // A well-formed cursor of this list whose attempt is gone (pruned by retention): 400 naming the cursor, not 500.
    const gone = await call('get', `/webhooks/${id}/attempts?cursor=${encodeCursor(`attempts.${id}`, 'att_pruned')}`);
    expect(gone.status).toBe(400);
    expect(JSON.stringify(gone.body)).toContain('no longer exists');
    expect((await call('get', '/webhooks/whk_nope/attempts')).status).toBe(404);
    expect(((await call('get', '/webhooks')).body.data as unknown[]).length).toBe(1);
    expect((await call('get', '/webhooks/event-types')).status).toBe(200);
    expect((await call('get', `/webhooks/${id}`)).status).toBe(200);
    expect((await call('post', `/webhooks/${id}/enable`)).status).toBe(200);
    expect((await call('post', '/webhooks', { json: { url: 'http://10.0.0.1/hook' } })).status).toBe(400);
    expect((await call('delete', `/webhooks/${id}`)).status).toBe(204);
    expect((await call('get', `/webhooks/${id}`)).status).toBe(404);
    expect((await call('delete', `/webhooks/${id}`)).status).toBe(404);
    expect((await call('post', '/webhooks/whk_nope/enable')).status).toBe(404);
    const second = await call('post', '/webhooks', { json: { url: receiver.url } });
    expect((await call('delete', `/webhooks?id=${second.body.id as string}`)).status).toBe(204);
    expect((await call('delete', '/webhooks')).status).toBe(400);
    expect((await call('delete', '/webhooks?id=whk_nope')).status).toBe(404);
  });

  it('429 with Retry-After and RateLimit headers once a key spends its minute', async () => {
    const limited = await startTestServer({ automationRateLimitPerMinute: 1 });
    try {
      const key = limited.demo.automationKey;
      expect((await call('get', '/me', { base: limited.url, key })).status).toBe(200);
      const refused = await call('get', '/profiles', { base: limited.url, key });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retry_after);
    } finally {
      await limited.dispose();
    }
  });

  it('exercised a success answer of every operation of the document', () => {
    const succeeded = new Set([...exercised].filter((e) => /\s2\d\d$/.test(e)).map((e) => e.replace(/\s\d+$/, '')));
    expect(operationsOf(doc).filter((operation) => !succeeded.has(operation))).toEqual([]);
  });
});
