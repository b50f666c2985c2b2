import { describe, expect, it } from 'vitest';
import { BOUNDED_ATTEMPTS, observeCreateRetry, observeDroppedCreate, observePage, planRequest, RETRY_AFTER_S, settleBounded, type RequestFacts } from './api-scenario.js';
import { CHECKS, type CheckId } from './checks.js';
import { closeRun } from './outcomes.js';
import { newRunRecord } from './runs.js';

const T0 = Date.UTC(2026, 10, 1);
const WINDOW_MS = 60_000;

function apiRun(checks: CheckId[] = CHECKS.filter((c) => c.group === 'api').map((c) => c.id)) {
  return newRunRecord({
    id: 'crt_test',
    orgId: 'org_test',
    now: T0,
    timeoutMs: 900_000,
    startedBy: 'test',
    integration: { name: 'test', webhookUrl: null, redirectUris: [] },
    credentials: {},
    options: { faultWindowMs: WINDOW_MS, accessTokenTtlS: 60 },
    checks,
  });
}

const GOT = { id: 'key:k_auto ua:got', label: 'the automation key (User-Agent "got")' };
const KY = { id: 'key:k_dev ua:ky', label: 'the developer key (User-Agent "ky")' };
const get = (at: number, path = '/api/automation/me', extra: Partial<RequestFacts> = {}): RequestFacts => ({ at, client: GOT, method: 'GET', path, create: false, list: false, ...extra });
const create = (at: number, client = GOT): RequestFacts => ({ at, client, method: 'POST', path: '/api/automation/submissions', create: true, list: false });
const outcomeOf = (run: ReturnType<typeof apiRun>, id: string) => run.checks.find((c) => c.id === id)?.outcome;

/** Takes the run through the 429 and the 503 as a careful client does; returns the time after. */
function pastTheFirstTraps(run: ReturnType<typeof apiRun>): number {
  expect(planRequest(run, get(T0))).toMatchObject({ kind: 'fault', status: 429, retryAfterS: RETRY_AFTER_S });
  expect(planRequest(run, get(T0 + 2000))).toMatchObject({ kind: 'fault', status: 503 });
  expect(planRequest(run, get(T0 + 3000))).toEqual({ kind: 'pass' });
  return T0 + 3000;
}

