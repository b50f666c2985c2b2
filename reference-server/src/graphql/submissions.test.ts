import { describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import { encodeCursor } from '../http/cursor.js';
import { settle, WebhookReceiver } from 'reference-server/testing';
import { codes, CREATE, fieldsNamed, graphqlFixture, type Json } from '../../testing/graphql-fixture.js';
import { LIMITS } from './rules.js';
import { renderReportMarkdown } from './submission-report.js';

/**
 * The submissions part of the partner GraphQL API, through HTTP as a partner calls it: the
 * demo partner credential and OAuth access tokens from the real sign-in flow, read back through
 * the Automation API to prove both surfaces serve the same records.
 */
const fx = graphqlFixture();
const { run, rest, oauthToken, create, nextRecord, partner } = fx;

describe('profiles', () => {
  it('lists the organisation profiles the Automation API lists', async () => {
    const body = await run(partner(), '{ profiles { id name kind requiredFields assessmentRequired criteria { key weight rule } } }');
    const profiles = (body.data as { profiles: { id: string; kind: string; assessmentRequired: boolean; criteria: { key: string; rule: Json }[] }[] }).profiles;
    const direct = (await rest('/profiles')).body.data as { id: string; kind: string; assessment_required: boolean; criteria: { key: string; rule: Json }[] }[];
    expect(profiles.map((p) => p.id)).toEqual(direct.map((p) => p.id));
    expect(profiles.map((p) => [p.kind.toLowerCase(), p.assessmentRequired])).toEqual(direct.map((p) => [p.kind, p.assessment_required]));
    expect(profiles[0]?.criteria.map((c) => c.rule)).toEqual(direct[0]?.criteria.map((c) => c.rule));
  });
});

describe('createSubmission', () => {
  it('creates the record the Automation API reads back, and a repeat returns it', async () => {
    const input = { recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: 'Acme Robotics', website: 'https://acme.example' }, filters: ['fund-ii'], source: 'graphql-test' };
    const created = await create(input);
    expect(created.existing).toBe(false);
    expect(created.submission).toMatchObject({ recordId: input.recordId, profileId: 'prf_seed_deal', status: 'QUEUED', source: 'graphql-test', fields: input.fields, filters: input.filters });
    expect(created.submission.id).toMatch(/^sub_/);
    expect(created.submission.jobId).toBe(`job_${created.submission.id.slice(4)}`);

    const listed = await rest(`/submissions?record_id=${input.recordId}`);
    const [item] = listed.body.data as Json[];
    expect(item).toMatchObject({
      id: created.submission.id,
      job_id: created.submission.jobId,
      record_id: input.recordId,
      profile_id: 'prf_seed_deal',
      fields: input.fields,
      filters: input.filters,
      source: input.source,
      created_at: created.submission.createdAt,
    });
    expect((await rest(`/submissions/${created.submission.jobId}`)).body.id).toBe(created.submission.id);

    const again = await create(input);
    expect(again.existing).toBe(true);
    expect(again.submission.id).toBe(created.submission.id);
    const restAgain = await rest('/submissions', { method: 'POST', json: { record_id: input.recordId, profile_id: input.profileId, fields: input.fields } });
    expect(restAgain).toMatchObject({ status: 200, body: { submission_id: created.submission.id, existing: true } });
  });

  it('refuses a repeated recordId with different fields as a CONFLICT naming them', async () => {
    const input = { recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: 'Borealis' } };
    const first = await create(input);
    const body = await run(partner(), CREATE, { input: { ...input, fields: { company: 'Borealis Labs' } } });
    expect(body.data).toEqual({ createSubmission: null });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', submissionId: first.submission.id, jobId: first.submission.jobId });
    expect(fieldsNamed(body)).toEqual(['fields']);
  });

  it('emits the same submission.queued event as the REST create', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const hook = await rest('/webhooks', { method: 'POST', json: { url: receiver.url, events: ['submission.queued'] } });
      expect(hook.status).toBe(201);
      const viaGraphql = await create({ recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: 'Cobalt' } });
      const viaRest = await rest('/submissions', { method: 'POST', json: { record_id: nextRecord(), profile_id: 'prf_seed_deal', fields: { company: 'Dune' } } });
      await receiver.waitFor(2);
      const events = receiver.deliveries.map((d) => JSON.parse(d.rawBody) as { type: string; organization_id: string; data: Json });
      const byId = (id: unknown) => events.find((e) => e.data.id === id);
      const fromGraphql = byId(viaGraphql.submission.id);
      const fromRest = byId(viaRest.body.submission_id);
      expect(fromGraphql).toMatchObject({ type: 'submission.queued', organization_id: fx.server.demo.organizationId, data: { job_id: viaGraphql.submission.jobId, status: 'queued' } });
      expect(fromRest?.type).toBe('submission.queued');
      expect(Object.keys(fromGraphql?.data ?? {}).sort()).toEqual(Object.keys(fromRest?.data ?? {}).sort());
      await rest(`/webhooks/${(hook.body as { id: string }).id}`, { method: 'DELETE' });
    } finally {
      await receiver.stop();
    }
  });

  it('answers invalid input with BAD_USER_INPUT naming each field', async () => {
    const invalid = await run(partner(), CREATE, { input: { recordId: '', profileId: 'prf_seed_deal', fields: ['not', 'an', 'object'], source: 'x'.repeat(101) } });
    expect(invalid.data).toEqual({ createSubmission: null });
    expect(codes(invalid)).toEqual(['BAD_USER_INPUT']);
    expect(fieldsNamed(invalid)).toEqual(['recordId', 'fields', 'source']);
    for (const field of ['recordId', 'fields', 'source']) expect(invalid.errors?.[0]?.message).toContain(field);

    const unknownProfile = await run(partner(), CREATE, { input: { recordId: nextRecord(), profileId: 'prf_nope', fields: { company: 'X' } } });
    expect(fieldsNamed(unknownProfile)).toEqual(['profileId']);

    // A missing required input field is the schema's own error: nothing runs.
    const missing = await run(partner(), 'mutation { createSubmission(input: {recordId: "r", fields: {}}) { existing } }');
    expect(missing.data).toBeUndefined();
    expect(missing.errors?.[0]?.message).toContain('profileId');
  });

  it('takes fields as an inline GraphQL object literal', async () => {
    const recordId = nextRecord();
    const body = await run(
      partner(),
      `mutation { createSubmission(input: {recordId: "${recordId}", profileId: "prf_seed_deal", fields: {company: "Elm", team_size: 4, founders: [{name: "A", email: "a@elm.example"}]}}) { submission { fields } } }`,
    );
    expect(body.data).toEqual({ createSubmission: { submission: { fields: { company: 'Elm', team_size: 4, founders: [{ name: 'A', email: 'a@elm.example' }] } } } });
  });
});

