import { describe, expect, it } from 'vitest';
import type { Criterion } from '../../submissions/index.js';
import { changeRows, emptyRow, formIntent, parseProfileForm, profileFormValues, switchMode, type ProfileFormValues } from './profile-form.js';

const CRITERIA: Criterion[] = [
  { key: 'has_cto', label: 'Has a CTO', description: '', weight: 1, rule: { type: 'field_present', field: 'cto' } },
  { key: 'stage', label: 'Stage', description: 'Early only.', weight: 2, rule: { type: 'field_in', field: 'stage', values: ['seed', 'series a'] } },
  { key: 'traction', label: 'Traction', description: '', weight: 3.5, rule: { type: 'number_at_least', field: 'mrr', target: 50000 } },
  { key: 'moat', label: 'Moat', description: '', weight: 1, rule: { type: 'keywords', in: ['fields', 'transcripts'], keywords: ['moat', 'TAM'], saturation: 2 } },
  { key: 'deck', label: 'Deck', description: '', weight: 1, rule: { type: 'resource_count', target: 2 } },
  { key: 'pitch', label: 'Pitch', description: '', weight: 1, rule: { type: 'transcript_words', target: 300 } },
  { key: 'fit', label: 'Fit', description: '', weight: 1, rule: { type: 'assessment_fit', targets: { resilience: 70, autonomy: 60 } } },
];

const record = { id: 'prf_1', orgId: 'org_1', created_at: '2026-01-01T00:00:00.000Z', name: 'All rules', description: '', kind: 'founder' as const, required_fields: ['email'], criteria: CRITERIA };

describe('the profile form', () => {
  it('turns every rule type into form rows and back into the same criteria, as JSON does', () => {
    const rows = profileFormValues(record);
    expect(rows.rows).toHaveLength(CRITERIA.length);
    const fromRows = parseProfileForm(rows);
    const fromJson = parseProfileForm(profileFormValues(record, 'json'));
    expect(fromRows).toEqual({ ok: true, input: { name: 'All rules', description: '', kind: 'founder', required_fields: ['email'], criteria: CRITERIA } });
    expect(fromJson).toEqual(fromRows);
  });

  it('makes a key from the label when none is typed', () => {
    const values: ProfileFormValues = { ...profileFormValues(record), rows: [{ ...emptyRow(), label: 'Team & market fit', type: 'field_present', field: 'team' }] };
    const parsed = parseProfileForm(values);
    expect(parsed.ok && parsed.input.criteria[0]?.key).toBe('team_market_fit');
  });

  it('says what is wrong in plain words, next to the field of the row it is about', () => {
    const values: ProfileFormValues = {
      ...profileFormValues(record),
      name: '',
      rows: [
        { ...emptyRow(), label: 'Traction', type: 'number_at_least', field: 'mrr', target: '-5' },
        { ...emptyRow(), label: '', weight: 'a lot' },
        { ...emptyRow(), label: 'Fit', type: 'assessment_fit', targets: { resilience: '140' } },
        { ...emptyRow(), label: 'Deck', type: 'resource_count', target: '1.5' },
        { ...emptyRow(), label: 'Moat', type: 'keywords', keywords: '', saturation: '2' },
      ],
    };
    const parsed = parseProfileForm(values);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { field: 'name', message: 'Enter a name for the profile' },
      { field: 'c1_target', message: 'The target of criterion 1 must be a number more than 0' },
      { field: 'c2_label', message: 'Enter a label for criterion 2' },
      { field: 'c2_weight', message: 'Weight must be a number between 0 and 100 (more than 0) for criterion 2' },
      { field: 'c2_type', message: 'Choose a rule type for criterion 2' },
      { field: 'c3_t_resilience', message: 'The target percentile for Resilience in criterion 3 must be a number from 0 to 100' },
      { field: 'c4_target', message: 'The target of criterion 4 must be a whole number more than 0' },
      { field: 'c5_in', message: 'Choose where criterion 5 looks for its keywords' },
      { field: 'c5_keywords', message: 'Enter at least one keyword for criterion 5, separated by commas' },
    ]);
  });

  it('speaks the same sentences about JSON, all pointing to the criteria box', () => {
    const parsed = parseProfileForm({ ...profileFormValues(record, 'json'), criteria: '[{"key": "traction", "label": "T", "description": "", "weight": 1, "rule": {"type": "nope"}}]' });
    expect(parsed.ok ? [] : parsed.errors).toEqual([{ field: 'criteria', message: 'Choose a rule type for criterion 1' }]);
    const broken = parseProfileForm({ ...profileFormValues(record, 'json'), criteria: '[{' });
    expect(broken.ok ? [] : broken.errors.map((e) => e.field)).toEqual(['criteria']);
  });

  it('switches between rows and JSON keeping what was typed, and refuses JSON that is not a list', () => {
    const rows = profileFormValues(record);
    const json = switchMode(rows, 'json');
    expect(json?.mode).toBe('json');
    expect(JSON.parse(json?.criteria ?? '')).toEqual(CRITERIA);
    const back = switchMode({ ...(json as ProfileFormValues), rows: [] }, 'form');
    expect(back?.rows).toEqual(rows.rows);
    expect(switchMode({ ...rows, mode: 'json', criteria: '{"not": "a list"}' }, 'form')).toBeUndefined();
    expect(switchMode({ ...rows, mode: 'json', criteria: '[{"label": 5, "rule": "odd"}]' }, 'form')?.rows[0]).toMatchObject({ label: '5', type: '' });
  });

  it('adds and removes rows from the button pressed, never leaving none', () => {
    const body = (intent: string) => ({ intent });
    expect(formIntent(body('add'))).toEqual({ kind: 'add' });
    expect(formIntent(body('remove-3'))).toEqual({ kind: 'remove', index: 2 });
    expect(formIntent({})).toEqual({ kind: 'save' });
    const rows = profileFormValues(record).rows;
    expect(changeRows(rows, { kind: 'add' })).toHaveLength(rows.length + 1);
    expect(changeRows(rows, { kind: 'remove', index: 0 })[0]?.label).toBe('Stage');
    expect(changeRows([emptyRow()], { kind: 'remove', index: 0 })).toEqual([emptyRow()]);
  });
});
