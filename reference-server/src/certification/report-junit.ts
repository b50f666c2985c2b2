import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import { endedLine, type Report } from './run-report.js';

const junit = createRequire(import.meta.url)('junit-report-builder') as Builder;

/**
 * The report as JUnit XML, for a CI's test view: a failed MUST and a MUST never reached are
 * failures; a SHOULD not met or not reached is a skipped test carrying its reason; the
 * integration's explanation of a check goes with it.
 */
export function renderReportJunit(report: Report): string {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`integration certification ${report.run.id} (${report.run.integration.name})`);
  // The suite's properties carry how the run ended, so a CI's test view shows why checks were not reached.
  suite.property('run.ended', endedLine(report));
  if (report.run.ended?.exit_code !== undefined) suite.property('run.command_exit_code', String(report.run.ended.exit_code));
  if (report.run.ended?.signal !== undefined) suite.property('run.signal', report.run.ended.signal);
  if (report.certificate) suite.property('certificate', report.certificate.url);
  for (const check of report.checks) {
    const testCase = suite.testCase().className(check.clause).name(`${check.id} (${check.level}): ${check.title}`);
    const explained = check.explanation ? [`The integration explains: ${check.explanation}`] : [];
    const advice = check.outcome === 'pass' ? [] : [`Why it matters: ${check.advice.why}`, check.outcome === 'not_run' ? `To reach it: ${check.advice.reach}` : `To fix it: ${check.advice.fix}`];
    const text = [check.summary, ...advice, ...explained, ...check.evidence.map((e) => `${e.at} ${e.note}`)].join('\n');
    if (check.outcome !== 'pass') {
      const next = check.outcome === 'not_run' ? `To reach it: ${check.advice.reach}` : `To fix it: ${check.advice.fix}`;
      if (check.level === 'MUST') testCase.failure(`${check.outcome}: ${check.summary || 'not decided'} ${next}`);
      else testCase.skipped();
    }
    if (check.outcome !== 'pass' || explained.length) testCase.standardOutput(text);
  }
  return builder.build();
}