describe('the API client scenario', () => {
  it('plays only the traps the run grades: a run of api.paginates meets no fault, one of api.bounded-retries starts there', () => {
    const pages = apiRun(['api.paginates']);
    expect(planRequest(pages, get(T0))).toEqual({ kind: 'pass' });
    expect(planRequest(pages, get(T0 + 1, '/api/automation/submissions', { list: true }))).toEqual({ kind: 'page' });
    expect(planRequest(pages, create(T0 + 2))).toEqual({ kind: 'pass' });
    const bounded = apiRun(['api.bounded-retries']);
    expect(planRequest(bounded, get(T0))).toMatchObject({ kind: 'fault', status: 503, check: 'api.bounded-retries' });
  });

  it('fails api.honours-retry-after for a request sooner than Retry-After, and passes one on time', () => {
    const hasty = apiRun();
    planRequest(hasty, get(T0));
    planRequest(hasty, get(T0 + 300));
    expect(outcomeOf(hasty, 'api.honours-retry-after')).toBe('fail');
    const careful = apiRun();
    pastTheFirstTraps(careful);
    expect(outcomeOf(careful, 'api.honours-retry-after')).toBe('pass');
    expect(outcomeOf(careful, 'api.retries-transient')).toBe('pass');
  });

  it('warns when a 503 is not retried (a SHOULD)', () => {
    const run = apiRun();
    planRequest(run, get(T0));
    planRequest(run, get(T0 + 2000));
    planRequest(run, get(T0 + 3000, '/api/automation/profiles'));
    expect(outcomeOf(run, 'api.retries-transient')).toBe('warn');
  });

  it('fails api.bounded-retries for a tight loop, and stops faulting once it is decided', () => {
    const run = apiRun();
    const after = pastTheFirstTraps(run);
    for (let i = 0; i <= BOUNDED_ATTEMPTS; i += 1) expect(planRequest(run, get(after + i * 10))).toMatchObject({ kind: 'fault', status: 503 });
    expect(outcomeOf(run, 'api.bounded-retries')).toBe('fail');
    expect(planRequest(run, get(after + 1000))).toEqual({ kind: 'pass' });
  });

  it('passes api.bounded-retries for a client that backs off through the window', () => {
    const run = apiRun();
    const after = pastTheFirstTraps(run);
    for (const wait of [0, 1000, 3000, 7000, 15000, 31000]) planRequest(run, get(after + wait));
    expect(settleBounded(run, after + WINDOW_MS)).toBe(true);
    expect(outcomeOf(run, 'api.bounded-retries')).toBe('pass');
  });

  it('fails api.idempotent-create when the create after a lost answer carries a new record_id', () => {
    const run = apiRun();
    expect(planRequest(run, create(T0))).toEqual({ kind: 'drop-answer' });
    observeDroppedCreate(run, create(T0), 202, 'rec-1');
    expect(planRequest(run, create(T0 + 1000))).toEqual({ kind: 'follow-create' });
    observeCreateRetry(run, create(T0 + 1000), 'rec-2', 202);
    expect(outcomeOf(run, 'api.idempotent-create')).toBe('fail');

    const good = apiRun();
    planRequest(good, create(T0));
    observeDroppedCreate(good, create(T0), 202, 'rec-1');
    planRequest(good, create(T0 + 1000));
    observeCreateRetry(good, create(T0 + 1000), 'rec-1', 200);
    expect(outcomeOf(good, 'api.idempotent-create')).toBe('pass');
  });

  it('leaves api.paginates undecided for a client that stops after the first page, not_run once the run ends', () => {
    const run = apiRun();
    const after = pastTheFirstTraps(run);
    run.api.bounded.phase = 'done';
    const list = get(after, '/api/automation/submissions', { list: true });
    expect(planRequest(run, list)).toEqual({ kind: 'page' });
    observePage(run, list, 200, 'cursor-2');
    closeRun(run, after + 5000, { reason: 'command_exited', exitCode: 3 });
    expect(outcomeOf(run, 'api.paginates')).toBe('not_run');
    expect(run.checks.find((c) => c.id === 'api.paginates')?.summary).toBe('Not reached: the run ended before the integration got here: the command exited with status 3.');
    expect(run.status).toBe('failed');
  });

  it('passes api.paginates once next_cursor is followed to the last page', () => {
    const run = apiRun();
    const after = pastTheFirstTraps(run);
    run.api.bounded.phase = 'done';
    const first = get(after, '/api/automation/submissions', { list: true });
    planRequest(run, first);
    observePage(run, first, 200, 'cursor-2');
    const second = get(after + 10, '/api/automation/submissions', { list: true, cursor: 'cursor-2' });
    planRequest(run, second);
    observePage(run, second, 200, null);
    expect(outcomeOf(run, 'api.paginates')).toBe('pass');
  });

  describe('with several clients (two processes, two credentials or two User-Agents)', () => {
    it('grades api.honours-retry-after on the next request of the client that got the 429, not on another client’s', () => {
      const run = apiRun();
      expect(planRequest(run, get(T0))).toMatchObject({ kind: 'fault', status: 429 });
      // The other client knows of no 429: its request passes, and decides nothing.
      expect(planRequest(run, get(T0 + 10, '/api/v1/me', { client: KY }))).toEqual({ kind: 'pass' });
      expect(outcomeOf(run, 'api.honours-retry-after')).toBe('pending');
      planRequest(run, get(T0 + 2040));
      expect(outcomeOf(run, 'api.honours-retry-after')).toBe('pass');
      expect(run.checks.find((c) => c.id === 'api.honours-retry-after')?.summary).toBe('The next request of the automation key (User-Agent "got") came 2.04 s after its 429 with Retry-After: 2.');
    });

    it('passes two polite clients that each wait out their own 429 and 503', () => {
      const run = apiRun();
      expect(planRequest(run, get(T0))).toMatchObject({ kind: 'fault', status: 429 });
      expect(planRequest(run, get(T0 + 5, '/api/v1/me', { client: KY }))).toEqual({ kind: 'pass' });
      expect(planRequest(run, get(T0 + 2000))).toMatchObject({ kind: 'fault', status: 503, check: 'api.retries-transient' });
      expect(planRequest(run, get(T0 + 2005, '/api/v1/me', { client: KY }))).toEqual({ kind: 'pass' });
      expect(planRequest(run, get(T0 + 3000))).toEqual({ kind: 'pass' });
      expect(outcomeOf(run, 'api.honours-retry-after')).toBe('pass');
      expect(outcomeOf(run, 'api.retries-transient')).toBe('pass');
    });

    it('counts only the trapped client’s requests in the fault window of api.bounded-retries', () => {
      const run = apiRun();
      const after = pastTheFirstTraps(run);
      expect(planRequest(run, get(after))).toMatchObject({ kind: 'fault', check: 'api.bounded-retries' });
      for (let i = 1; i <= BOUNDED_ATTEMPTS + 5; i += 1) expect(planRequest(run, get(after + i * 10, '/api/v1/me', { client: KY }))).toEqual({ kind: 'pass' });
      for (const wait of [1000, 3000, 7000]) planRequest(run, get(after + wait));
      expect(settleBounded(run, after + WINDOW_MS)).toBe(true);
      expect(outcomeOf(run, 'api.bounded-retries')).toBe('pass');
      expect(run.api.bounded.attempts).toBe(4);
    });

    it('grades api.idempotent-create on the create of the client whose answer was cut', () => {
      const run = apiRun();
      expect(planRequest(run, create(T0))).toEqual({ kind: 'drop-answer' });
      observeDroppedCreate(run, create(T0), 202, 'rec-1');
      expect(planRequest(run, create(T0 + 500, KY))).toEqual({ kind: 'pass' });
      expect(planRequest(run, create(T0 + 1000))).toEqual({ kind: 'follow-create' });
      observeCreateRetry(run, create(T0 + 1000), 'rec-1', 200);
      expect(outcomeOf(run, 'api.idempotent-create')).toBe('pass');
    });
  });
});
