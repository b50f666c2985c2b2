import type { Request, Response } from 'express';
import { principalOf, sendError, sendInvalidFields } from '../http/index.js';
import type { AppContext } from '../context.js';
import { findSubmission, type SubmissionRecord } from '../submissions/index.js';

/**
 * The submission an attachment request names (`submission_id` or `record_id`, exactly one), or
 * undefined after answering 400 (neither or both) or 404 (not in the caller's organisation).
 */
export async function submissionOr4xx(ctx: AppContext, req: Request, res: Response, ref: { submission_id?: string | undefined; record_id?: string | undefined }): Promise<SubmissionRecord | undefined> {
  if ((ref.submission_id === undefined) === (ref.record_id === undefined)) {
    const message = ref.submission_id === undefined ? 'one of submission_id or record_id is required' : 'give only one of submission_id and record_id';
    sendInvalidFields(res, [
      { field: 'submission_id', message },
      { field: 'record_id', message },
    ]);
    return undefined;
  }
  const submission = await findSubmission(ctx, principalOf(req).orgId, ref.submission_id !== undefined ? { submissionId: ref.submission_id } : { recordId: ref.record_id as string });
  if (!submission) {
    sendError(
      res,
      404,
      ref.submission_id !== undefined
        ? `No submission ${JSON.stringify(ref.submission_id)} in this organisation.`
        : `No submission with record_id ${JSON.stringify(ref.record_id)} in this organisation.`,
    );
  }
  return submission;
}
