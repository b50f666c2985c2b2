import { RULE_TYPES, type RuleType } from './profile-form.js';
import { type Member, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';
import { RULES } from './profile-criteria-fields.js';

/** Where the profile pages send a reader who wants the arithmetic: served by this server, one section per rule. */
export const SCORING_GUIDE_PATH = `${WORKSPACE_PATH}/profiles/scoring`;

/** Each rule's arithmetic: the same words as docs/automation.md#scoring. */
const ARITHMETIC: Record<RuleType, { fields: string; score: string }> = {
  field_present: { fields: 'field', score: '100 if the field holds a non-empty value, else 0.' },
  field_in: { fields: 'field, values', score: '100 if the value equals one of values (upper or lower case alike), else 0.' },
  number_at_least: { fields: 'field, target', score: '100 × min(1, value ÷ target); numbers inside strings count ("25,000"); 0 if absent.' },
  keywords: {
    fields: 'in, keywords, saturation',
    score: "100 × min(1, distinct keywords found ÷ saturation), a case-insensitive search in the field values, transcripts' titles and text, and attachments' names and URLs, as in lists.",
  },
  resource_count: { fields: 'target', score: '100 × min(1, attachments ÷ target).' },
  transcript_words: { fields: 'target', score: '100 × min(1, transcript words ÷ target).' },
  assessment_fit: {
    fields: 'targets',
    score: "Per founder with an assessment result: 100 − the mean, over the targeted dimensions, of |percentile − target|; then the mean over those founders. Until the person's result arrives the criterion waits and the submission is scored on the others.",
  },
};

/** How a profile scores a submission, rule by rule (linked from the profile form wherever the docs are named). */
export function ScoringGuidePage({ member, csrfToken }: { member: Member; csrfToken: string }) {
  return (
    <WorkspacePage member={member} title="How profiles score submissions" section="profiles" csrfToken={csrfToken} back={{ href: `${WORKSPACE_PATH}/profiles`, text: 'Back to profiles' }}>
      <h1>How profiles score submissions</h1>
      <p>
        Deterministic: the same fields, attachments and assessment result always give the same score. Each criterion scores 0 to 100 (one decimal) by its rule. The overall score is Σ weight × score ÷ Σ
        weight over the criteria that could be computed, rounded to one decimal; its band is strong (75 or more), promising (55 or more), mixed (35 or more) or weak.
      </p>
      {RULE_TYPES.map((type) => (
        <section aria-labelledby={type} class="inset">
          <h2 id={type} tabIndex={-1}>
            {RULES[type].label} <code>{type}</code>
          </h2>
          <p>{RULES[type].hint}</p>
          <dl class="advice">
            <dt>Fields of the rule in JSON</dt>
            <dd>
              <code>{ARITHMETIC[type].fields}</code>
            </dd>
            <dt>Score</dt>
            <dd>{ARITHMETIC[type].score}</dd>
          </dl>
        </section>
      ))}
    </WorkspacePage>
  );
}
