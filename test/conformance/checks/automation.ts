import { ensure, ensureEqual, ensureRestError, ensureStatus, field, isObject, jsonObject, type JsonObject, okJson } from '../assert.js';
import type { Reply } from '../http.js';
import type { Check, CheckContext } from '../runner.js';

export const automationKey = (t: CheckContext) => ({ 'x-api-key': t.cred('automationKey') });

const PROFILES = { path: '/api/automation/profiles', credential: 'automationKey' } as const;
const SUBMISSIONS = { path: '/api/automation/submissions', credential: 'automationKey' } as const;

/** The records of a list reply: a bare array, or the one array in the body (`data`, `profiles`, …). */
export function listItems(reply: Reply): JsonObject[] {
  ensureStatus(reply, 200);
  const body = reply.json;
  const items = Array.isArray(body)
    ? body
    : isObject(body)
      ? (Object.values(body).filter(Array.isArray) as unknown[][]).at(0)
      : undefined;
  ensure(items, `no list in the body: ${reply.text.slice(0, 200)}`);
  ensure(items.every(isObject), 'a list item is not an object');
  return items as JsonObject[];
}

/** The first profile id of the organisation, to submit into. */
export function firstProfileId(t: CheckContext): Promise<string> {
  return t.shared('automation.profile', async (s) => {
    const profiles = listItems(await s.http.get('/api/automation/profiles', { headers: automationKey(s) }));
    ensure(profiles.length > 0, 'the organisation has no profile to submit into');
    return field<string>(profiles[0] as JsonObject, 'id', 'string');
  });
}

export function submissionBody(t: CheckContext, profileId: string, recordId = t.unique('rec-')): Record<string, unknown> {
  return {
    record_id: recordId,
    profile_id: profileId,
    fields: { email: `${recordId}@conformance.example`, name: 'Conformance Founder', company: 'Conformance Labs' },
    source: 'conformance',
  };
}

export async function createSubmission(t: CheckContext, body?: Record<string, unknown>): Promise<{ recordId: string; jobId: string; reply: Reply }> {
  const payload = body ?? submissionBody(t, await firstProfileId(t));
  const reply = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: payload });
  ensure(reply.status >= 200 && reply.status < 300, `expected a 2xx, got ${reply.status}`);
  const created = jsonObject(reply);
  ensureEqual(created.status, 'queued', 'status');
  const jobId = field<string>(created, 'job_id', 'string');
  ensure(/^job_.+/.test(jobId), `job_id "${jobId}" is not of the form job_<id>`);
  return { recordId: String(payload.record_id), jobId, reply };
}

const missingFieldChecks: Check[] = (['record_id', 'profile_id', 'fields'] as const).map((name) => ({
  id: `automation.submissions.missing-${name.replace('_', '-')}`,
  route: SUBMISSIONS,
  clause: `Errors · Automation API 400 (${name} missing on submission create)`,
  title: `a submission without ${name}, or with it ${name === 'fields' ? 'null' : 'empty'}, is a 400 that names it`,
  needs: ['automationKey'],
  async run(t: CheckContext) {
    for (const value of [undefined, name === 'fields' ? null : '']) {
      const body = submissionBody(t, await firstProfileId(t));
      if (value === undefined) delete body[name];
      else body[name] = value;
      const reply = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: body });
      ensure(reply.status === 400, `${name} ${value === undefined ? 'missing' : JSON.stringify(value)} was answered ${reply.status}, not 400 (Errors · Automation API 400: ${name} missing on submission create)`);
      ensureRestError(reply, 400, 'Bad Request');
      ensure(reply.text.includes(name), `the 400 body does not name ${name}`);
    }
  },
}));

