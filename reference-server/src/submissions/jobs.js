import { put } from '../store/store.js';
import { JOBS, SUBMISSIONS, withStatus } from './records.js';
/** Ops that queue (again) a submission for scoring; the job carries the input revision to reach. */
export function requeueOps(ctx, orgId, submission) {
    const now = new Date(ctx.clock.now()).toISOString();
    const ops = [put(JOBS, orgId, { id: submission.id, jobId: submission.jobId, revision: submission.inputRevision, enqueuedAt: now })];
    if (submission.status !== 'queued' && submission.status !== 'processing') {
        ops.push(put(SUBMISSIONS, orgId, withStatus(submission, 'queued', now)));
    }
    return ops;
}
//# sourceMappingURL=jobs.js.map