import { describe, expect, it } from 'vitest';
import { journalForEach } from '../../testing/journal-fixture.js';
import { FileAsyncStore } from '../store/file-async-store.js';
import { del, put, type WriteOp } from '../store/store.js';
import { SUBMISSIONS, type SubmissionRecord } from './submission-records.js';
import { SubmissionSearch } from './search.js';

/**
 * The search index against a real store whose submissions retention removes (the sweep deletes
 * them from the store; the index is not told): answers never hold a removed one, and the index's
 * memory follows what the organisation still holds.
 */
const journal = journalForEach('search-');

const submission = (i: number, name: string): SubmissionRecord =>
  ({
    id: `sub_${i}`,
    orgId: 'org_a',
    jobId: `job_${i}`,
    recordId: `rec-${i}`,
    profileId: 'prf_1',
    status: 'completed',
    fields: { name, company: 'Acme' },
    filters: [],
    source: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    processedAt: null,
    inputRevision: 1,
    runs: 1,
    evaluation: null,
    error: null,
    resourceIds: [],
    transcriptIds: [],
  }) as SubmissionRecord;

const TOTAL = 3000;
const ids = (page: { items: SubmissionRecord[] } | undefined) => (page?.items ?? []).map((s) => s.id);

describe('SubmissionSearch after retention', () => {
  it('never answers with a removed submission, pages on past it, and reads the organisation afresh once most of what it holds is gone', async () => {
    const ops: WriteOp[] = [];
    for (let i = 0; i < TOTAL; i += 1) ops.push(put(SUBMISSIONS, 'org_a', submission(i, i === 2600 ? 'Grace Hopper' : `Person ${i}`)));
    await journal.store.write(ops);
    const search = new SubmissionSearch({ db: new FileAsyncStore(journal.store) });
    expect(ids(await search.search('org_a', { text: 'grace', limit: 10 }))).toEqual(['sub_2600']);
    const first = await search.search('org_a', { text: 'acme', limit: 10 });
    expect(ids(first)).toEqual(Array.from({ length: 10 }, (_, i) => `sub_${TOTAL - 1 - i}`));
    expect(search.places('org_a')).toBe(TOTAL);

    // Retention removes the oldest 2,500 and, here, the submission the first page ended on.
    await journal.store.write([...Array.from({ length: 2500 }, (_, i) => del(SUBMISSIONS, 'org_a', `sub_${i}`)), del(SUBMISSIONS, 'org_a', `sub_${TOTAL - 10}`)]);
    const next = await search.search('org_a', { text: 'acme', limit: 10, after: first?.next as string });
    expect(ids(next)).toEqual(Array.from({ length: 10 }, (_, i) => `sub_${TOTAL - 11 - i}`));
    // 3,000 places for 499 submissions: the next first page reads the index afresh, and still finds what remains.
    expect(search.places('org_a')).toBe(TOTAL);
    expect(ids(await search.search('org_a', { text: 'grace hop', limit: 10 }))).toEqual(['sub_2600']);
    expect(search.places('org_a')).toBe(499);
    expect(ids(await search.search('org_a', { text: 'person 12', limit: 10 }))).toEqual([]);
    const all: string[] = [];
    for (let after: string | undefined, page; (page = await search.search('org_a', { text: 'a', limit: 100, ...(after ? { after } : {}) })); ) {
      all.push(...ids(page));
      if (!page.next) break;
      after = page.next;
    }
    expect(all).toHaveLength(499);
    expect(all.at(-1)).toBe('sub_2500');
  });
});
