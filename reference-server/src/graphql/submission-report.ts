import type { Evaluation, SubmissionRecord } from '../submissions/index.js';

/**
 * The readable report of a submission's latest scoring run, as Markdown. A pure function of the
 * stored evaluation (and the submission's identity and profile name): the same run always gives
 * the same text, byte for byte, and nothing is looked up live — so the report says exactly what
 * the scores say (docs/decisions/graphql-submission-views.md).
 */
export interface ReportInput {
  submission: Pick<SubmissionRecord, 'recordId' | 'fields'>;
  profileName: string | null;
  evaluation: Evaluation;
}

/** Text from a submission (a company name, an evidence line) inside a table cell or a line. */
const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/([\\|*_`[\]<>#])/g, '\\$1').trim();

const score = (value: number | null) => (value === null ? 'pending' : String(value));

function subjectOf(fields: SubmissionRecord['fields']): string {
  for (const key of ['company', 'name'] as const) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return 'Submission';
}

export function renderReportMarkdown({ submission, profileName, evaluation }: ReportInput): string {
  const { score: summary, criteria, founders, report } = evaluation;
  const lines = [
    `# ${inline(subjectOf(submission.fields))}`,
    '',
    `Profile: ${inline(profileName ?? 'unknown profile')} · Record: ${inline(submission.recordId)} · Scored: ${report.generated_at}`,
    '',
    `**Overall ${summary.overall} / 100 (${summary.band})**${summary.partial ? ' — partial: the assessment is still pending' : ''}`,
    '',
    inline(report.summary),
    '',
    '## Criteria',
    '',
    '| Criterion | Weight | Score | Evidence |',
    '|---|---:|---:|---|',
    ...criteria.map((c) => `| ${inline(c.label)} | ${c.weight} | ${score(c.score)} | ${inline(c.evidence)} |`),
  ];
  if (founders.length > 0) {
    lines.push('', '## People', '');
    for (const f of founders) {
      const who = [f.name ? inline(f.name) : 'Unnamed', f.email ? inline(f.email) : '', f.role ? inline(f.role) : ''].filter(Boolean).join(', ');
      const assessment = f.assessment
        ? summary.assessment === 'not_required'
          ? `assessed (result ${f.assessment.result_id}, revision ${f.assessment.revision})`
          : `profile fit ${f.assessment.fit} (result ${f.assessment.result_id}, revision ${f.assessment.revision})`
        : 'no assessment result';
      lines.push(`- ${who}${f.primary ? ', primary' : ''}: ${assessment}`);
    }
  }
  lines.push('', '## Strengths', '', ...(report.strengths.length ? report.strengths.map((s) => `- ${inline(s)}`) : ['- None scored 75 or more.']));
  lines.push('', '## Concerns', '', ...(report.concerns.length ? report.concerns.map((s) => `- ${inline(s)}`) : ['- None scored under 40.']));
  return `${lines.join('\n')}\n`;
}
