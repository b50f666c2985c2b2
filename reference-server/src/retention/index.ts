// What the rest of the server uses of retention/: other folders import it from here, never from its files.
export { retentionSweep } from './job.js';
export { type Expired, type RetentionRule, RetentionScan } from './scan.js';
export type { RetentionMetrics } from './sweep.js';
