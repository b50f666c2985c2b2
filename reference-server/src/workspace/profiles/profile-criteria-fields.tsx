import { Button, CheckboxGroup, ErrorMessage, SelectField, TextField } from '../../pages/index.js';
import { DIMENSION_INFO, DIMENSIONS } from '../../psychometrics/index.js';
import { KEYWORD_SOURCES, MAX_CRITERIA, rowField, RULE_TYPES, type CriterionRow, type RuleType } from './profile-form.js';

/** Each rule type in the reader's words, with what it scores (profile-scoring-guide.tsx and docs/automation.md#scoring have the arithmetic). */
export const RULES: Record<RuleType, { label: string; hint: string }> = {
  field_present: { label: 'A field has a value', hint: 'Full marks when the submission carries a value in this field, none otherwise.' },
  field_in: { label: 'A field’s value is one of a list', hint: 'Full marks when the field’s value is one of the values listed (upper or lower case alike), none otherwise.' },
  number_at_least: { label: 'A number reaches a target', hint: 'Marks in proportion to the field’s number against the target, full marks at or above it.' },
  keywords: { label: 'Keywords appear', hint: 'Marks for each different keyword found, full marks once as many as the number below are found.' },
  resource_count: { label: 'Enough attachments', hint: 'Marks in proportion to the attachments against the target.' },
  transcript_words: { label: 'Transcripts long enough', hint: 'Marks in proportion to the words in the transcripts against the target.' },
  assessment_fit: { label: 'The person’s assessment fits target percentiles', hint: 'Marks for how close the founders’ assessment percentiles are to the targets. Submissions wait for the assessment result.' },
};

const SOURCE_LABELS: Record<(typeof KEYWORD_SOURCES)[number], string> = { fields: 'The submission’s fields', transcripts: 'Transcripts', resources: 'Names of attachments' };

const isRuleType = (value: string): value is RuleType => (RULE_TYPES as readonly string[]).includes(value);

type ErrorOf = (field: string) => { error?: string };

/** The chosen rule's own fields; none until a type is chosen. */
function RuleFields({ index, row, error }: { index: number; row: CriterionRow; error: ErrorOf }) {
  if (!isRuleType(row.type)) return null;
  const id = (part: string) => rowField(index, part);
  const field = <TextField id={id('field')} label="Field name" hint="The submission field it looks at, for example mrr, stage or email." value={row.field} maxLength={64} {...error(id('field'))} />;
  switch (row.type) {
    case 'field_present':
      return field;
    case 'field_in':
      return (
        <>
          {field}
          <TextField id={id('values')} label="Values" hint="Separated by commas, for example: seed, series a." value={row.values} {...error(id('values'))} />
        </>
      );
    case 'number_at_least':
      return (
        <>
          {field}
          <TextField id={id('target')} label="Target" hint="A number more than 0: the value that gives full marks." value={row.target} {...error(id('target'))} />
        </>
      );
    case 'resource_count':
    case 'transcript_words':
      return (
        <TextField
          id={id('target')}
          label={row.type === 'resource_count' ? 'Attachments for full marks' : 'Words for full marks'}
          hint="A whole number more than 0."
          value={row.target}
          {...error(id('target'))}
        />
      );
    case 'keywords':
      return (
        <>
          <CheckboxGroup id={id('in')} name={id('in')} legend="Where to look" choices={KEYWORD_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))} selected={row.in} {...error(id('in'))} />
          <TextField id={id('keywords')} label="Keywords" hint="Separated by commas, for example: moat, TAM, competitor." value={row.keywords} {...error(id('keywords'))} />
          <TextField id={id('saturation')} label="Keywords found for full marks" hint="A whole number more than 0." value={row.saturation} {...error(id('saturation'))} />
        </>
      );
    case 'assessment_fit':
      return (
        <fieldset id={id('targets')}>
          <legend>Target percentiles</legend>
          <span class="hint">From 0 to 100. Leave a dimension empty to leave it out.</span>
          {DIMENSIONS.map((dimension) => (
            <TextField id={id(`t_${dimension}`)} label={DIMENSION_INFO[dimension].label} value={row.targets[dimension] ?? ''} {...error(id(`t_${dimension}`))} />
          ))}
        </fieldset>
      );
  }
}

