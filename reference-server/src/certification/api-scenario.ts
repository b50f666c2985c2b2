import type { CheckId } from './checks.js';
import { addEvidence, decide } from './outcomes.js';
import type { ClientRef, Evidence, RunRecord } from './run-records.js';

/** `api.honours-retry-after`: the 429's Retry-After, in seconds. */
export const RETRY_AFTER_S = 2;
/** `api.retries-transient`: the 503's Retry-After, in seconds. */
export const TRANSIENT_RETRY_AFTER_S = 1;
/** `api.bounded-retries`: requests allowed during the persistent 503 (no Retry-After is given). */
export const BOUNDED_ATTEMPTS = 10;
/** A request this much early still counts as waiting: timers and clocks are not exact. */
export const EARLY_TOLERANCE_MS = 50;
/** `api.paginates`: the page size the run's list requests get, so any list of two or more has more than one page. */
export const RUN_PAGE_SIZE = 1;

/** What the run learns of a request of its credentials before any surface sees it. */
export interface RequestFacts {
  at: number;
  client: ClientRef;
  method: string;
  /** Path without the query. */
  path: string;
  cursor?: string;
  /** `POST /api/automation/submissions` */
  create: boolean;
  /** A cursor-paged list of the Automation API. */
  list: boolean;
}

export type ApiAction =
  | { kind: 'pass' }
  | { kind: 'fault'; status: 429 | 503; retryAfterS?: number; check: CheckId }
  /** Let the create run, then drop the connection instead of answering. */
  | { kind: 'drop-answer' }
  /** The create after a dropped answer: grade its record_id once the surface read it. */
  | { kind: 'follow-create' }
  /** A list page: served with RUN_PAGE_SIZE items; its next_cursor is watched. */
  | { kind: 'page' };

const PASS: ApiAction = { kind: 'pass' };

/** The faulting traps, in the order a run plays them. */
const TRAPS = [
  ['retryAfter', 'api.honours-retry-after'],
  ['transient', 'api.retries-transient'],
  ['bounded', 'api.bounded-retries'],
] as const;

/**
 * Arms the first trap from `from` on whose check the run grades; the ones before it that the run
 * does not grade are skipped, so no request meets a fault it is not graded on.
 */
function armFrom(run: RunRecord, from: number): void {
  const graded = (id: CheckId) => run.checks.some((c) => c.id === id);
  for (const [trap, check] of TRAPS.slice(from)) {
    if (graded(check)) {
      run.api[trap].phase = 'armed';
      return;
    }
    run.api[trap].phase = 'done';
  }
}

/** The API scenario as a run starts: the first graded trap armed, the create trap only when graded. */
export function startScenario(run: RunRecord): void {
  armFrom(run, 0);
  if (!run.checks.some((c) => c.id === 'api.idempotent-create')) run.api.create = { phase: 'done' };
}
const line = (facts: RequestFacts, what: string): Evidence => ({ at: new Date(facts.at).toISOString(), note: `${facts.method} ${facts.path} ${what}` });
const secondsBetween = (from: number, to: number) => `${((to - from) / 1000).toFixed(2)} s`;

/**
 * The run's API client scenario, one request at a time (called under the run's update, so two
 * requests never take the same step). The traps, in order: a 429 with Retry-After, then a 503
 * (is the request sent again?), then a persistent 503 for the fault window (does the client back
 * off?). Creates are never faulted while the create trap is open: the first create is carried
 * out and its answer dropped, and the next create must carry the same record_id. Lists are
 * served in small pages to see whether the client follows next_cursor.
 */
