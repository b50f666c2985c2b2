import type { z } from 'zod';
import type { FieldError } from '../pages/components.js';
import { formField } from '../pages/forms.js';
import { profileInputSchema, type ProfileInput, type ProfileRecord } from '../submissions/index.js';

/** The profile form's fields as typed: what the page shows back when there is a problem. */
export interface ProfileFormValues {
  name: string;
  kind: string;
  description: string;
  required_fields: string;
  criteria: string;
}

export const emptyProfileForm = (): ProfileFormValues => ({
  name: '',
  kind: 'founder',
  description: '',
  required_fields: 'email, name',
  criteria: JSON.stringify(
    [{ key: 'traction', label: 'Traction', description: 'Monthly revenue against the target.', weight: 1, rule: { type: 'number_at_least', field: 'mrr', target: 50000 } }],
    null,
    2,
  ),
});

export const profileFormValues = (profile: ProfileRecord): ProfileFormValues => ({
  name: profile.name,
  kind: profile.kind,
  description: profile.description,
  required_fields: profile.required_fields.join(', '),
  criteria: JSON.stringify(profile.criteria, null, 2),
});

export function readProfileForm(body: unknown): ProfileFormValues {
  const field = (name: keyof ProfileFormValues) => formField(body, name) ?? '';
  return { name: field('name'), kind: field('kind'), description: field('description'), required_fields: field('required_fields'), criteria: field('criteria') };
}

const FIELD_OF: Record<string, keyof ProfileFormValues> = { name: 'name', kind: 'kind', description: 'description', required_fields: 'required_fields', criteria: 'criteria' };

function problemText(issue: z.core.$ZodIssue): string {
  const [top, ...rest] = issue.path;
  if (top === 'name') return issue.code === 'too_small' ? 'Enter a name for the profile' : 'The name must be 120 characters or fewer';
  if (top === 'kind') return 'Choose what the profile evaluates';
  if (top === 'description') return 'The description must be 1,000 characters or fewer';
  if (top === 'required_fields') return 'Required fields are field names of 1 to 64 characters, separated by commas';
  const where = rest.map((part) => (typeof part === 'number' ? `item ${part + 1}` : String(part))).join(' › ');
  return `Criteria${where ? ` (${where})` : ''}: ${issue.message}`;
}

/**
 * The form checked by the very schema the scoring engine and the APIs use (profileInputSchema),
 * so a profile the workspace accepts is one the processor can score. Criteria are JSON: the
 * rules are a tagged union (docs/automation.md#scoring), edited as the API shows them.
 */
export function parseProfileForm(values: ProfileFormValues): { ok: true; input: ProfileInput } | { ok: false; errors: FieldError[] } {
  let criteria: unknown;
  try {
    criteria = JSON.parse(values.criteria);
  } catch {
    return { ok: false, errors: [{ field: 'criteria', message: 'Criteria must be valid JSON: a list of criteria as the API shows them' }] };
  }
  const parsed = profileInputSchema.safeParse({
    name: values.name.trim(),
    kind: values.kind,
    description: values.description.trim(),
    required_fields: values.required_fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    criteria,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldError[] = [];
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])] ?? 'criteria';
    if (!errors.some((e) => e.field === field)) errors.push({ field, message: problemText(issue) });
  }
  return { ok: false, errors };
}
