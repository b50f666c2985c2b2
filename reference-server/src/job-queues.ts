import { CRM_SYNC } from './assessments/index.js';
import { CERTIFICATION_RUNS } from './certification/index.js';
import type { AppContext } from './context.js';
import { type JobQueue, WakingStore } from './jobs/index.js';
import { SUBMISSION_PROCESSING, SUBMISSION_RESCORING } from './submissions/index.js';
import { WEBHOOK_DELIVERY } from './webhooks/index.js';

/**
 * The job runner's durable queues, each defined beside its handler (compose.ts builds the runner
 * with these and hands it each handler; the runner refuses to start with one unhandled). Known
 * without composing a server, so that an operator command can wake the servers' runners.
 */
export const JOB_QUEUES: readonly JobQueue[] = [SUBMISSION_PROCESSING, SUBMISSION_RESCORING, WEBHOOK_DELIVERY, CRM_SYNC, CERTIFICATION_RUNS];

/**
 * An operator command's context on a database: the servers sharing it learn of the jobs the
 * command writes (`certify start`'s driver job, `certify begin`'s, the outbox) from the
 * notification its transaction sends, as they learn of one another's. Without it they found
 * those jobs only at their next sweep, up to 30 s later.
 */
export const wakingServers = (ctx: AppContext): AppContext => ({ ...ctx, db: new WakingStore(ctx.db, JOB_QUEUES) });
