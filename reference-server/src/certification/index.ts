/**
 * Certification of a partner's integration: the server grades the client.
 *
 * A run (`startRun`) makes run-scoped credentials (automation and developer keys, an OAuth client
 * with short-lived access tokens, a webhook subscription to the integration's receiver) and
 * watches what the integration does with them:
 *   - webhook-probes.ts  signed, forged, tampered, stale … deliveries sent to the receiver;
 *   - api-scenario.ts    429 / 503 / a dropped create answer / small pages served to its API calls
 *                        (applied by api-watch.ts, a step each keyed surface mounts after its guard);
 *   - oauth-watch.ts     its authorization, token and revocation requests, graded (oauth-grading.ts)
 *                        only once they proved to be the run's client; the rest is shown as not
 *                        counted (unproven.ts).
 * The driver (driver.ts, a durable job of the job runner) sends the probes, ends time-boxed steps
 * and finishes the run, which ends its credentials. checks.ts lists the checks with stable ids;
 * report*.ts render a run as JSON, HTML and JUnit. docs/certification.md is the partner's guide.
 */
export { certificationStep } from './api-watch.js';
export { CHECKS, CHECK_GROUPS, CHECK_IDS, isCheckId, type CheckId, type CheckInfo } from './checks.js';
export { CERTIFICATION_RUNS, CertificationDriver } from './driver.js';
export { certificationOAuthWatch, type StaleRefreshToken } from './oauth-watch.js';
export { RUN_JOBS, RUNS, type RunEnd, type RunRecord } from './run-records.js';
export { endText } from './outcomes.js';
export { countsLine, endedLine, mustFailed, reportOf, statusText, summaryLine, type Advice, type Report } from './run-report.js';
export { envFileText, runEnvironment } from './environment.js';
export { explainCheck, explanationSchema } from './explanations.js';
export { CheckAdvice } from './check-advice.js';
export { renderReportHtml } from './report-html.js';
export { renderReportJunit } from './report-junit.js';
export { getRun, watchRun } from './run-store.js';
export { notCountedOf } from './unproven.js';
export { DEFAULT_MAX_RUNNING_RUNS, RunLimitError } from './run-limit.js';
export { beginRun, findRun, finishedBySchema, finishRun, isOpen, listRuns, RunInputError, runUrl, startRun, startRunSchema, type StartedRun, type StartRunInput } from './runs.js';
export type { EventSampler } from './webhook-probes.js';
export { runRetention } from './run-retention.js';
