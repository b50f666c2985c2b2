import type { z } from 'zod';
import type { FieldError } from '../../pages/index.js';
import { DIMENSION_INFO, type Dimension } from '../../psychometrics/index.js';

/**
 * The schema library's issues with a profile, as sentences an admin who is not a developer can act
 * on ("Choose a rule type for criterion 2"), each tied to the form field it is about: a row's own
 * field in the form, the criteria box in JSON mode. One message per field, in the page's order.
 */

type Issue = z.core.$ZodIssue;

const TOP_LEVEL: Record<string, (issue: Issue) => string> = {
  name: (issue) => (issue.code === 'too_small' ? 'Enter a name for the profile' : 'The name must be 120 characters or fewer'),
  kind: () => 'Choose what the profile evaluates',
  description: () => 'The description must be 1,000 characters or fewer',
  required_fields: () => 'Required fields are field names of 1 to 64 characters, separated by commas',
};

const tooLong = (issue: Issue) => issue.code === 'too_big';

/** The sentence for an issue inside criterion `n` (1-based), by the part of the criterion it is about. */
function criterionProblem(n: number, part: readonly PropertyKey[], issue: Issue, ruleType: unknown): { part: string; message: string } {
  const [first, second, third] = part;
  if (issue.code === 'unrecognized_keys') {
    return { part: first === 'rule' ? 'type' : 'label', message: `${first === 'rule' ? `The rule of criterion ${n}` : `Criterion ${n}`} has fields it cannot have: ${issue.keys.join(', ')}` };
  }
  if (first === 'label') return { part: 'label', message: tooLong(issue) ? `The label of criterion ${n} must be 80 characters or fewer` : `Enter a label for criterion ${n}` };
  if (first === 'key') return { part: 'key', message: `The key of criterion ${n} must be 1 to 48 lower-case letters, digits or underscores (leave it empty to make it from the label)` };
  if (first === 'description') return { part: 'description', message: `The description of criterion ${n} must be 300 characters or fewer` };
  if (first === 'weight') return { part: 'weight', message: `Weight must be a number between 0 and 100 (more than 0) for criterion ${n}` };
  if (first !== 'rule') return { part: 'label', message: `Check criterion ${n}` };
  // An unknown or missing discriminator is reported on the rule itself (or on its `type`).
  if (second === undefined || second === 'type') return { part: 'type', message: `Choose a rule type for criterion ${n}` };
  const whole = ruleType === 'resource_count' || ruleType === 'transcript_words';
  switch (second) {
    case 'field':
      return { part: 'field', message: `Enter the field name criterion ${n} looks at (1 to 64 characters)` };
    case 'values':
      return { part: 'values', message: `Enter at least one value for criterion ${n}, separated by commas` };
    case 'target':
      return { part: 'target', message: `The target of criterion ${n} must be a ${whole ? 'whole number' : 'number'} more than 0` };
    case 'in':
      return { part: 'in', message: `Choose where criterion ${n} looks for its keywords` };
    case 'keywords':
      return { part: 'keywords', message: `Enter at least one keyword for criterion ${n}, separated by commas` };
    case 'saturation':
      return { part: 'saturation', message: `The number of keywords that gives full marks in criterion ${n} must be a whole number more than 0` };
    case 'targets': {
      const label = typeof third === 'string' && third in DIMENSION_INFO ? DIMENSION_INFO[third as Dimension].label : 'each dimension';
      return { part: typeof third === 'string' ? `t_${third}` : 'type', message: `The target percentile for ${label} in criterion ${n} must be a number from 0 to 100` };
    }
    default:
      return { part: 'type', message: `Check the rule of criterion ${n}` };
  }
}

export function profileProblems(issues: readonly Issue[], mode: 'form' | 'json', criteria: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  for (const issue of issues) {
    const [top, index, ...rest] = issue.path;
    const named = TOP_LEVEL[String(top)];
    if (named) {
      add(String(top), named(issue));
      continue;
    }
    if (typeof index !== 'number') {
      const many = issue.code === 'too_big';
      add(mode === 'json' ? 'criteria' : 'add-criterion', many ? 'A profile has at most 30 criteria' : mode === 'json' ? 'Criteria must be a list of 1 to 30 criteria' : 'Add at least one criterion');
      continue;
    }
    const ruleType = (Array.isArray(criteria) ? (criteria[index] as { rule?: { type?: unknown } } | undefined)?.rule?.type : undefined);
    const problem = criterionProblem(index + 1, rest, issue, ruleType);
    // In JSON there is one box: every problem points to it, the first one per criterion and part.
    if (mode === 'json') {
      if (!errors.some((e) => e.message === problem.message)) errors.push({ field: 'criteria', message: problem.message });
    } else {
      add(`c${index + 1}_${problem.part}`, problem.message);
    }
  }
  return errors;
}
