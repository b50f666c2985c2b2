import { instrumentFor, type Question } from '../../psychometrics/index.js';

/**
 * The participant's questionnaire, cut into pages from the instrument definition the questions
 * endpoint serves (no question text lives in the pages): the demographics, the psychometric
 * statements in pages of STATEMENTS_PER_SECTION, then the closing questions.
 *
 * A statement's `number` here is the one the participant sees, 1 to 127 across the statement
 * sections, so the welcome page's count, the visible numbers and every message agree; the
 * instrument's own numbers (5 to 131, after the four questions about you) stay the API's
 * (decisions/participant-question-pages.md, "Numbers").
 */
export const STATEMENTS_PER_SECTION = 16;

export interface Section {
  /** 1-based, as in the URL. */
  number: number;
  title: string;
  kind: 'demographics' | 'statements' | 'closing';
  questions: readonly Question[];
}

export function sectionsFor(orgId: string): Section[] {
  const { categories } = instrumentFor(orgId);
  const statementPages: Question[][] = [];
  const statements = categories.psychometric.map((question, i) => ({ ...question, number: i + 1 }));
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_SECTION) {
    statementPages.push(statements.slice(i, i + STATEMENTS_PER_SECTION));
  }
  const sections: Omit<Section, 'number'>[] = [
    { title: 'About you', kind: 'demographics', questions: categories.demographics },
    ...statementPages.map((questions, i) => ({ title: `Statements, part ${i + 1} of ${statementPages.length}`, kind: 'statements' as const, questions })),
    { title: 'About your venture', kind: 'closing', questions: categories.closing },
  ];
  return sections.map((section, i) => ({ ...section, number: i + 1 }));
}

/** A question as the pages number it, with the section it is on. */
export function questionOn(sections: readonly Section[], questionId: string): { section: Section; question: Question } | undefined {
  for (const section of sections) {
    const question = section.questions.find((q) => q.id === questionId);
    if (question) return { section, question };
  }
  return undefined;
}
