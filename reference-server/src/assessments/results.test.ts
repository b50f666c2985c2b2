import { beforeEach, describe, expect, it } from 'vitest';
import { journalForEach } from '../../testing/journal-fixture.js';
import { ManualClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { randomIds } from '../ids.js';
import { FileAsyncStore } from '../store/file-async-store.js';
import { put } from '../store/store.js';
import { workedExample } from '../psychometrics/index.js';
import { selectNorm } from '../psychometrics/index.js';
import {
  dimensionPercentiles,
  findResultByEmail,
  getResult,
  listResults,
  recordCrmSync,
  saveResult,
  type ResultDraft,
} from './results.js';
import { scoreAnswers } from '../psychometrics/index.js';

const journal = journalForEach('results-');
let ctx: Pick<AppContext, 'db' | 'clock' | 'ids'>;

beforeEach(() => {
  ctx = { db: new FileAsyncStore(journal.store), clock: new ManualClock(), ids: randomIds };
});

const draft = (email: string): ResultDraft => {
  const { norm, reference } = selectNorm();
  return {
    email,
    fullName: 'Repo Test',
    benchmarkTagId: null,
    benchmarkApplied: false,
    scores: scoreAnswers(workedExample(), norm, reference),
    answers: workedExample(),
    context: {},
    crmSync: { status: 'not_configured', attempts: 0 },
  };
};

describe('the results repository', () => {
  it('finds a result by id and by email in any case, only in its organisation', async () => {
    const { result } = await saveResult(ctx, 'org_a', draft('Mixed.Case@Example.com'));
    expect((await findResultByEmail(ctx, 'org_a', ' mixed.case@example.COM '))?.id).toBe(result.id);
    expect((await getResult(ctx, 'org_a', result.id))?.emailKey).toBe('mixed.case@example.com');
    expect(await getResult(ctx, 'org_b', result.id)).toBeUndefined();
    expect(await findResultByEmail(ctx, 'org_b', 'mixed.case@example.com')).toBeUndefined();
    expect(dimensionPercentiles(result)).toMatchObject({ achievement_drive: 88, perseverance: 50 });
  });

  it('replaces in place and writes the extra operations in the same batch', async () => {
    const first = await saveResult(ctx, 'org_a', draft('x@example.com'));
    const second = await saveResult(ctx, 'org_a', { ...draft('X@example.com'), fullName: 'Second' }, async () => ({ result, previous }) => [
      put('side_effects', 'org_a', { id: `${result.id}.${result.revision}`, previousRevision: previous?.revision ?? null }),
    ]);
    expect(second.result).toMatchObject({ id: first.result.id, revision: 2, fullName: 'Second', createdAt: first.result.createdAt });
    expect(second.previous?.revision).toBe(1);
    expect(await ctx.db.get('side_effects', 'org_a', `${first.result.id}.2`)).toMatchObject({ previousRevision: 1 });
    expect((await listResults(ctx, 'org_a', { limit: 10 })).items).toHaveLength(1);
  });

  it('records a CRM sync state only for the revision it belongs to', async () => {
    const { result } = await saveResult(ctx, 'org_a', draft('crm@example.com'));
    await saveResult(ctx, 'org_a', draft('crm@example.com'));
    expect(await recordCrmSync(ctx, 'org_a', result.id, 1, { status: 'synced', attempts: 1 })).toBe(false);
    expect((await getResult(ctx, 'org_a', result.id))?.crmSync.status).toBe('not_configured');
    expect(await recordCrmSync(ctx, 'org_a', result.id, 2, { status: 'synced', attempts: 1 })).toBe(true);
    expect((await getResult(ctx, 'org_a', result.id))?.crmSync.status).toBe('synced');
  });
});
