import { type FieldError, formField, formValues } from '../../pages/index.js';
import { DIMENSIONS } from '../../psychometrics/index.js';
import { profileInputSchema, type Criterion, type CriterionRule, type ProfileInput, type ProfileRecord } from '../../submissions/index.js';
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

/** A form field's text from whatever JSON holds there: a string or number as written, a list joined with commas. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : Array.isArray(value) ? list(value.map(textOf)) : '');
const recordOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/**
 * A criterion as a form row: a saved one, or whatever a developer wrote as JSON before switching
 * to the form (what does not fit a field is left out; the schema then says what is missing).
 */
function rowOf(criterion: unknown): CriterionRow {
  const c = recordOf(criterion);
  const rule = recordOf(c['rule']);
  return {
    label: textOf(c['label']),
    key: textOf(c['key']),
    description: textOf(c['description']),
    weight: textOf(c['weight']),
    type: textOf(rule['type']),
    field: textOf(rule['field']),
    values: textOf(rule['values']),
    target: textOf(rule['target']),
    in: Array.isArray(rule['in']) ? rule['in'].map(textOf) : [],
    keywords: textOf(rule['keywords']),
    saturation: textOf(rule['saturation']),
    targets: Object.fromEntries(Object.entries(recordOf(rule['targets'])).map(([dimension, value]) => [dimension, textOf(value)])),
  };
}

const EXAMPLE: Criterion = { key: 'traction', label: 'Traction', description: 'Monthly revenue against the target.', weight: 1, rule: { type: 'number_at_least', field: 'mrr', target: 50000 } };

export const emptyProfileForm = (): ProfileFormValues => ({
  mode: 'form',
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
export type FormIntent = { kind: 'save' } | { kind: 'add' } | { kind: 'remove'; index: number } | { kind: 'refresh'; index: number } | { kind: 'json' } | { kind: 'form' };

export function formIntent(body: unknown): FormIntent {
  const intent = formField(body, 'intent') ?? 'save';
  if (intent === 'add' || intent === 'json' || intent === 'form') return { kind: intent };
  // `refresh` alone: a form rendered before the button named its row (the first then).
  if (intent === 'refresh') return { kind: 'refresh', index: 0 };
  const row = /^(remove|refresh)-(\d{1,2})$/.exec(intent);
  if (!row) return { kind: 'save' };
  return { kind: row[1] === 'remove' ? 'remove' : 'refresh', index: Math.max(0, Number(row[2]) - 1) };
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

/**
 * The form switched between rows and JSON without losing what was typed: rows become the JSON the
 * API shows (values as typed, for the schema to judge on saving), and JSON a list of rows. JSON
 * that is not a list cannot become rows: undefined, and the page says so.
 */
export function switchMode(values: ProfileFormValues, to: ProfileFormValues['mode']): ProfileFormValues | undefined {
  if (to === values.mode) return values;
  if (to === 'json') return { ...values, mode: 'json', criteria: JSON.stringify(criteriaOfRows(values.rows), null, 2) };
  let criteria: unknown;
  try {
    criteria = JSON.parse(values.criteria);
  } catch {
    return undefined;
  }
  if (!Array.isArray(criteria)) return undefined;
  const rows = criteria.slice(0, MAX_CRITERIA).map(rowOf);
  return { ...values, mode: 'form', rows: rows.length > 0 ? rows : [emptyRow()] };
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

/**
 * Where the page returns after a change of the rows: the criterion changed (1-based, its fieldset
 * `criterion-n`) and the element to focus in it. Add: the new row's label. Remove: the row now in
 * the removed one's place (or the one before, when the last was removed). Show the rule's fields:
 * the first of them, or the rule choice when none is chosen.
 */
export function placeAfter(intent: FormIntent, rows: readonly CriterionRow[]): { criterion: number; focus: string } | undefined {
  if (intent.kind === 'add') return { criterion: rows.length, focus: rowField(rows.length - 1, 'label') };
  if (intent.kind === 'remove') {
    const criterion = Math.min(intent.index + 1, rows.length);
    return { criterion, focus: `criterion-${criterion}` };
  }
  if (intent.kind === 'refresh') {
    const index = Math.min(intent.index, rows.length - 1);
    return { criterion: index + 1, focus: rowField(index, firstRuleField(rows[index]?.type ?? '')) };
  }
  return undefined;
}

/** The part name of a rule's first field (`type`, the choice itself, when no rule is chosen). */
function firstRuleField(type: string): string {
  switch (type) {
    case 'field_present':
    case 'field_in':
    case 'number_at_least':
      return 'field';
    case 'resource_count':
    case 'transcript_words':
      return 'target';
    case 'keywords':
      return 'in-1';
    case 'assessment_fit':
      return `t_${DIMENSIONS[0]}`;
    default:
      return 'type';
  }
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
