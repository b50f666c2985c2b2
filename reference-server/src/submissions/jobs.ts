import type { AppContext } from '../context.js';
import { put, type WriteOp } from '../store/index.js';
import { JOBS, SUBMISSIONS, withStatus, type JobRecord, type SubmissionRecord } from './submission-records.js';

/** Ops that queue (again) a submission for scoring; the job carries the input revision to reach. */
export function requeueOps(ctx: Pick<AppContext, 'clock'>, orgId: string, submission: SubmissionRecord): WriteOp[] {
  const now = new Date(ctx.clock.now()).toISOString();
  const ops: WriteOp[] = [put<JobRecord>(JOBS, orgId, { id: submission.id, jobId: submission.jobId, revision: submission.inputRevision, enqueuedAt: now })];
  if (submission.status !== 'queued' && submission.status !== 'processing') {
    ops.push(put<SubmissionRecord>(SUBMISSIONS, orgId, withStatus(submission, 'queued', now)));
  }
  return ops;
}
