import type { FieldError } from '../../../pages/index.js';
import { questionById, type Question } from '../../../psychometrics/index.js';
import { SCALE_MAX, SCALE_MIN } from '../../../psychometrics/index.js';
import type { SubmissionProblems } from '../../submit-input.js';
import { sectionOf, type Section } from './sections.js';

/** The body field a submit problem names, as the question the participant sees. */
const questionIdOf = (key: string): string => (key === 'full_name' ? 'q1' : key === 'email' ? 'q4' : key);

/**
 * One error per problem the submit parser reported, each linking to its question on its section
 * page, in the participant's words (GOV.UK's error message pattern: say what to do, name the
 * question as the page does). The API's 400 `message` ("… required field(s) missing (q53)") is
 * for API clients and stays as it is there; field ids mean nothing to a participant.
 */
export function finishErrors(problems: Pick<SubmissionProblems, 'missing' | 'invalid'>, sections: readonly Section[], sectionUrl: (n: number) => string): FieldError[] {
  const errors: FieldError[] = [];
  const add = (key: string, kind: 'missing' | 'invalid') => {
    const id = questionIdOf(key);
    const question = questionById(id);
    const section = sectionOf(sections, id);
    if (!question || !section) return;
    errors.push({ field: id, message: participantMessage(question, kind), href: `${sectionUrl(section.number)}?check=1&return=review#${id}` });
  };
  for (const key of problems.missing) add(key, 'missing');
  for (const key of problems.invalid) add(key, 'invalid');
  return errors;
}

/** "Choose how well statement 53 describes you"; "Enter your full name"; otherwise the question named by its number. */
export function participantMessage(question: Question, kind: 'missing' | 'invalid'): string {
  if (question.type === 'likert') {
    const choose = `Choose how well statement ${question.number} describes you`;
    return kind === 'missing' ? choose : `${choose}, from ${SCALE_MIN} to ${SCALE_MAX}`;
  }
  if (question.type === 'text' || question.type === 'long_text') {
    const what = question.text.charAt(0).toLowerCase() + question.text.slice(1);
    return kind === 'missing' ? `Enter ${what}` : `Check ${what}: it is too long or not valid`;
  }
  return kind === 'missing' ? `Answer question ${question.number}` : `Choose one of the answers to question ${question.number}`;
}
