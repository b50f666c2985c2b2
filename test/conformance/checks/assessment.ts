import { ensure, ensureEqual, ensureRestError, ensureStatus, field, isObject, jsonObject, type JsonObject, okJson } from '../assert.js';
import type { Check, CheckContext } from '../runner.js';
import { graphql } from './graphql.js';

const key = (t: CheckContext) => ({ 'x-api-key': t.cred('developerKey') });

/** The entry of question `id` in a category (array of entries or object keyed by id). */
function questionEntry(category: unknown, id: string): unknown {
  if (Array.isArray(category)) return category.find((q) => (isObject(q) ? String(q.id ?? q.key ?? '') : String(q)) === id);
  return isObject(category) ? category[id] : undefined;
}

const REQUIRED = 'Resources · Assessment instrument (required full name q1 and email q4; q5–q131 all required)';
const OWNER = 'Resources · Assessment instrument (organizationId: the organisation that owns the key)';

async function instrument(t: CheckContext): Promise<JsonObject> {
  return okJson(await t.http.get('/api/v1/assessment/questions', { headers: key(t) }));
}

/**
 * The organisation the key belongs to, as someone other than the instrument states it: the
 * operator (`--organization-id`), or the deployment's GraphQL for the partner credential — the
 * suite's credentials are those of one test organisation (graphql.partner.assessment-result
 * already reads through GraphQL what the developer key wrote).
 */
async function keyOwner(t: CheckContext): Promise<{ id: string; source: string }[]> {
  const owners: { id: string; source: string }[] = [];
  const stated = t.optional('organizationId');
  if (stated) owners.push({ id: stated, source: 'the operator (ORGANIZATION_ID)' });
  const partner = t.optional('partnerCredential');
  if (partner) {
    const body = jsonObject(await graphql(t, partner, 'query getOrganizationQuery { organization { id name } }'));
    const organization = isObject(body.data) && isObject(body.data.organization) ? body.data.organization : undefined;
    ensure(organization && typeof organization.id === 'string', `getOrganizationQuery gave no organization id to compare with: ${JSON.stringify(body.errors ?? body.data)}`);
    owners.push({ id: organization.id, source: 'GraphQL getOrganizationQuery with the partner credential' });
  }
  return owners;
}

/** Question ids of a category, whether it is an array of entries or an object keyed by id (shape not shown). */
function questionIds(category: unknown): string[] {
  if (Array.isArray(category)) return category.map((q) => (isObject(q) ? String(q.id ?? q.key ?? '') : String(q)));
  if (isObject(category)) return Object.keys(category);
  return [];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `q${from + i}`);
export const PSYCHOMETRIC_IDS = range(5, 131);

/** A complete, valid submission: every psychometric item answered 1–6 with a pattern seeded by `salt`. */
export function validSubmission(email: string, salt = 0): Record<string, unknown> {
  const body: Record<string, unknown> = { email, full_name: 'Conformance Check' };
  PSYCHOMETRIC_IDS.forEach((id, i) => (body[id] = ((i * 7 + salt) % 6) + 1));
  return body;
}

async function submit(t: CheckContext, body: unknown) {
  return t.http.post('/api/v1/assessment/submit', { headers: key(t), json: body });
}

/** The stored result in a results reply: the spec leaves its envelope open (`{result}` or flat). */
function storedResult(body: JsonObject): JsonObject {
  return isObject(body.result) ? body.result : body;
}

function ensureSubmitResponse(body: JsonObject): void {
  ensureEqual(body.success, true, 'success');
  field(body, 'responseId', 'string');
  field(body, 'scores', 'object');
  field(body, 'benchmarkApplied', 'boolean');
}

/** A complete submission for `email`, scored: the submit response. */
async function scored(t: CheckContext, email: string, salt = 0): Promise<JsonObject> {
  const created = jsonObject(await submit(t, validSubmission(email, salt)));
  ensureSubmitResponse(created);
  return created;
}

const results = (t: CheckContext, query: string) => t.http.get(`/api/v1/assessment/results?${query}`, { headers: key(t) });