describe('submissions (list)', () => {
  const PAGE = `query listSubmissionsQuery($first: Int, $after: String, $status: SubmissionStatus, $profileId: ID, $recordId: String) {
    submissions(first: $first, after: $after, status: $status, profileId: $profileId, recordId: $recordId) {
      nodes { id recordId status score { overall band } }
      edges { cursor node { id } }
      pageInfo { hasNextPage endCursor }
    }
  }`;
  interface Page {
    nodes: { id: string; recordId: string; status: string; score: { overall: number; band: string } | null }[];
    edges: { cursor: string; node: { id: string } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  }
  const page = async (variables: Json, token = partner()): Promise<Page> => {
    const body = await run(token, PAGE, variables);
    expect(body.errors).toBeUndefined();
    return (body.data as { submissions: Page }).submissions;
  };

  it('pages through every submission newest first, in the order the Automation API lists them', async () => {
    for (let i = 0; i < 5; i += 1) await create({ recordId: nextRecord(), profileId: 'prf_seed_deal', fields: { company: `Page Co ${i}` } });
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const current: Page = await page({ first: 3, ...(after ? { after } : {}) });
      expect(current.nodes.length).toBeLessThanOrEqual(3);
      expect(current.edges.map((e) => e.node.id)).toEqual(current.nodes.map((s) => s.id));
      seen.push(...current.nodes.map((s) => s.id));
      after = current.pageInfo.hasNextPage ? current.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    const direct = (await rest('/submissions?limit=100')).body.data as { id: string }[];
    expect(seen).toEqual(direct.map((s) => s.id));
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(direct.length / 3));
  });

  it('shares its opaque cursor with the Automation API list', async () => {
    const first = await page({ first: 2 });
    const edgeCursor = first.edges[1]?.cursor as string;
    expect(edgeCursor).toBe(first.pageInfo.endCursor);
    const restNext = (await rest(`/submissions?limit=2&cursor=${encodeURIComponent(edgeCursor)}`)).body.data as { id: string }[];
    const gqlNext = await page({ first: 2, after: edgeCursor });
    expect(gqlNext.nodes.map((s) => s.id)).toEqual(restNext.map((s) => s.id));
  });

  it('filters by status, profile and record id', async () => {
    await settle(fx.server);
    const recordId = nextRecord();
    await create({ recordId, profileId: 'prf_studio_operator', fields: { email: 'filter.person@example.com', name: 'Filter Person' } });
    await settle(fx.server);
    const byRecord = await page({ recordId });
    expect(byRecord.nodes).toEqual([expect.objectContaining({ recordId, status: 'AWAITING_ASSESSMENT' })]);
    expect(byRecord.pageInfo.hasNextPage).toBe(false);
    const awaiting = await page({ first: 100, status: 'AWAITING_ASSESSMENT' });
    expect(awaiting.nodes.every((s) => s.status === 'AWAITING_ASSESSMENT')).toBe(true);
    expect(awaiting.nodes.map((s) => s.recordId)).toContain(recordId);
    const direct = (await rest('/submissions?limit=100&profile_id=prf_studio_operator')).body.data as { id: string }[];
    expect((await page({ first: 100, profileId: 'prf_studio_operator' })).nodes.map((s) => s.id)).toEqual(direct.map((s) => s.id));
  });

  it('refuses a page size over the maximum and a cursor that is not one of this list', async () => {
    const tooBig = await run(partner(), PAGE, { first: 101 });
    expect(codes(tooBig)).toEqual(['BAD_USER_INPUT']);
    expect(fieldsNamed(tooBig)).toEqual(['first']);
    const zero = await run(partner(), PAGE, { first: 0 });
    expect(fieldsNamed(zero)).toEqual(['first']);
    for (const after of ['garbage', encodeCursor('webhooks.automation', 'whk_x')]) {
      const body = await run(partner(), PAGE, { after });
      expect(body.data).toBeNull();
      expect(fieldsNamed(body)).toEqual(['after']);
    }
  });

  it('keeps the estimated cost of a page bounded by its size', async () => {
    const deep = (first: number) =>
      `{ submissions(first: ${first}) { nodes { id scores { criteria { key label score evidence } } founders { email assessment { scores { dimensions { dimension percentile band } } } } report { markdown } } } }`;
    expect(codes(await run(partner(), deep(100)))).toEqual(['QUERY_TOO_COSTLY']);
    const small = await run(partner(), deep(2));
    expect(small.errors).toBeUndefined();
    expect(LIMITS.maxCost).toBeGreaterThan(0);
  });
});

