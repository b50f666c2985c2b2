import { answer, isRecord, route, type Mutant, type ProxiedRequest } from '../mutants/mutant.js';

const QUESTIONS = 'GET /api/v1/assessment/questions';
const SUBMIT = 'POST /api/v1/assessment/submit';
const RESULTS = 'GET /api/v1/assessment/results';
const TAGS = 'GET /api/v1/benchmark-tags';

/** The body of a submit, when it is a JSON object. */
const submitBody = (req: ProxiedRequest) => (route(req) === SUBMIT && isRecord(req.json) ? req.json : undefined);

/** Applies `edit` to each question entry of a category of the instrument. */
function editQuestions(json: unknown, category: string, edit: (entry: Record<string, unknown>) => void): void {
  const categories = isRecord(json) && isRecord(json.categories) ? json.categories : undefined;
  const entries = categories?.[category];
  if (Array.isArray(entries)) for (const entry of entries) if (isRecord(entry)) edit(entry);
}

export const assessmentMutants: Mutant[] = [
  {
    id: 'instrument-five-point-scale',
    target: 'assessment.questions.instrument',
    bug: 'the instrument still lists the old five-point scale in scaleOptions',
    response(req, res) {
      if (route(req) === QUESTIONS && isRecord(res.json) && Array.isArray(res.json.scaleOptions)) res.json.scaleOptions = res.json.scaleOptions.slice(0, 5);
    },
  },
  {
    id: 'instrument-name-and-email-optional',
    target: 'assessment.questions.required',
    bug: 'the instrument marks q1 (full name) and q4 (email) optional, as the demographics form of the app does',
    response(req, res) {
      if (route(req) === QUESTIONS) editQuestions(res.json, 'demographics', (q) => (q.id === 'q1' || q.id === 'q4' ? (q.required = false) : undefined));
    },
  },
  {
    id: 'instrument-last-item-optional',
    target: 'assessment.questions.required',
    bug: 'the last psychometric item (q131) is marked optional, an off-by-one in the required range',
    response(req, res) {
      if (route(req) === QUESTIONS) editQuestions(res.json, 'psychometric', (q) => (q.id === 'q131' ? (q.required = false) : undefined));
    },
  },
  {
    id: 'instrument-fixed-organization',
    target: 'assessment.questions.organization',
    bug: "the instrument's organizationId is the deployment's default organisation from its config, not the key's",
    response(req, res) {
      if (route(req) === QUESTIONS && isRecord(res.json)) res.json.organizationId = 'org_default';
    },
  },
  {
    id: 'submit-scores-asynchronously',
    target: 'assessment.submit.scored',
    bug: 'submit answers before scoring: no scores in the response (they are computed later)',
    response(req, res) {
      if (route(req) === SUBMIT && isRecord(res.json) && res.status === 200) delete res.json.scores;
    },
  },
  {
    id: 'results-by-result-id-missing',
    target: 'assessment.results.by-email-and-id',
    bug: 'GET /results only implements the email lookup; result_id alone is answered 404',
    request: (req) =>
      route(req) === RESULTS && req.url.searchParams.has('result_id') && !req.url.searchParams.has('email') ? answer(404, { error: 'Not Found', message: 'No result.' }) : undefined,
  },
  {
    id: 'submit-inserts-only-once',
    target: 'assessment.submit.upsert',
    bug: 'a second submit for the same email is scored and answered, but the stored result keeps the first (insert-if-absent instead of upsert)',
    request(req, ctx) {
      const body = submitBody(req);
      if (!body || typeof body.email !== 'string') return;
      const seen = (ctx.state.get('emails') as Set<string> | undefined) ?? new Set<string>();
      ctx.state.set('emails', seen);
      const email = body.email.toLowerCase();
      if (seen.has(email)) body.email = `discarded-${seen.size}-${email}`;
      seen.add(email);
    },
  },
  {
    id: 'results-without-query-lists-nothing',
    target: 'assessment.results.needs-query',
    bug: 'GET /results without email or result_id answers 200 with no result instead of a 400',
    request: (req) =>
      route(req) === RESULTS && !req.url.searchParams.has('email') && !req.url.searchParams.has('result_id') ? answer(200, { success: true, result: null }) : undefined,
  },
  {
    id: 'results-unknown-email-is-empty-200',
    target: 'assessment.results.unknown',
    bug: 'an email with no result is answered 200 with result null',
    response(req, res) {
      if (route(req) === RESULTS && res.status === 404) Object.assign(res, answer(200, { success: true, result: null }));
    },
  },
  {
    id: 'results-prefix-lookup',
    target: 'assessment.results.near-miss',
    bug: 'results are looked up with a prefix match (LIKE email%), so a shortened email or id finds a stored result',
    async request(req, ctx) {
      const known = (ctx.state.get('known') as { email: string; id: string }[] | undefined) ?? [];
      ctx.state.set('known', known);
      const body = submitBody(req);
      if (body && typeof body.email === 'string') {
        const reply = await ctx.upstream('POST', '/api/v1/assessment/submit', { headers: { 'x-api-key': req.headers['x-api-key'] ?? '' }, json: body });
        if (isRecord(reply.json) && typeof reply.json.responseId === 'string') known.push({ email: body.email.toLowerCase(), id: reply.json.responseId });
        return reply;
      }
      if (route(req) !== RESULTS) return;
      const email = req.url.searchParams.get('email')?.toLowerCase();
      const id = req.url.searchParams.get('result_id');
      if (known.some((k) => k.email === email || k.id === id)) return;
      const match = known.find((k) => (email && k.email.startsWith(email.split('@')[0] ?? email)) || (id && k.id.startsWith(id.slice(0, -1))));
      if (match) req.url.search = `?result_id=${encodeURIComponent(match.id)}`;
    },
  },
  {
    id: 'invalid-json-crashes-handler',
    target: 'assessment.submit.invalid-json',
    bug: 'a body that is not JSON reaches the generic error handler and is answered 500',
    response(req, res) {
      if (route(req) === SUBMIT && req.json === undefined && res.status === 400) Object.assign(res, answer(500, { error: 'Internal Server Error', message: 'Unexpected token' }));
    },
  },
  {
    id: 'email-validated-by-at-sign',
    target: 'assessment.submit.bad-email',
    bug: 'an email is "valid" when it contains an @ (the rest is stored as given)',
    request(req) {
      const body = submitBody(req);
      if (body && typeof body.email === 'string' && body.email.includes('@') && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email)) {
        body.email = `${body.email.replace(/[^a-z0-9]/gi, '') || 'x'}@lenient.example`;
      }
    },
  },
  {
    id: 'required-items-stop-at-q130',
    target: 'assessment.submit.missing-one-answer',
    bug: 'the required-answer loop runs to q130 (an off-by-one), and a missing q131 is scored as a neutral 3',
    request(req) {
      const body = submitBody(req);
      if (body && body.q131 === undefined && body.q5 !== undefined) body.q131 = 3;
    },
  },
  {
    id: 'answers-coerced',
    target: 'assessment.submit.invalid-answers',
    bug: 'answers are coerced before validation: "3" becomes 3 and 2.5 is rounded',
    request(req) {
      const body = submitBody(req);
      if (!body) return;
      for (const [name, value] of Object.entries(body)) {
        if (!/^q\d+$/.test(name)) continue;
        if (typeof value === 'string' && /^\d+$/.test(value)) body[name] = Number(value);
        else if (typeof value === 'number' && !Number.isInteger(value)) body[name] = Math.round(value);
      }
    },
  },
  {
    id: 'blank-full-name-defaulted',
    target: 'assessment.submit.full-name-required',
    bug: 'an empty or blank full_name is replaced by "Anonymous" instead of refused',
    request(req) {
      const body = submitBody(req);
      if (body && typeof body.full_name === 'string' && body.full_name.trim() === '') body.full_name = 'Anonymous';
    },
  },
  {
    id: 'tags-count-is-total',
    target: 'assessment.benchmark-tags.list',
    bug: 'count is the number of tags in the organisation, not on the page (off by one: the default tag is counted too)',
    response(req, res) {
      if (route(req) === TAGS && isRecord(res.json) && typeof res.json.count === 'number') res.json.count += 1;
    },
  },
  {
    id: 'tags-limit-not-capped',
    target: 'assessment.benchmark-tags.limit-cap',
    bug: 'limit is passed to the query as given: limit=1000 is not capped at 100',
    response(req, res) {
      const limit = Number(req.url.searchParams.get('limit'));
      if (route(req) === TAGS && limit > 100 && isRecord(res.json) && isRecord(res.json.pagination)) res.json.pagination.limit = limit;
    },
  },
  {
    id: 'tags-limit-capped-at-101',
    target: 'assessment.benchmark-tags.limit-cap',
    bug: 'the cap is written limit > 101 ? 100 : limit, so 101 goes through',
    response(req, res) {
      if (route(req) === TAGS && req.url.searchParams.get('limit') === '101' && isRecord(res.json) && isRecord(res.json.pagination)) res.json.pagination.limit = 101;
    },
  },
  {
    id: 'tags-pages-count-from-zero',
    target: 'assessment.benchmark-tags.pages',
    bug: 'page numbers count from 0, so page=1 is the second page',
    request(req) {
      const page = req.url.searchParams.get('page');
      if (route(req) === TAGS && page) req.url.searchParams.set('page', String(Number(page) + 1));
    },
  },
  {
    id: 'benchmark-tag-id-ignored',
    target: 'assessment.submit.benchmark',
    bug: 'benchmark_tag_id is dropped by the request schema and never applied',
    request(req) {
      const body = submitBody(req);
      if (body) delete body.benchmark_tag_id;
    },
  },
];
