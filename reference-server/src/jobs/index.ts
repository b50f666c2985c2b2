// What the rest of the server uses of jobs/: other folders import it from here, never from its files.
export { type JobQueue, type JobRef, JobRunner, type JobWait, LEASE_MS, type PeriodicJob } from './runner.js';
export { JOBS_CHANNEL, WakingStore } from './wake-ups.js';