describe('submission (one, in full)', () => {
  const GET = `query getSubmissionQuery($id: ID, $recordId: String) {
    submission(id: $id, recordId: $recordId) {
      id recordId status
      score { overall band partial assessment }
      scores { status overall band partial assessment criteria { key label weight score evidence } }
      founders { name email role primary fit assessment { id email revision scores { composite { percentile } } } }
      report { summary strengths concerns generatedAt markdown }
      profile { name }
    }
  }`;
  interface Full {
    id: string;
    recordId: string;
    status: string;
    score: { overall: number; band: string; partial: boolean; assessment: string } | null;
    scores: { status: string; overall: number | null; band: string | null; partial: boolean; assessment: string | null; criteria: { key: string; label: string; weight: number; score: number | null; evidence: string }[] };
    founders: { name: string | null; email: string | null; role: string | null; primary: boolean; fit: number | null; assessment: { id: string; email: string; revision: number } | null }[];
    report: { summary: string; strengths: string[]; concerns: string[]; generatedAt: string; markdown: string } | null;
    profile: { name: string };
  }
  const get = async (variables: Json, token = partner()): Promise<Full | null> => {
    const body = await run(token, GET, variables);
    expect(body.errors).toBeUndefined();
    return (body.data as { submission: Full | null }).submission;
  };

  async function assess(email: string, fullName: string, seed: number): Promise<string> {
    const answers = Object.fromEntries(Array.from({ length: 127 }, (_, i) => [`q${i + 5}`, ((i + seed) % 6) + 1]));
    const reply = await rest('/assessment/submit', { method: 'POST', base: '/api/v1', key: fx.server.demo.developerKey, json: { email, full_name: fullName, ...answers } });
    expect(reply.status).toBe(200);
    return reply.body.responseId as string;
  }

  it('serves scores, founders and report: awaiting the assessment, then completed when it arrives', async () => {
    const cofounderResult = await assess('grace.cofounder@example.com', 'Grace Cofounder', 2);
    const recordId = nextRecord();
    const { submission } = await create({
      recordId,
      profileId: 'prf_preseed_founder',
      fields: {
        email: 'Ada.Founder@Example.com',
        name: 'Ada Founder',
        company: 'Analytical Engines',
        stage: 'Seed',
        industry: 'SaaS',
        pitch: 'Paying customers and a pilot with two banks',
        founders: [{ name: 'Grace Cofounder', email: 'GRACE.COFOUNDER@example.com', role: 'CTO' }],
      },
    });
    await settle(fx.server);
    const awaiting = (await get({ recordId })) as Full;
    const detail = (await rest(`/submissions/${submission.id}`)).body as { score: Json; criteria: { key: string; score: number | null }[]; report: { summary: string } };
    expect(awaiting.status).toBe('AWAITING_ASSESSMENT');
    expect(awaiting.scores).toMatchObject({ status: 'AWAITING_ASSESSMENT', partial: true, assessment: 'PENDING', overall: detail.score.overall });
    expect(awaiting.scores.criteria.map((c) => [c.key, c.score])).toEqual(detail.criteria.map((c) => [c.key, c.score]));
    expect(awaiting.scores.criteria.find((c) => c.key === 'founder_fit')?.score).toBeNull();
    expect(awaiting.report?.summary).toBe(detail.report.summary);
    expect(awaiting.report?.markdown).toContain('partial: the assessment is still pending');
    // The people come from the fields; a result is matched by email whatever its case.
    expect(awaiting.founders.map((f) => [f.email, f.primary, f.assessment?.id ?? null, f.fit])).toEqual([
      ['ada.founder@example.com', true, null, null],
      ['grace.cofounder@example.com', false, cofounderResult, expect.any(Number)],
    ]);

    const adaResult = await assess('ada.founder@example.com', 'Ada Founder', 4);
    // An attachment re-queues scoring, and every run looks the person's result up itself: this
    // re-score does not depend on how the assessment event reaches the processor.
    const transcript = await rest('/transcripts', { method: 'POST', json: { submission_id: submission.id, text: 'We have paying customers and retention above 90%.' } });
    expect(transcript.status).toBe(201);
    await settle(fx.server);
    const completed = (await get({ id: submission.jobId })) as Full;
    const after = (await rest(`/submissions/${submission.id}`)).body as { score: { overall: number; band: string }; founders: { email: string; assessment: { fit: number } | null }[]; report: { summary: string; generated_at: string } };
    expect(completed.id).toBe(submission.id);
    expect(completed.status).toBe('COMPLETED');
    expect(completed.score).toEqual({ ...after.score, band: after.score.band.toUpperCase(), assessment: 'INCLUDED' });
    expect(completed.founders.map((f) => [f.email, f.assessment?.id, f.fit])).toEqual(after.founders.map((f, i) => [f.email, [adaResult, cofounderResult][i], f.assessment?.fit]));
    expect(completed.founders[1]?.role).toBe('CTO');
    expect(completed.report?.generatedAt).toBe(after.report.generated_at);
    expect(completed.report?.markdown).toContain(`**Overall ${after.score.overall} / 100 (${after.score.band})**`);
    for (const criterion of completed.scores.criteria) expect(completed.report?.markdown).toContain(`| ${criterion.label} | ${criterion.weight} | ${criterion.score} |`);
    expect((await get({ id: submission.id }))?.report?.markdown).toBe(completed.report?.markdown);
  });

  it('has no score and no report after a failed run, and still lists the people', async () => {
    const recordId = nextRecord();
    await create({ recordId, profileId: 'prf_preseed_founder', fields: { email: 'no.company@example.com', name: 'No Company' } });
    await settle(fx.server);
    const failed = (await get({ recordId })) as Full & { error?: unknown };
    expect(failed.status).toBe('FAILED');
    expect(failed.score).toBeNull();
    expect(failed.scores).toEqual({ status: 'FAILED', overall: null, band: null, partial: false, assessment: null, criteria: [] });
    expect(failed.report).toBeNull();
    expect(failed.founders).toEqual([{ name: 'No Company', email: 'no.company@example.com', role: 'Founder', primary: true, fit: null, assessment: null }]);
    const error = await run(partner(), `{ submission(recordId: "${recordId}") { error { code fields } } }`);
    expect(error.data).toEqual({ submission: { error: { code: 'missing_required_fields', fields: ['company'] } } });
  });

  it('is null for an unknown id, and asks for exactly one of id and recordId', async () => {
    expect(await get({ id: 'sub_nope' })).toBeNull();
    expect(await get({ recordId: 'never-submitted' })).toBeNull();
    for (const variables of [{}, { id: 'sub_x', recordId: 'r' }]) {
      const body = await run(partner(), GET, variables);
      expect(fieldsNamed(body)).toEqual(['id', 'recordId']);
    }
  });
});

describe('the report text', () => {
  it('escapes what the submission wrote, so it cannot break the table or add headings', () => {
    const markdown = renderReportMarkdown({
      submission: { recordId: 'r|1', fields: { company: '# Pwn | co\n## x' } },
      profileName: 'P',
      evaluation: {
        score: { overall: 50, band: 'mixed', partial: false, assessment: 'not_required' },
        criteria: [{ key: 'k', label: 'L', weight: 1, score: 50, evidence: 'a | b\nc' }],
        founders: [],
        report: { summary: 's', strengths: [], concerns: [], generated_at: '2026-01-01T00:00:00.000Z' },
      },
    });
    expect(markdown.split('\n')[0]).toBe('# \\# Pwn \\| co \\#\\# x');
    expect(markdown).toContain('| L | 1 | 50 | a \\| b c |');
    expect(markdown.match(/^#+ /gm)).toEqual(['# ', '## ', '## ', '## ']);
  });
});
