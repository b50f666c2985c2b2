import type { FieldError } from '../../pages/index.js';
import type { Question } from '../../psychometrics/index.js';
import { SCALE_MAX, SCALE_MIN } from '../../psychometrics/index.js';
import type { SubmissionProblems } from '../submit-input.js';
import { questionOn, type Section } from './sections.js';

/** The body field a submit problem names, as the question the participant sees. */
const questionIdOf = (key: string): string => (key === 'full_name' ? 'q1' : key === 'email' ? 'q4' : key);

/** One problem of a finish, on the question and section the participant sees it on. */
export interface FinishProblem extends FieldError {
  href: string;
  section: Section;
  question: Question;
  kind: 'missing' | 'invalid';
}

/**
 * One error per problem the submit parser reported, each linking to its question on its section
 * page, in the participant's words (GOV.UK's error message pattern: say what to do, name the
 * question as the page does). The API's 400 `message` ("… required field(s) missing (q53)") is
 * for API clients and stays as it is there; field ids mean nothing to a participant.
 */
export function finishErrors(problems: Pick<SubmissionProblems, 'missing' | 'invalid'>, sections: readonly Section[], sectionUrl: (n: number) => string): FinishProblem[] {
  const errors: FinishProblem[] = [];
  const add = (key: string, kind: 'missing' | 'invalid') => {
    const id = questionIdOf(key);
    const on = questionOn(sections, id);
    if (!on) return;
    errors.push({ field: id, message: participantMessage(on.question, kind), href: `${sectionUrl(on.section.number)}?check=1&return=review#${id}`, ...on, kind });
  };
  for (const key of problems.missing) add(key, 'missing');
  for (const key of problems.invalid) add(key, 'invalid');
  return errors;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const andList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "7 statements unanswered", "1 question unanswered and 1 answer to check": what a group of problems amounts to. */
function problemWords(problems: readonly FinishProblem[]): string {
  const missing = problems.filter((p) => p.kind === 'missing');
  const statements = missing.filter((p) => p.question.type === 'likert').length;
  const questions = missing.length - statements;
  const invalid = problems.length - missing.length;
  const unanswered = [...(statements > 0 ? [counted(statements, 'statement', 'statements')] : []), ...(questions > 0 ? [counted(questions, 'question', 'questions')] : [])];
  return andList([...(unanswered.length > 0 ? [`${andList(unanswered)} unanswered`] : []), ...(invalid > 0 ? [counted(invalid, 'answer to check', 'answers to check')] : [])]);
}

/** ", the first is statement 3": where the link lands, by the number printed beside it. */
const firstWords = (first: FinishProblem) => (first.question.type === 'likert' ? `, the first is statement ${first.question.number}` : '');

/**
 * The error summary of a finish that was refused, however many answers are missing: one sentence
 * with the count, then one link per section with problems, to its first one (a lone problem keeps
 * its own message). A list of 122 identical links helps nobody find the gaps.
 */
export function finishSummary(problems: readonly FinishProblem[]): { lead: string; links: FieldError[] } {
  const lead = problems.length === 1 ? 'Answer this question before you send your answers.' : `You have ${problemWords(problems)}. Answer them before you send your answers.`;
  const bySection = new Map<Section, FinishProblem[]>();
  for (const problem of problems) bySection.set(problem.section, [...(bySection.get(problem.section) ?? []), problem]);
  const links = [...bySection.entries()]
    .sort(([a], [b]) => a.number - b.number)
    .map(([section, inSection]) => {
      const first = inSection.toSorted((a, b) => section.questions.indexOf(a.question) - section.questions.indexOf(b.question))[0] as FinishProblem;
      return { field: first.field, href: first.href, message: inSection.length === 1 ? first.message : `${section.title}: ${problemWords(inSection)}${firstWords(first)}` };
    });
  return { lead, links };
}

/** "Choose how well statement 53 describes you"; "Enter your full name"; otherwise the question named by its text. */
export function participantMessage(question: Question, kind: 'missing' | 'invalid'): string {
  if (question.type === 'likert') {
    const choose = `Choose how well statement ${question.number} describes you`;
    return kind === 'missing' ? choose : `${choose}, from ${SCALE_MIN} to ${SCALE_MAX}`;
  }
  const what = question.text.charAt(0).toLowerCase() + question.text.slice(1);
  if (question.type === 'text' || question.type === 'long_text') {
    return kind === 'missing' ? `Enter ${what}` : `Check ${what}: it is too long or not valid`;
  }
  // Questions other than statements carry no visible number: they are named by their words.
  return kind === 'missing' ? `Answer “${question.text}”` : `Choose one of the answers to “${question.text}”`;
}
