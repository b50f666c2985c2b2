import { CRM_JOBS } from './assessments/index.js';
import { RUN_JOBS } from './certification/index.js';
import type { AppContext } from './context.js';
import { WakingStore } from './jobs/index.js';
import { JOBS, RESCORES } from './submissions/index.js';
import { OUTBOX } from './webhooks/index.js';

/**
 * The collections of the job runner's durable queues (compose.ts adds one queue per collection;
 * job-collections.test.ts holds the two lists equal). Known without composing a server, so that
 * an operator command can wake the servers' runners.
 */
export const JOB_COLLECTIONS: ReadonlySet<string> = new Set([JOBS, RESCORES, OUTBOX, CRM_JOBS, RUN_JOBS]);

/**
 * An operator command's context on a database: the servers sharing it learn of the jobs the
 * command writes (`certify start`'s driver job, `certify begin`'s, the outbox) from the
 * notification its transaction sends, as they learn of one another's. Without it they found
 * those jobs only at their next sweep, up to 30 s later.
 */
export const wakingServers = (ctx: AppContext): AppContext => ({ ...ctx, db: new WakingStore(ctx.db, (collection) => JOB_COLLECTIONS.has(collection)) });