export function planRequest(run: RunRecord, facts: RequestFacts): ApiAction {
  const api = run.api;
  const repeated = run.webhook.repeated;
  if (repeated && facts.path.includes(repeated.subjectId)) repeated.apiCalls += 1;

  const mine = (trapped: ClientRef | undefined) => trapped?.id === facts.client.id;

  if (facts.create && api.create.phase === 'armed') {
    api.create = { phase: 'armed', client: facts.client };
    return { kind: 'drop-answer' };
  }
  if (facts.create && api.create.phase === 'dropped') return mine(api.create.client) ? { kind: 'follow-create' } : PASS;

  if (api.retryAfter.phase === 'armed') {
    api.retryAfter = { phase: 'sent', sentAt: facts.at, client: facts.client };
    addEvidence(run, 'api.honours-retry-after', line(facts, `→ 429 with Retry-After: ${RETRY_AFTER_S} (set by the run)`));
    return { kind: 'fault', status: 429, retryAfterS: RETRY_AFTER_S, check: 'api.honours-retry-after' };
  }
  // Another client's request while a trap waits for its client: served as usual, graded on nothing.
  if (api.retryAfter.phase === 'sent' && !mine(api.retryAfter.client)) return planListing(run, facts);
  if (api.retryAfter.phase === 'sent') {
    const sentAt = api.retryAfter.sentAt as number;
    const waited = facts.at - sentAt >= RETRY_AFTER_S * 1000 - EARLY_TOLERANCE_MS;
    decide(
      run,
      'api.honours-retry-after',
      waited ? 'pass' : 'fail',
      `The next request of ${facts.client.label} came ${secondsBetween(sentAt, facts.at)} after its 429 with Retry-After: ${RETRY_AFTER_S}${waited ? '' : ': too soon'}.`,
      [line(facts, `sent ${secondsBetween(sentAt, facts.at)} after the 429`)],
    );
    api.retryAfter = { phase: 'done' };
    armFrom(run, 1);
  }
  if (api.transient.phase === 'armed') {
    api.transient = { phase: 'sent', method: facts.method, path: facts.path, client: facts.client };
    addEvidence(run, 'api.retries-transient', line(facts, `→ 503 with Retry-After: ${TRANSIENT_RETRY_AFTER_S} (set by the run)`));
    return { kind: 'fault', status: 503, retryAfterS: TRANSIENT_RETRY_AFTER_S, check: 'api.retries-transient' };
  }
  if (api.transient.phase === 'sent' && !mine(api.transient.client)) return planListing(run, facts);
  if (api.transient.phase === 'sent') {
    const same = facts.method === api.transient.method && facts.path === api.transient.path;
    decide(
      run,
      'api.retries-transient',
      same ? 'pass' : 'fail',
      same
        ? `The request answered 503 was sent again by ${facts.client.label}.`
        : `After a 503 on ${api.transient.method} ${api.transient.path}, ${facts.client.label} moved on to ${facts.method} ${facts.path} without sending it again.`,
      [line(facts, 'sent next')],
    );
    api.transient = { phase: 'done' };
    armFrom(run, 2);
    return planListing(run, facts);
  }
  const bounded = boundedStep(run, facts);
  if (bounded) return bounded;
  return planListing(run, facts);
}

/** `api.bounded-retries`: a 503 without Retry-After for every request during the fault window. */
function boundedStep(run: RunRecord, facts: RequestFacts): ApiAction | undefined {
  const bounded = run.api.bounded;
  const fault: ApiAction = { kind: 'fault', status: 503, check: 'api.bounded-retries' };
  if (bounded.phase === 'armed') {
    run.api.bounded = { phase: 'faulting', startedAt: facts.at, attempts: 1, client: facts.client };
    addEvidence(run, 'api.bounded-retries', line(facts, `→ 503 without Retry-After: the fault window of ${run.options.faultWindowMs / 1000} s starts`));
    return fault;
  }
  if (bounded.phase !== 'faulting') return undefined;
  if (settleBounded(run, facts.at)) return undefined;
  // The window is this client's: another client's requests are neither faulted nor counted.
  if (bounded.client?.id !== facts.client.id) return undefined;
  bounded.attempts += 1;
  if (bounded.attempts <= 3 || bounded.attempts === BOUNDED_ATTEMPTS + 1) addEvidence(run, 'api.bounded-retries', line(facts, `→ 503 (request ${bounded.attempts} in the window)`));
  if (bounded.attempts > BOUNDED_ATTEMPTS) {
    decide(
      run,
      'api.bounded-retries',
      'fail',
      `Under a persistent 503 ${facts.client.label} sent ${bounded.attempts} requests within ${secondsBetween(bounded.startedAt as number, facts.at)}: more than ${BOUNDED_ATTEMPTS} in the ${run.options.faultWindowMs / 1000} s window.`,
    );
    run.api.bounded.phase = 'done';
  }
  return fault;
}

