import type { Question } from '../../psychometrics/index.js';
import type { AppContext } from '../../context.js';
import { getDraft, type InviteRecord } from '../../assessments/index.js';
import { parseSubmission } from '../submit-input.js';
import { initialAnswers, submitBody } from './answer-form.js';
import type { Progress } from './participant-pages.js';
import type { Section } from './sections.js';

/** The participant's answers so far: what the invite brings (the email) under the saved draft. */
export const answersOf = async (ctx: AppContext, invite: InviteRecord) => ({ ...initialAnswers(invite), ...(await getDraft(ctx, invite)) });

/** A question the participant must answer (the email comes with the invite). */
const asked = (q: Question) => q.required && q.submitField !== 'email';
const blank = (answers: Record<string, string>, q: Question) => (answers[q.id] ?? '').trim() === '';

export function progressOf(sections: readonly Section[], answers: Record<string, string>): Progress {
  const required = sections.flatMap((s) => s.questions).filter(asked);
  return { answered: required.filter((q) => !blank(answers, q)).length, required: required.length };
}

export const unansweredIn = (section: Section, answers: Record<string, string>) => section.questions.filter((q) => asked(q) && blank(answers, q));

/** The first section with a required question never answered, where the welcome page resumes. */
export const firstOpenSection = (sections: readonly Section[], answers: Record<string, string>) => sections.find((s) => s.questions.some((q) => asked(q) && !answers[q.id]));

/** The answers as "Finish and send" would submit them: the submission, or what it would refuse. */
export const parseAnswers = (invite: InviteRecord, sections: readonly Section[], answers: Record<string, string>) =>
  parseSubmission(submitBody(invite, sections.flatMap((s) => s.questions), answers));
