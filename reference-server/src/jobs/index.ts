// What the rest of the server uses of jobs/: other folders import it from here, never from its files.
export { LEASE_MS } from './attempt.js';
export type { PeriodicJob } from './periodic.js';
export { defineJobQueue, type InClaimJob, type InClaimJobHandler, type JobHandler, type JobQueue, type JobRef, type JobWait } from './queue.js';
export { JobRunner } from './runner.js';
export { JOBS_CHANNEL, WakingStore } from './wake-ups.js';
