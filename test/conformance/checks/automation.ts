import { ensure, ensureEqual, ensureRestError, ensureStatus, field, isObject, jsonObject, type JsonObject } from '../assert.js';
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
  title: `a submission without ${name} is a 400 that names it`,
  needs: ['automationKey'],
  async run(t: CheckContext) {
    const body = submissionBody(t, await firstProfileId(t));
    delete body[name];
    const reply = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: body });
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
      const reply = await t.http.get('/api/automation/me', { headers: automationKey(t) });
      ensureStatus(reply, 200);
      const body = jsonObject(reply);
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
  {
    id: 'automation.submissions.unknown-profile',
    route: SUBMISSIONS,
    clause: 'Resources · submission create body (profile_id: an id from the profiles list)',
    title: 'a profile_id that is not in the profiles list is a 400 that names profile_id',
    needs: ['automationKey'],
    async run(t) {
      const reply = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: submissionBody(t, t.unique('no-such-profile-')) });
      ensureRestError(reply, 400, 'Bad Request');
      ensure(reply.text.includes('profile_id'), 'the 400 body does not name profile_id');
    },
  },
  {
    id: 'automation.submissions.fields-object',
    route: SUBMISSIONS,
    clause: 'Resources · submission create body (fields: object, required)',
    title: 'fields that are not an object is a 400 that names fields',
    needs: ['automationKey'],
    async run(t) {
      const reply = await t.http.post('/api/automation/submissions', { headers: automationKey(t), json: { ...submissionBody(t, await firstProfileId(t)), fields: ['not', 'an', 'object'] } });
      ensureRestError(reply, 400, 'Bad Request');
      ensure(reply.text.includes('fields'), 'the 400 body does not name fields');
    },
  },
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
];
