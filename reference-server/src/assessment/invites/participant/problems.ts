import type { FieldError } from '../../../pages/components.js';
import { questionById } from '../../../psychometrics/instrument.js';
import { SCALE_MAX, SCALE_MIN } from '../../../psychometrics/model.js';
import type { SubmissionProblems } from '../../submit-input.js';
import { sectionOf, type Section } from './sections.js';

/** The body field a submit problem names, as the question the participant sees. */
const questionIdOf = (key: string): string => (key === 'full_name' ? 'q1' : key === 'email' ? 'q4' : key);

/**
 * One error per problem the submit parser reported, each linking to its question on its section
 * page. The parser's own message (the API's 400 `message`) heads the list, word for word.
 */
export function finishErrors(problems: Pick<SubmissionProblems, 'missing' | 'invalid'>, sections: readonly Section[], sectionUrl: (n: number) => string): FieldError[] {
  const errors: FieldError[] = [];
  const add = (key: string, kind: 'missing' | 'invalid') => {
    const id = questionIdOf(key);
    const question = questionById(id);
    const section = sectionOf(sections, id);
    if (!question || !section) return;
    const what = question.type === 'likert' ? `Statement ${question.number}` : `Question ${question.number}`;
    const message =
      kind === 'missing'
        ? `${what} (${id}) is required: ${question.type === 'likert' ? `choose from ${SCALE_MIN} to ${SCALE_MAX}` : 'answer it'}`
        : `${what} (${id}) is not a valid answer${question.type === 'likert' ? `: choose from ${SCALE_MIN} to ${SCALE_MAX}` : ''}`;
    errors.push({ field: id, message, href: `${sectionUrl(section.number)}?check=1#${id}` });
  };
  for (const key of problems.missing) add(key, 'missing');
  for (const key of problems.invalid) add(key, 'invalid');
  return errors;
}
