import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestServer, type TestServer } from 'reference-server/testing';
import { operate } from '../cli.js';
import { automationOutputSchemas } from '../automation/automation-openapi.js';
import { EVENT_TYPES, type EventType } from '../webhooks/index.js';
import { sampleEventData } from './sample-events.js';

/**
 * A test event must carry what a real one of its type carries: its data parses strictly against
 * the schema the contract documents give (automation types), or has exactly the shape the real
 * assessment events have; in an organisation with records it is the newest real one.
 */
let server: TestServer;
let freshOrg: string;

beforeAll(async () => {
  server = await startTestServer();
  freshOrg = ((await operate(server.sandbox, 'org.create', { name: 'Empty Ventures' })) as { id: string }).id;
});

afterAll(() => server?.dispose());

const componentOf = (type: string) => `${type.replace(/(^|[._])(\w)/g, (_m, _sep: string, letter: string) => letter.toUpperCase())}Event`;
const payloadSchema = (type: EventType) => (automationOutputSchemas as unknown as Record<string, z.ZodType | undefined>)[componentOf(type)];

/** The key structure of a value: what two results of the same kind share whatever their numbers. */
const shape = (value: unknown): unknown =>
  value === null || typeof value !== 'object' ? typeof value : Array.isArray(value) ? value.map(shape) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));

describe('test event samples', () => {
  for (const { type, surfaces } of EVENT_TYPES) {
    it(`${type}: the contract's shape, in an empty organisation and in the demo one`, async () => {
      for (const orgId of [freshOrg, server.demo.organizationId]) {
        const data = await sampleEventData(server.ctx, orgId, type);
        const payload = { id: 'evt_test_x', type, created_at: new Date().toISOString(), organization_id: orgId, data };
        const schema = (surfaces as readonly string[]).includes('automation') ? payloadSchema(type) : undefined;
        if (schema && !type.startsWith('assessment.')) expect(schema.safeParse(payload).error?.issues ?? []).toEqual([]);
        else expect(shape(data)).toMatchObject(shape(await sampleEventData(server.ctx, server.demo.organizationId, 'assessment.completed')) as object);
      }
    });
  }

  it('uses the newest real record when the organisation has one', async () => {
    const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.demo.automationKey } })).json()) as { data: { id: string }[] };
    await fetch(`${server.url}/api/automation/submissions`, {
      method: 'POST',
      headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: 'sample-newest', profile_id: profiles.data[0]?.id, fields: { email: 'new@startup.example', name: 'Newest Founder', company: 'New Co' } }),
    });
    expect(await sampleEventData(server.ctx, server.demo.organizationId, 'submission.queued')).toMatchObject({ record_id: 'sample-newest', status: 'queued', score: null });

    // The demo organisation's one stored result, not the made-up one.
    expect(await sampleEventData(server.ctx, server.demo.organizationId, 'assessment.completed')).toMatchObject({ email: 'jordan.rivera@founders.example', full_name: 'Jordan Rivera', revision: 1 });
    expect(await sampleEventData(server.ctx, freshOrg, 'assessment.completed')).toMatchObject({ result_id: 'res_sample' });
    expect(await sampleEventData(server.ctx, server.demo.organizationId, 'assessment.replaced')).toMatchObject({ revision: 2, previous_revision: 1 });
  });
});