/** A create body with one value wrong: a 400 that names the field. */
const wrongValueChecks: Check[] = [
  {
    id: 'automation.submissions.unknown-profile',
    clause: 'Resources · submission create body (profile_id: an id from the profiles list)',
    title: 'a profile_id that is not in the profiles list is a 400 that names profile_id',
    name: 'profile_id',
    body: async (t: CheckContext) => submissionBody(t, t.unique('no-such-profile-')),
  },
  {
    id: 'automation.submissions.fields-object',
    clause: 'Resources · submission create body (fields: object, required)',
    title: 'fields that are not an object is a 400 that names fields',
    name: 'fields',
    body: async (t: CheckContext) => ({ ...submissionBody(t, await firstProfileId(t)), fields: ['not', 'an', 'object'] }),
  },
].map(({ name, body, ...check }) => ({
  ...check,
  route: SUBMISSIONS,
  needs: ['automationKey'],
  async run(t: CheckContext) {
    const reply = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: await body(t) });
    ensureRestError(reply, 400, 'Bad Request');
    ensure(reply.text.includes(name), `the 400 body does not name ${name}`);
  },
}));

export const automationChecks: Check[] = [
  {
    id: 'automation.me',
    clause: 'Resources · Automation API records (me); Endpoints · GET /api/automation/me',
    title: 'GET /api/automation/me confirms the key with {user, orgName}',
    needs: ['automationKey'],
    async run(t) {
      const body = okJson(await t.http.get('/api/automation/me', { headers: automationKey(t) }));
      const user = field<string>(body, 'user', 'string');
      ensure(/^[^@\s]+@[^@\s]+$/.test(user), `user is not the key owner's email: ${user}`);
      ensure(field<string>(body, 'orgName', 'string').trim().length > 0, 'orgName is empty');
    },
  },
  {
    id: 'automation.profiles.list',
    route: PROFILES,
    clause: 'Endpoints · GET /api/automation/profiles; Resources · profile',
    title: 'profiles list the frameworks a submission can be made into, each with an id',
    needs: ['automationKey'],
    async run(t) {
      const profiles = listItems(await t.http.get('/api/automation/profiles', { headers: automationKey(t) }));
      ensure(profiles.length > 0, 'no profiles');
      for (const profile of profiles) field(profile, 'id', 'string');
    },
  },
  {
    id: 'automation.submissions.create',
    route: SUBMISSIONS,
    clause: 'Endpoints · POST /api/automation/submissions; States · automation submission queued',
    title: 'a submission is queued: {status: "queued", job_id: "job_<id>"}',
    needs: ['automationKey'],
    async run(t) {
      await createSubmission(t);
    },
  },
  ...missingFieldChecks,
  ...wrongValueChecks,
  {
    id: 'automation.submissions.listed',
    route: SUBMISSIONS,
    clause: 'Endpoints · GET /api/automation/submissions',
    title: 'a created submission appears in the list with its record_id and job_id',
    needs: ['automationKey'],
    async run(t) {
      const { recordId, jobId } = await createSubmission(t);
      const items = listItems(await t.http.get(`/api/automation/submissions?record_id=${encodeURIComponent(recordId)}`, { headers: automationKey(t) }));
      const found = items.find((item) => item.record_id === recordId);
      ensure(found, `record ${recordId} is not in the list`);
      ensureEqual(found.job_id, jobId, 'job_id in the list');
    },
  },
  {
    id: 'automation.submissions.pagination',
    route: SUBMISSIONS,
    clause: 'Endpoints · GET /api/automation/submissions (pagination scheme not shown: docs/automation.md, limit + next_cursor)',
    title: 'pages of limit=2 follow next_cursor, newest first, without repeating or skipping a submission',
    needs: ['automationKey'],
    async run(t) {
      const created: string[] = [];
      for (let i = 0; i < 3; i += 1) created.push((await createSubmission(t)).recordId);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 50 && created.some((r) => !seen.includes(r)); page += 1) {
        const reply = await t.http.get(`/api/automation/submissions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: automationKey(t) });
        const items = listItems(reply);
        ensure(items.length <= 2, `${items.length} items on a page of limit=2`);
        seen.push(...items.map((item) => String(item.record_id)));
        const next = jsonObject(reply).next_cursor;
        if (typeof next !== 'string') break;
        cursor = next;
      }
      ensureEqual(new Set(seen).size, seen.length, 'distinct submissions across pages');
      const order = created.map((r) => seen.indexOf(r));
      ensure(order.every((i) => i >= 0), `created submissions missing from the pages: ${created.filter((r) => !seen.includes(r)).join(', ')}`);
      ensureEqual(order, [...order].sort((a, b) => b - a), 'positions of the three new submissions (newest first)');
    },
  },
  {
    id: 'automation.submissions.repeated-record-id',
    route: SUBMISSIONS,
    clause: 'Resources · submission create body (record_id unique id from the caller); docs/automation.md',
    title: 'resending the same record_id returns the existing job, never a duplicate; different fields are a 409',
    needs: ['automationKey'],
    async run(t) {
      const body = submissionBody(t, await firstProfileId(t));
      const first = await createSubmission(t, body);
      const again = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: body });
      ensure(again.status >= 200 && again.status < 300, `a resend answered ${again.status}`);
      ensureEqual(jsonObject(again).job_id, first.jobId, 'job_id of the resend');
      const listed = listItems(await t.http.get(`/api/automation/submissions?record_id=${encodeURIComponent(first.recordId)}`, { headers: automationKey(t) }));
      ensureEqual(listed.filter((item) => item.record_id === first.recordId).length, 1, 'submissions listed with this record_id');
      const changed = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: { ...body, fields: { ...(body.fields as object), company: 'Other Co' } } });
      ensureRestError(changed, 409, 'Conflict');
    },
  },
  {
    id: 'automation.submissions.processed',
    route: SUBMISSIONS,
    clause: 'States · automation submission (queued, then processed asynchronously; callers poll)',
    title: 'a queued submission is processed: polling shows it leave queued for a final state',
    needs: ['automationKey'],
    async run(t) {
      const { recordId } = await createSubmission(t);
      const deadline = Date.now() + 15_000;
      let status = 'queued';
      while (Date.now() < deadline) {
        const items = listItems(await t.http.get(`/api/automation/submissions?record_id=${encodeURIComponent(recordId)}`, { headers: automationKey(t) }));
        status = String(items.find((item) => item.record_id === recordId)?.status);
        if (!['queued', 'processing'].includes(status)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      ensure(['completed', 'awaiting_assessment', 'failed'].includes(status), `status is still ${status} after 15 s`);
    },
  },
  ...(['resources', 'transcripts'] as const).flatMap((kind): Check[] => {
    const route = { path: `/api/automation/${kind}`, credential: 'automationKey' } as const;
    const payload = kind === 'resources' ? { url: 'https://files.example.com/deck.pdf', name: 'Pitch deck', content_type: 'application/pdf' } : { text: 'Founder: we grew 3x last year.', title: 'Intro call' };
    return [
      {
        id: `automation.${kind}.attach-and-list`,
        route,
        clause: `Endpoints · POST, GET /api/automation/${kind} (attach to an existing submission, list)`,
        title: `a ${kind.slice(0, -1)} attached to a submission (by record_id) is listed on it`,
        needs: ['automationKey'],
        async run(t) {
          const { recordId } = await createSubmission(t);
          const attached = await t.http.post(`/api/automation/${kind}`, { headers: automationKey(t), json: { record_id: recordId, ...payload } });
          ensure(attached.status === 201 || attached.status === 200, `attach answered ${attached.status}`);
          const id = field<string>(jsonObject(attached), 'id', 'string');
          const listed = listItems(await t.http.get(`/api/automation/${kind}?record_id=${encodeURIComponent(recordId)}`, { headers: automationKey(t) }));
          ensure(listed.some((item) => item.id === id), `the attached ${kind.slice(0, -1)} is not listed on its submission`);
        },
      },
      {
        id: `automation.${kind}.unknown-submission`,
        route,
        clause: `Endpoints · /api/automation/${kind} ("on an existing submission")`,
        title: `attaching a ${kind.slice(0, -1)} to a submission that does not exist is a 404`,
        needs: ['automationKey'],
        async run(t) {
          const reply = await t.http.post(`/api/automation/${kind}`, { headers: automationKey(t), json: { record_id: t.unique('no-such-record-'), ...payload } });
          ensureRestError(reply, 404, 'Not Found');
        },
      },
    ];
  }),
];
