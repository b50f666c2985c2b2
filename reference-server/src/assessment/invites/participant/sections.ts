import { instrumentFor, type Question } from '../../../psychometrics/index.js';

/**
 * The participant's questionnaire, cut into pages from the instrument definition the questions
 * endpoint serves (no question text lives in the pages): the demographics, the psychometric
 * statements in pages of STATEMENTS_PER_SECTION, then the closing questions.
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
  for (let i = 0; i < categories.psychometric.length; i += STATEMENTS_PER_SECTION) {
    statementPages.push(categories.psychometric.slice(i, i + STATEMENTS_PER_SECTION));
  }
  const sections: Omit<Section, 'number'>[] = [
    { title: 'About you', kind: 'demographics', questions: categories.demographics },
    ...statementPages.map((questions, i) => ({ title: `Statements, part ${i + 1} of ${statementPages.length}`, kind: 'statements' as const, questions })),
    { title: 'About your venture', kind: 'closing', questions: categories.closing },
  ];
  return sections.map((section, i) => ({ ...section, number: i + 1 }));
}

/** The section a question is on. */
export function sectionOf(sections: readonly Section[], questionId: string): Section | undefined {
  return sections.find((section) => section.questions.some((q) => q.id === questionId));
}
