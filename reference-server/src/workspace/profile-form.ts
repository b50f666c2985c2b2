import type { FieldError } from '../pages/components.js';
import { formField, formValues } from '../pages/forms.js';
import { DIMENSIONS } from '../psychometrics/model.js';
import { profileInputSchema, type Criterion, type CriterionRule, type ProfileInput, type ProfileRecord } from '../submissions/profiles.js';
import { profileProblems } from './profile-problems.js';

/**
 * The profile form: name, kind, description, required fields, and the criteria either as form
 * rows (one per criterion: label, key, weight, rule type and that rule's own fields) or, for
 * developers, as JSON. Rows are POST-only state: "Add criterion", "Remove" and "Show this rule's
 * fields" post the form and get it back changed, so it all works without script. Both ways end in
 * the schema the scoring engine and the APIs use (profileInputSchema), so they make the same record.
 */

export const RULE_TYPES = ['field_present', 'field_in', 'number_at_least', 'keywords', 'resource_count', 'transcript_words', 'assessment_fit'] as const satisfies readonly CriterionRule['type'][];
export type RuleType = (typeof RULE_TYPES)[number];
export const KEYWORD_SOURCES = ['fields', 'transcripts', 'resources'] as const;
export const MAX_CRITERIA = 30;

/** One criterion row as typed: strings, so the page shows back exactly what was entered. */
export interface CriterionRow {
  label: string;
  key: string;
  description: string;
  weight: string;
  type: string;
  field: string;
  /** `field_in`'s values, separated by commas. */
  values: string;
  target: string;
  in: string[];
  keywords: string;
  saturation: string;
  /** `assessment_fit`'s target percentile per dimension; blank: not targeted. */
  targets: Record<string, string>;
}

export interface ProfileFormValues {
  mode: 'form' | 'json';
  name: string;
  kind: string;
  description: string;
  required_fields: string;
  rows: CriterionRow[];
  /** The criteria as JSON (mode `json`). */
  criteria: string;
}

/** The name of row `index`'s (0-based) `part` in the form: `c1_weight`; also the id the error summary links to. */
export const rowField = (index: number, part: string) => `c${index + 1}_${part}`;

export const emptyRow = (): CriterionRow => ({ label: '', key: '', description: '', weight: '1', type: '', field: '', values: '', target: '', in: [], keywords: '', saturation: '', targets: {} });

const list = (items: readonly string[]) => items.join(', ');
const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function rowOf(criterion: Criterion): CriterionRow {
  const row: CriterionRow = { ...emptyRow(), label: criterion.label, key: criterion.key, description: criterion.description, weight: String(criterion.weight), type: criterion.rule.type };
  const rule = criterion.rule;
  if ('field' in rule) row.field = rule.field;
  if (rule.type === 'field_in') row.values = list(rule.values);
  if ('target' in rule) row.target = String(rule.target);
  if (rule.type === 'keywords') Object.assign(row, { in: [...rule.in], keywords: list(rule.keywords), saturation: String(rule.saturation) });
  if (rule.type === 'assessment_fit') row.targets = Object.fromEntries(Object.entries(rule.targets).map(([dimension, value]) => [dimension, String(value)]));
  return row;
}

const EXAMPLE: Criterion = { key: 'traction', label: 'Traction', description: 'Monthly revenue against the target.', weight: 1, rule: { type: 'number_at_least', field: 'mrr', target: 50000 } };

export const emptyProfileForm = (mode: ProfileFormValues['mode'] = 'form'): ProfileFormValues => ({
  mode,
  name: '',
  kind: 'founder',
  description: '',
  required_fields: 'email, name',
  rows: [rowOf(EXAMPLE)],
  criteria: JSON.stringify([EXAMPLE], null, 2),
});

export const profileFormValues = (profile: ProfileRecord, mode: ProfileFormValues['mode'] = 'form'): ProfileFormValues => ({
  mode,
  name: profile.name,
  kind: profile.kind,
  description: profile.description,
  required_fields: list(profile.required_fields),
  rows: profile.criteria.map(rowOf),
  criteria: JSON.stringify(profile.criteria, null, 2),
});

/** What the person asked for with the button they pressed: save, or change the rows and show the form again. */
export type FormIntent = { kind: 'save' } | { kind: 'add' } | { kind: 'remove'; index: number } | { kind: 'refresh' };