/** Ends the fault window once it is over; true when it just ended. */
export function settleBounded(run: RunRecord, now: number): boolean {
  const bounded = run.api.bounded;
  if (bounded.phase !== 'faulting' || now - (bounded.startedAt as number) < run.options.faultWindowMs) return false;
  decide(
    run,
    'api.bounded-retries',
    'pass',
    `Under a persistent 503 ${bounded.client?.label ?? 'the client'} sent ${bounded.attempts} request(s) in the ${run.options.faultWindowMs / 1000} s window (at most ${BOUNDED_ATTEMPTS}).`,
  );
  bounded.phase = 'done';
  return true;
}

function planListing(run: RunRecord, facts: RequestFacts): ApiAction {
  if (!facts.list) return PASS;
  const pages = run.api.pages;
  if (facts.cursor !== undefined && facts.cursor === pages.expect) {
    pages.followed += 1;
    if (pages.followed <= 3) addEvidence(run, 'api.paginates', line(facts, `followed next_cursor (page ${pages.followed + 1})`));
  }
  return { kind: 'page' };
}

/** A list page was answered: remember its cursor, or, on the last page after following one, pass. */
export function observePage(run: RunRecord, facts: RequestFacts, status: number, nextCursor: string | null | undefined): void {
  if (status !== 200) return;
  const pages = run.api.pages;
  if (nextCursor) {
    pages.expect = nextCursor;
    if (pages.followed === 0) addEvidence(run, 'api.paginates', line(facts, `→ 200, a page of ${RUN_PAGE_SIZE} with a next_cursor`));
    return;
  }
  if (pages.followed > 0) decide(run, 'api.paginates', 'pass', `The client followed next_cursor ${pages.followed} time(s), to the last page.`, [line(facts, '→ 200, the last page')]);
}

/** The trapped create was carried out (a 2xx) and its answer dropped: the next create is graded. */
export function observeDroppedCreate(run: RunRecord, facts: RequestFacts, status: number, recordId: string | undefined): void {
  if (status < 200 || status >= 300) return;
  run.api.create = { phase: 'dropped', client: facts.client, ...(recordId ? { recordId } : {}) };
  addEvidence(run, 'api.idempotent-create', line(facts, `with record_id ${recordId ?? '(none)'} → created, then the run cut the connection before the answer`));
}

/** The create after the dropped one: same record_id, or a second submission. */
export function observeCreateRetry(run: RunRecord, facts: RequestFacts, recordId: string | undefined, status: number): void {
  const dropped = run.api.create.recordId;
  const same = dropped !== undefined && recordId === dropped;
  decide(
    run,
    'api.idempotent-create',
    same ? 'pass' : 'fail',
    same
      ? `The create was sent again with the same record_id ${dropped} (answered ${status}${status === 200 ? ': the existing submission' : ''}): one submission exists.`
      : `The create whose answer was lost had record_id ${dropped}; the next create of ${facts.client.label} carried ${recordId ?? 'none'}, so the same work now exists twice.`,
    [line(facts, `with record_id ${recordId ?? '(none)'} → ${status}`)],
  );
  run.api.create = { phase: 'done' };
}
