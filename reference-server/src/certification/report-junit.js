import { createRequire } from 'node:module';
const junit = createRequire(import.meta.url)('junit-report-builder');
/**
 * The report as JUnit XML, for a CI's test view: a failed MUST and a MUST never reached are
 * failures; a SHOULD not met or not reached is a skipped test carrying its reason.
 */
export function renderReportJunit(report) {
    const builder = junit.newBuilder();
    const suite = builder.testSuite().name(`integration certification ${report.run.id} (${report.run.integration.name})`);
    for (const check of report.checks) {
        const testCase = suite.testCase().className(check.clause).name(`${check.id} (${check.level}): ${check.title}`);
        const text = [check.summary, ...check.evidence.map((e) => `${e.at} ${e.note}`)].join('\n');
        if (check.outcome === 'pass')
            continue;
        if (check.level === 'MUST')
            testCase.failure(`${check.outcome}: ${check.summary || 'not decided'}`);
        else
            testCase.skipped();
        testCase.standardOutput(text);
    }
    return builder.build();
}
//# sourceMappingURL=report-junit.js.map