function ensureBadRequest(reply: Parameters<typeof ensureRestError>[0]): JsonObject {
  const body = ensureRestError(reply, 400, 'Bad Request');
  // "missingCount and invalidCount may be present": when they are, they are counts.
  for (const name of ['missingCount', 'invalidCount']) {
    if (body[name] !== undefined) ensure(Number.isInteger(body[name]) && (body[name] as number) >= 0, `${name} is not a count`);
  }
  return body;
}

export const assessmentChecks: Check[] = [
  {
    id: 'assessment.questions.instrument',
    clause: 'Resources · Assessment instrument',
    title: 'GET /api/v1/assessment/questions returns the 140-question instrument, version 1.0',
    needs: ['developerKey'],
    async run(t) {
      const body = await instrument(t);
      ensureEqual(body.version, '1.0', 'version');
      field(body, 'organizationId', 'string');
      field(body, 'scaleDescription', 'string');
      const options = field<unknown[]>(body, 'scaleOptions', 'array').map((o) => (isObject(o) ? o.value : o));
      ensureEqual(options, [1, 2, 3, 4, 5, 6], 'scaleOptions values');
      ensureEqual(body.totalQuestions, 140, 'totalQuestions');
      const categories = field<JsonObject>(body, 'categories', 'object');
      const demographics = questionIds(categories.demographics);
      ensure(demographics.includes('q1') && demographics.includes('q4'), `demographics must include q1 and q4, got ${demographics.join(',')}`);
      ensureEqual(questionIds(categories.psychometric), PSYCHOMETRIC_IDS, 'categories.psychometric ids');
      ensureEqual(questionIds(categories.closing), range(132, 140), 'categories.closing ids');
      const total = demographics.length + PSYCHOMETRIC_IDS.length + questionIds(categories.closing).length;
      ensureEqual(total, 140, 'questions across the three categories');
    },
  },
  {
    id: 'assessment.questions.required',
    clause: REQUIRED,
    title: 'the instrument marks q1 (full name) and q4 (email) required, and no psychometric item q5–q131 optional',
    needs: ['developerKey'],
    async run(t) {
      const categories = field<JsonObject>(await instrument(t), 'categories', 'object');
      for (const id of ['q1', 'q4']) {
        const entry = questionEntry(categories.demographics, id);
        const required = isObject(entry) && (entry.required === true || entry.optional === false);
        ensure(required, `${id} is not marked required in categories.demographics (${JSON.stringify(entry)?.slice(0, 120)}): the spec's instrument includes a required ${id === 'q1' ? 'full name (q1)' : 'email (q4)'}`);
      }
      for (const id of PSYCHOMETRIC_IDS) {
        const entry = questionEntry(categories.psychometric, id);
        ensure(!(isObject(entry) && (entry.required === false || entry.optional === true)), `${id} is marked optional: the spec's psychometric items q5–q131 are all required to produce a score`);
      }
    },
  },
  {
    id: 'assessment.questions.organization',
    clause: OWNER,
    title: "the instrument's organizationId is the key's organisation, as the operator or the deployment's GraphQL names it",
    needs: ['developerKey'],
    async run(t) {
      const organizationId = field<string>(await instrument(t), 'organizationId', 'string');
      const owners = await keyOwner(t);
      if (!owners.length) t.skip('needs ORGANIZATION_ID (--organization-id) or PARTNER_CREDENTIAL (--partner-credential) to know the organisation that owns the key');
      for (const owner of owners) {
        ensure(organizationId === owner.id, `organizationId is ${organizationId}, but ${owner.source} names ${owner.id}: the instrument must name the organisation that owns the key`);
      }
    },
  },
  {
    id: 'assessment.submit.scored',
    clause: 'Endpoints · POST /api/v1/assessment/submit; Assessment rules 1',
    title: 'a complete submission is scored synchronously: {success, responseId, scores, benchmarkApplied}',
    needs: ['developerKey'],
    async run(t) {
      const body = okJson(await submit(t, validSubmission(`${t.unique('scored-')}@conformance.example`)));
      ensureSubmitResponse(body);
      ensureEqual(body.benchmarkApplied, false, 'benchmarkApplied without benchmark_tag_id');
    },
  },
  {
    id: 'assessment.results.by-email-and-id',
    clause: 'Endpoints · GET /api/v1/assessment/results',
    title: 'the stored result is found by email and by result_id',
    needs: ['developerKey'],
    async run(t) {
      const email = `${t.unique('read-')}@conformance.example`;
      const created = await scored(t, email);
      for (const query of [`email=${encodeURIComponent(email)}`, `result_id=${encodeURIComponent(String(created.responseId))}`]) {
        const result = storedResult(okJson(await results(t, query)));
        ensureEqual(result.scores, created.scores, `scores read back by ${query.split('=')[0]}`);
      }
    },
  },
  {
    id: 'assessment.submit.upsert',
    clause: 'Assessment rules 2; Limits · one stored result per organisation + email',
    title: 'a second submit for the same email replaces the stored result',
    needs: ['developerKey'],
    async run(t) {
      const email = `${t.unique('upsert-')}@conformance.example`;
      const first = await scored(t, email, 0);
      const second = await scored(t, email, 3);
      ensure(JSON.stringify(first.scores) !== JSON.stringify(second.scores), 'different answers gave the same scores; cannot tell the results apart');
      const result = storedResult(okJson(await results(t, `email=${encodeURIComponent(email)}`)));
      ensureEqual(result.scores, second.scores, 'the stored scores after the replacing submit');
      // The first responseId, if still valid, must lead to the same (replaced) result, never the old one.
      const old = await results(t, `result_id=${encodeURIComponent(String(first.responseId))}`);
      if (old.status === 200) ensureEqual(storedResult(jsonObject(old)).scores, second.scores, 'the result behind the first responseId');
      else ensureStatus(old, 404);
    },
  },
  {
    id: 'assessment.results.needs-query',
    clause: 'Endpoints · GET /api/v1/assessment/results ("at least one required")',
    title: 'results without email or result_id is a 400 Bad Request',
    needs: ['developerKey'],
    async run(t) {
      ensureRestError(await t.http.get('/api/v1/assessment/results', { headers: key(t) }), 400, 'Bad Request');
    },
  },
  {
    id: 'assessment.results.unknown',
    clause: 'docs/assessment.md · Reading a result',
    title: 'an email with no stored result is a 404, never another result',
    needs: ['developerKey'],
    async run(t) {
      const reply = await results(t, `email=${t.unique('nobody-')}%40conformance.example`);
      ensureRestError(reply, 404, 'Not Found');
    },
  },
  {
    id: 'assessment.results.near-miss',
    clause: 'docs/assessment.md · Reading a result',
    title: 'a stored email one character short, or a real result_id with its last character changed, is a 404, never the stored result',
    needs: ['developerKey'],
    async run(t) {
      const email = `${t.unique('near-')}@conformance.example`;
      const created = await scored(t, email);
      const id = String(created.responseId);
      const shorter = email.replace('@', '').length > 1 ? `${email.slice(0, email.indexOf('@') - 1)}${email.slice(email.indexOf('@'))}` : email;
      for (const query of [`email=${encodeURIComponent(shorter)}`, `result_id=${encodeURIComponent(`${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`)}`]) {
        const reply = await results(t, query);
        ensure(reply.status !== 200, `${query} found a result: a lookup must match the email or id exactly, never by prefix (docs/assessment.md · Reading a result)`);
        ensureRestError(reply, 404, 'Not Found');
      }
    },
  },
  {
    id: 'assessment.submit.invalid-json',
    clause: 'Errors · Assessment API 400 (invalid JSON)',
    title: 'a body that is not JSON is a 400 Bad Request',
    needs: ['developerKey'],
    async run(t) {
      const reply = await t.http.post('/api/v1/assessment/submit', { headers: { ...key(t), 'content-type': 'application/json' }, body: '{"email": "a@b.example",' });
      ensureBadRequest(reply);
    },
  },
  {
    id: 'assessment.submit.bad-email',
    clause: 'Errors · Assessment API 400 (bad email)',
    title: 'an invalid email — not an address at all, or one a lenient pattern lets through (no domain, no local part, a space, two @) — is a 400 Bad Request',
    needs: ['developerKey'],
    async run(t) {
      const local = t.unique('bad-');
      for (const email of ['not-an-email', `${local}@`, '@conformance.example', `${local} x@conformance.example`, `${local}@@conformance.example`]) {
        const reply = await submit(t, validSubmission(email));
        ensure(reply.status === 400, `the email "${email}" was answered ${reply.status}, not 400 (Errors · Assessment API 400: bad email)`);
        ensureBadRequest(reply);
      }
    },
  },
  {
    id: 'assessment.submit.missing-answers',
    clause: 'Errors · Assessment API 400 (missing answers, missingCount)',
    title: 'missing psychometric answers are a 400 whose missingCount counts them',
    needs: ['developerKey'],
    async run(t) {
      const body = validSubmission(`${t.unique('missing-')}@conformance.example`);
      for (const id of ['q7', 'q50', 'q131']) delete body[id];
      const error = ensureBadRequest(await submit(t, body));
      if (error.missingCount !== undefined) ensureEqual(error.missingCount, 3, 'missingCount');
      const after = await results(t, `email=${encodeURIComponent(String(body.email))}`);
      ensureStatus(after, 404);
    },
  },
  {
    id: 'assessment.submit.missing-one-answer',
    clause: 'Errors · Assessment API 400 (missing answers, missingCount)',
    title: 'only the first (q5) or only the last (q131) psychometric answer missing is a 400 with missingCount 1',
    needs: ['developerKey'],
    async run(t) {
      for (const id of ['q5', 'q131']) {
        const body = validSubmission(`${t.unique('one-missing-')}@conformance.example`);
        delete body[id];
        const reply = await submit(t, body);
        ensure(reply.status === 400, `a submission without ${id} alone was answered ${reply.status}: all of q5–q131 are required to produce a score`);
        const error = ensureBadRequest(reply);
        if (error.missingCount !== undefined) ensureEqual(error.missingCount, 1, `missingCount without ${id}`);
      }
    },
  },
  {
    id: 'assessment.submit.invalid-answers',
    clause: 'Errors · Assessment API 400 (invalid answers, invalidCount); Limits · answers 1 to 6',
    title: 'answers outside the integers 1–6 are a 400 whose invalidCount counts them',
    needs: ['developerKey'],
    async run(t) {
      const body = { ...validSubmission(`${t.unique('invalid-')}@conformance.example`), q5: 0, q6: 7, q8: 2.5, q9: '3' };
      const error = ensureBadRequest(await submit(t, body));
      if (error.invalidCount !== undefined) ensureEqual(error.invalidCount, 4, 'invalidCount');
    },
  },
  {
    id: 'assessment.submit.full-name-required',
    clause: 'Endpoints · Submit body (full_name required)',
    title: 'a submission without full_name, or with it empty or blank, is a 400',
    needs: ['developerKey'],
    async run(t) {
      for (const name of [undefined, '', '   ']) {
        const body = validSubmission(`${t.unique('noname-')}@conformance.example`);
        if (name === undefined) delete body.full_name;
        else body.full_name = name;
        const reply = await submit(t, body);
        ensure(reply.status === 400, `full_name ${name === undefined ? 'missing' : JSON.stringify(name)} was answered ${reply.status}: full_name is required (Endpoints · Submit body)`);
        ensureBadRequest(reply);
      }
    },
  },
  {
    id: 'assessment.benchmark-tags.list',
    clause: 'Resources · Benchmark tag; Endpoints · GET /api/v1/benchmark-tags',
    title: 'benchmark tags list has {success, pagination, count} and the tags',
    needs: ['developerKey'],
    async run(t) {
      const body = okJson(await t.http.get('/api/v1/benchmark-tags', { headers: key(t) }));
      ensureEqual(body.success, true, 'success');
      field(body, 'pagination', 'object');
      const count = field<number>(body, 'count', 'number');
      const tags = tagList(body);
      ensureEqual(count, tags.length, 'count (tags on this page)');
    },
  },
  {
    id: 'assessment.benchmark-tags.limit-cap',
    clause: 'Assessment rules 4; Limits · benchmark-tags limit at most 100',
    title: 'limit=1000 and limit=101 are capped at 100: at most 100 tags on the page, and the pagination says 100',
    needs: ['developerKey'],
    async run(t) {
      const rule = 'the spec: limit on benchmark-tags is capped at 100';
      for (const limit of [1000, 101]) {
        const body = okJson(await t.http.get(`/api/v1/benchmark-tags?limit=${limit}`, { headers: key(t) }));
        const tags = tagList(body);
        ensure(tags.length <= 100, `limit=${limit} gave ${tags.length} tags on one page (${rule})`);
        const pagination = field<JsonObject>(body, 'pagination', 'object');
        const size = PAGE_SIZE_FIELDS.map((name) => pagination[name]).find((value) => typeof value === 'number');
        const total = TOTAL_FIELDS.map((name) => pagination[name]).find((value) => typeof value === 'number');
        if (size !== undefined) ensureEqual(size, 100, `the page size the pagination states for limit=${limit} (${rule})`);
        else if (typeof total === 'number' && total > 100) ensureEqual(tags.length, 100, `tags on a page of limit=${limit} with ${total} tags in all (${rule})`);
        else return t.undecided(`the pagination states no page size (${PAGE_SIZE_FIELDS.join(', ')}) and the deployment has at most 100 tags: a cap of 100 cannot be observed`);
      }
    },
  },
  {
    id: 'assessment.benchmark-tags.pages',
    clause: 'Endpoints · GET /api/v1/benchmark-tags (page, limit)',
    title: 'consecutive pages do not repeat a tag and together list every tag once',
    needs: ['developerKey'],
    async run(t) {
      const all = tagList(jsonObject(await t.http.get('/api/v1/benchmark-tags?limit=100', { headers: key(t) }))).map(tagId);
      ensure(all.length >= 2, `only ${all.length} benchmark tag(s): cannot page`);
      const seen: string[] = [];
      for (let page = 1; page <= all.length; page += 1) {
        const reply = await t.http.get(`/api/v1/benchmark-tags?page=${page}&limit=1`, { headers: key(t) });
        ensureStatus(reply, 200);
        const ids = tagList(jsonObject(reply)).map(tagId);
        ensureEqual(ids.length, 1, `tags on page ${page} with limit=1`);
        seen.push(...ids);
      }
      ensureEqual([...seen].sort(), [...all].sort(), 'the tags seen page by page');
    },
  },
  {
    id: 'assessment.submit.benchmark',
    clause: 'Endpoints · Submit body (benchmark_tag_id)',
    title: 'a submission with a listed benchmark_tag_id has benchmarkApplied true',
    needs: ['developerKey'],
    async run(t) {
      const tags = tagList(jsonObject(await t.http.get('/api/v1/benchmark-tags', { headers: key(t) })));
      ensure(tags.length > 0, 'no benchmark tags to apply');
      const body = { ...validSubmission(`${t.unique('bench-')}@conformance.example`), benchmark_tag_id: tagId(tags[0]) };
      const reply = await submit(t, body);
      ensureStatus(reply, 200);
      ensureEqual(jsonObject(reply).benchmarkApplied, true, 'benchmarkApplied');
    },
  },
];

/** Where a pagination object states its page size and the number of items (the spec does not name them). */
const PAGE_SIZE_FIELDS = ['limit', 'per_page', 'perPage', 'page_size', 'pageSize', 'size'];
const TOTAL_FIELDS = ['total', 'total_count', 'totalCount', 'count'];

/** The tags array: the spec says `{success, pagination, count, ...}` "with the tags" under a key it does not name. */
function tagList(body: JsonObject): unknown[] {
  const arrays = Object.entries(body).filter(([, value]) => Array.isArray(value));
  ensure(arrays.length === 1, `expected exactly one array of tags in the body, found ${arrays.map(([k]) => k).join(', ') || 'none'}`);
  return arrays[0]?.[1] as unknown[];
}

function tagId(tag: unknown): string {
  ensure(isObject(tag) && typeof tag.id === 'string', `a tag without a string id: ${JSON.stringify(tag)}`);
  return tag.id;
}
