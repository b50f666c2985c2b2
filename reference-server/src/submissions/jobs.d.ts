import type { AppContext } from '../context.js';
import { type WriteOp } from '../store/store.js';
import { type SubmissionRecord } from './records.js';
/** Ops that queue (again) a submission for scoring; the job carries the input revision to reach. */
export declare function requeueOps(ctx: Pick<AppContext, 'clock'>, orgId: string, submission: SubmissionRecord): WriteOp[];
