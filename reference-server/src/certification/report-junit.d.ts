import type { Report } from './report.js';
/**
 * The report as JUnit XML, for a CI's test view: a failed MUST and a MUST never reached are
 * failures; a SHOULD not met or not reached is a skipped test carrying its reason.
 */
export declare function renderReportJunit(report: Report): string;
