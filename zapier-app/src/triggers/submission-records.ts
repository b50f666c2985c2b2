import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { listPage } from '../automation/list.js';
import { outputFieldsFrom } from '../output-fields.js';

/** One entry of the Submission dropdown: the record ID the attach steps take, and a label. */
export const SUBMISSION_RECORD_SAMPLE = {
  id: 'sub_uNHClsYyX7ovyxRA',
  record_id: 'crm-1001',
  label: 'crm-1001 — Grace Hopper, Cobol Labs (completed)',
};
type Entry = typeof SUBMISSION_RECORD_SAMPLE;

type Listed = { id: string; record_id: string; status: string; fields: Record<string, unknown> };

/**
 * Newest first, 100 a page. Zapier asks for page N (`bundle.meta.page`) as the builder scrolls;
 * the API pages by cursor, so page N follows N cursors from the first page. That costs N + 1
 * requests, never state kept between calls (z.cursor lives on Zapier's servers, out of reach of
 * a local test); a builder looking for an older record uses the Find Submission search instead.
 */
const perform = async (z: ZObject, bundle: Bundle): Promise<Entry[]> => {
  let page = await listPage<Listed>(z, '/api/automation/submissions', { limit: 100 });
  for (let n = 0; n < Number(bundle.meta?.page ?? 0); n += 1) {
    if (!page.next_cursor) return [];
    page = await listPage<Listed>(z, '/api/automation/submissions', { limit: 100, cursor: page.next_cursor });
  }
  return page.data.map((s) => {
    const who = [s.fields['name'], s.fields['company']].filter((v) => typeof v === 'string' && v !== '').join(', ');
    return { id: s.id, record_id: s.record_id, label: `${s.record_id}${who ? ` — ${who}` : ''} (${s.status.replace(/_/g, ' ')})` };
  });
};

export const submissionRecords = defineTrigger({
  key: 'submission_records',
  noun: 'Submission',
  display: {
    label: 'New Submission Record',
    description: 'Triggers when a submission is made; feeds the Submission dropdown of the attach steps.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    canPaginate: true,
    perform,
    sample: SUBMISSION_RECORD_SAMPLE,
    outputFields: outputFieldsFrom(SUBMISSION_RECORD_SAMPLE, {}, { id: 'submission ID', record_id: 'record ID' }),
  },
});

/** The Submission input of the attach steps: a dropdown of record IDs, with Find Submission to look one up. */
export const submissionRecordInput = {
  key: 'record_id',
  label: 'Submission',
  required: true,
  dynamic: 'submission_records.record_id.label',
  search: 'find_submission.record_id',
  helpText:
    'The submission to attach to: pick it, map a Record ID from an earlier step, or add a [Find Submission](https://zapier.com/help/create/basics/use-search-actions-in-zaps) search step to look it up by Record ID.',
} as const;