export function formIntent(body: unknown): FormIntent {
  const intent = formField(body, 'intent') ?? 'save';
  if (intent === 'add') return { kind: 'add' };
  if (intent === 'refresh') return { kind: 'refresh' };
  const remove = /^remove-(\d{1,2})$/.exec(intent);
  return remove ? { kind: 'remove', index: Number(remove[1]) - 1 } : { kind: 'save' };
}

export function readProfileForm(body: unknown): ProfileFormValues {
  const field = (name: string) => formField(body, name) ?? '';
  const count = Math.min(MAX_CRITERIA, Math.max(0, Number.parseInt(field('rows'), 10) || 0));
  const rows = Array.from({ length: count }, (_, i): CriterionRow => {
    const part = (name: string) => field(rowField(i, name));
    return {
      label: part('label'),
      key: part('key'),
      description: part('description'),
      weight: part('weight'),
      type: part('type'),
      field: part('field'),
      values: part('values'),
      target: part('target'),
      in: formValues(body, rowField(i, 'in')),
      keywords: part('keywords'),
      saturation: part('saturation'),
      targets: Object.fromEntries(DIMENSIONS.map((d) => [d, part(`t_${d}`)]).filter(([, value]) => value !== '')),
    };
  });
  return {
    mode: field('mode') === 'json' ? 'json' : 'form',
    name: field('name'),
    kind: field('kind'),
    description: field('description'),
    required_fields: field('required_fields'),
    rows,
    criteria: field('criteria'),
  };
}

/** The rows after an add or remove (never fewer than one row: a profile needs a criterion). */
export function changeRows(rows: readonly CriterionRow[], intent: FormIntent): CriterionRow[] {
  if (intent.kind === 'add' && rows.length < MAX_CRITERIA) return [...rows, emptyRow()];
  if (intent.kind === 'remove') {
    const left = rows.filter((_, i) => i !== intent.index);
    return left.length > 0 ? left : [emptyRow()];
  }
  return [...rows];
}

/** A number typed in a box, or the text itself when it is not one (the schema then says what is wrong). */
const numberOr = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

/** A key made from the label when none is typed: `Team & market fit` → `team_market_fit`. */
export const keyFromLabel = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);

/** The rule of one row, shaped as the API shows it: only the chosen type's fields. */
function ruleOf(row: CriterionRow): Record<string, unknown> {
  const field = row.field.trim();
  switch (row.type) {
    case 'field_present':
      return { type: row.type, field };
    case 'field_in':
      return { type: row.type, field, values: splitList(row.values) };
    case 'number_at_least':
    case 'resource_count':
    case 'transcript_words':
      return { type: row.type, ...(row.type === 'number_at_least' ? { field } : {}), target: numberOr(row.target) };
    case 'keywords':
      return { type: row.type, in: row.in, keywords: splitList(row.keywords), saturation: numberOr(row.saturation) };
    case 'assessment_fit':
      return { type: row.type, targets: Object.fromEntries(Object.entries(row.targets).map(([dimension, value]) => [dimension, numberOr(value)])) };
    default:
      return { type: row.type === '' ? undefined : row.type };
  }
}

function criteriaOfRows(rows: readonly CriterionRow[]): unknown[] {
  // A label without letters or digits still gets a key: its position.
  return rows.map((row, i) => ({
    key: row.key.trim() || keyFromLabel(row.label) || `criterion_${i + 1}`,
    label: row.label.trim(),
    description: row.description.trim(),
    weight: numberOr(row.weight),
    rule: ruleOf(row),
  }));
}

export function parseProfileForm(values: ProfileFormValues): { ok: true; input: ProfileInput } | { ok: false; errors: FieldError[] } {
  let criteria: unknown;
  if (values.mode === 'json') {
    try {
      criteria = JSON.parse(values.criteria);
    } catch {
      return { ok: false, errors: [{ field: 'criteria', message: 'Criteria must be valid JSON: a list of criteria as the API shows them' }] };
    }
  } else {
    criteria = criteriaOfRows(values.rows);
  }
  const parsed = profileInputSchema.safeParse({
    name: values.name.trim(),
    kind: values.kind,
    description: values.description.trim(),
    required_fields: splitList(values.required_fields),
    criteria,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: profileProblems(parsed.error.issues, values.mode, criteria) };
}
