import type { Question } from '../../psychometrics/index.js';
import type { InviteRecord } from '../../assessments/index.js';

/**
 * The participant's answers travel as form text and are kept as text in the draft. At the end
 * they become the very body an API client would POST to /assessment/submit, so the same parser
 * (parseSubmission) applies the same rules and writes the same messages.
 */

/** Longest text kept for one answer: above every question's maxLength, so the parser, not this, reports "too long". */
const MAX_ANSWER_CHARS = 4000;

/** The answers of a section's form, for its own questions only (anything else in the body is ignored). */
export function sectionAnswers(questions: readonly Question[], body: unknown): Record<string, string> {
  const fields = (body ?? {}) as Record<string, unknown>;
  const answers: Record<string, string> = {};
  for (const question of questions) {
    if (question.submitField === 'email') continue;
    const value = fields[question.id];
    if (typeof value === 'string') answers[question.id] = value.slice(0, MAX_ANSWER_CHARS);
  }
  return answers;
}

function typed(question: Question, value: string): unknown {
  switch (question.type) {
    case 'likert':
      return /^\d+$/.test(value) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}

/**
 * The submit body of an invite's draft: the email is the invite's (the participant cannot
 * change whose result this is), the name is their answer to q1, the benchmark the invite's.
 */
export function submitBody(invite: InviteRecord, questions: readonly Question[], draft: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = { email: invite.email };
  if (invite.benchmarkTagId) body.benchmark_tag_id = invite.benchmarkTagId;
  for (const question of questions) {
    const value = draft[question.id];
    if (value === undefined || question.submitField === 'email') continue;
    if (question.submitField === 'full_name') body.full_name = value;
    else body[question.id] = typed(question, value);
  }
  return body;
}

/** The pre-filled answers of a fresh draft: the name the invite was sent to. */
export function initialAnswers(invite: InviteRecord): Record<string, string> {
  return invite.fullName ? { q1: invite.fullName } : {};
}