/** Where the form was sent from and where its answer puts the person back (profile-form.ts `placeAfter`). */
export interface RowPlace {
  /** The form's action: each row button sends to it with the `#criterion-n` it changes. */
  action: string;
  /** After a change: the criterion (1-based) and the id of what gets the focus. */
  focus?: { criterion: number; focus: string } | undefined;
}

/** One criterion as form fields, with its own "Remove" button. */
function CriterionFields({ index, row, error, rowCount, place }: { index: number; row: CriterionRow; error: ErrorOf; rowCount: number; place: RowPlace }) {
  const n = index + 1;
  const id = (part: string) => rowField(index, part);
  const back = (criterion: number) => `${place.action}#criterion-${criterion}`;
  const focused = place.focus?.criterion === n ? place.focus.focus : undefined;
  // tabIndex -1: the fragment the row buttons send to focuses the fieldset itself when there is no script.
  return (
    <fieldset class="criterion" id={`criterion-${n}`} tabIndex={-1} data-focus={focused}>
      <legend>Criterion {n}</legend>
      <TextField id={id('label')} label="Label" hint="What it measures, in a few words: Traction, Team, Market." value={row.label} maxLength={80} {...error(id('label'))} />
      <TextField id={id('weight')} label="Weight" hint="How much it counts beside the other criteria: a number more than 0, up to 100." value={row.weight} {...error(id('weight'))} />
      <SelectField
        id={id('type')}
        label="Rule"
        hint={isRuleType(row.type) ? RULES[row.type].hint : 'How the criterion is scored. After choosing, press “Show this rule’s fields”.'}
        choices={[{ value: '', label: 'Choose a rule type' }, ...RULE_TYPES.map((type) => ({ value: type, label: RULES[type].label }))]}
        selected={row.type}
        {...error(id('type'))}
      />
      <p>
        <Button variant="secondary" name="intent" value={`refresh-${n}`} formAction={back(n)}>
          Show this rule’s fields<span class="visually-hidden"> for criterion {n}</span>
        </Button>
      </p>
      <RuleFields index={index} row={row} error={error} />
      <TextField id={id('description')} label="Description (optional)" value={row.description} maxLength={300} {...error(id('description'))} />
      <TextField
        id={id('key')}
        label="Key (optional)"
        hint="The criterion’s name in scores and the API: lower-case letters, digits and underscores. Left empty, it is made from the label."
        value={row.key}
        maxLength={48}
        {...error(id('key'))}
      />
      {rowCount > 1 ? (
        <Button variant="secondary" name="intent" value={`remove-${n}`} formAction={back(Math.min(n, rowCount - 1))}>
          Remove criterion {n}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Every criterion row, and the button that adds one (the rows travel with the form: nothing is saved until the form is). */
export function CriteriaFields({ rows, error, place }: { rows: readonly CriterionRow[]; error: ErrorOf; place: RowPlace }) {
  return (
    <>
      <input type="hidden" name="rows" value={String(rows.length)} />
      {rows.map((row, index) => (
        <CriterionFields index={index} row={row} error={error} rowCount={rows.length} place={place} />
      ))}
      <div id="add-criterion" class={`form-group${error('add-criterion').error ? ' has-error' : ''}`}>
        {error('add-criterion').error ? <ErrorMessage id="add-criterion-error" message={error('add-criterion').error as string} /> : null}
        {rows.length < MAX_CRITERIA ? (
          <Button variant="secondary" name="intent" value="add" formAction={`${place.action}#criterion-${rows.length + 1}`}>
            Add criterion
          </Button>
        ) : (
          <p>A profile has at most {MAX_CRITERIA} criteria.</p>
        )}
      </div>
    </>
  );
}
