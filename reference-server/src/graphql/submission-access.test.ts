import { describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import { encodeCursor } from '../http/cursor.js';
import { graphql } from 'reference-server/testing';
import { codes, CREATE, fieldsNamed, graphqlFixture, type Json } from '../../testing/graphql-fixture.js';

/**
 * Who may see and do what in the submissions part of the partner GraphQL API: the subscriptions of
 * both APIs without secrets, one organisation never reaching another's, OAuth scopes and a partner
 * credential's allowlist.
 */
const fx = graphqlFixture();
const { run, rest, oauthToken, create, nextRecord, partner } = fx;

describe('webhookSubscriptions', () => {
  it('lists the organisation subscriptions of both APIs, never a secret', async () => {
    const created = await rest('/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/hooks/a', events: ['submission.completed'], description: 'CRM sync' } });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    const response = await graphql(fx.server, partner(), 'query getWebhookSubscriptionsQuery { webhookSubscriptions { id surface url events description status createdAt } }');
    const text = await response.text();
    expect(text).not.toContain(secret);
    const { data } = JSON.parse(text) as { data: { webhookSubscriptions: Json[] } };
    expect(data.webhookSubscriptions[0]).toEqual({
      id: created.body.id,
      surface: 'AUTOMATION',
      url: 'http://127.0.0.1:9/hooks/a',
      events: ['submission.completed'],
      description: 'CRM sync',
      status: 'ACTIVE',
      createdAt: created.body.created_at,
    });
    expect((await run(partner(), '{ webhookSubscriptions(surface: ASSESSMENT) { id } }')).data).toEqual({ webhookSubscriptions: [] });
  });
});

describe('organisation isolation', () => {
  it("never shows or continues another organisation's submissions, profiles or subscriptions", async () => {
    const mine = await create({ recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: 'Private Co' } });
    expect((await run(fx.otherPartner, '{ submission(id: "' + mine.submission.id + '") { id } }')).data).toEqual({ submission: null });
    expect((await run(fx.otherPartner, `{ submission(recordId: "${mine.submission.recordId}") { id } }`)).data).toEqual({ submission: null });
    expect((await run(fx.otherPartner, '{ submissions { nodes { id } pageInfo { hasNextPage } } profiles { id } webhookSubscriptions { id } }')).data).toEqual({
      submissions: { nodes: [], pageInfo: { hasNextPage: false } },
      profiles: [],
      webhookSubscriptions: [],
    });
    const borrowed = await run(fx.otherPartner, '{ submissions(after: "' + encodeCursor('submissions', mine.submission.id) + '") { nodes { id } } }');
    expect(fieldsNamed(borrowed)).toEqual(['after']);
    const theirs = await run(fx.otherPartner, CREATE, { input: { recordId: mine.submission.recordId, profileId: 'prf_seed_deal', fields: { company: 'Private Co' } } });
    expect(fieldsNamed(theirs)).toEqual(['profileId']);
    expect(((await rest('/submissions', { key: fx.otherAutomationKey })).body.data as unknown[]).length).toBe(0);
  });
});

describe('scopes and the allowlist', () => {
  it('reads submissions with profile, creates and reads subscriptions only with all', async () => {
    const basic = await oauthToken('basic');
    expect(codes(await run(basic, '{ submissions { nodes { id } } }'))).toEqual(['INSUFFICIENT_SCOPE']);
    expect(codes(await run(basic, '{ profiles { id } }'))).toEqual(['INSUFFICIENT_SCOPE']);

    const profile = await oauthToken('profile');
    const read = await run(profile, '{ submissions(first: 1) { nodes { id } } submission(recordId: "x") { id } profiles { id } }');
    expect(read.errors).toBeUndefined();
    const write = await run(profile, CREATE, { input: { recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: 'No' } } });
    expect(write.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_SCOPE');
    expect(write.errors?.[0]?.message).toContain('"all"');
    expect(codes(await run(profile, '{ webhookSubscriptions { id } }'))).toEqual(['INSUFFICIENT_SCOPE']);

    const all = await oauthToken('all');
    const created = await create({ recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: 'Via OAuth' } }, all);
    expect((await rest(`/submissions/${created.submission.id}`)).body.record_id).toBe(created.submission.recordId);
    expect((await run(all, '{ webhookSubscriptions { id } }')).errors).toBeUndefined();
  });

  it('refuses the fields of operations a credential was not given, whatever the document is called', async () => {
    const issued = (await operate(fx.server.sandbox, 'partner.create', { orgId: fx.server.demo.organizationId, operations: ['listSubmissionsQuery'] })) as { secret: string };
    expect((await run(issued.secret, '{ submissions(first: 1) { nodes { id } } }')).errors).toBeUndefined();
    const write = await run(issued.secret, CREATE, { input: { recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: 'No' } } });
    expect(write.data).toBeUndefined();
    expect(write.errors?.[0]).toMatchObject({ extensions: { code: 'OPERATION_NOT_ALLOWED' } });
    expect(write.errors?.[0]?.message).toContain('createSubmissionMutation');
    const disguised = await run(issued.secret, 'query listSubmissionsQuery { submissions { nodes { id } } webhookSubscriptions { id } submission(id: "x") { id } }');
    expect(disguised.errors?.map((e) => e.message.match(/needs the operation (\w+)/)?.[1])).toEqual(['getWebhookSubscriptionsQuery', 'getSubmissionQuery']);
  });
});
