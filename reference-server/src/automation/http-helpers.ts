import type { Request, Response } from 'express';
import type { z } from 'zod';
import { principalOf } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { decodeCursor, encodeCursor } from '../http/cursor.js';
import { sendError } from '../http/error-body.js';
import { fieldProblems, sendInvalidFields } from '../http/invalid-fields.js';
import { MAX_NESTING, tooDeep } from '../http/nesting.js';
import { findSubmission, type SubmissionRecord } from '../submissions/index.js';

/** Parses with `schema` or answers 400 naming each invalid field; undefined means answered. */
export function parseOr400<S extends z.ZodType>(res: Response, schema: S, input: unknown, root: string): z.infer<S> | undefined {
  const deep = tooDeep(input);
  if (deep !== undefined) {
    sendInvalidFields(res, [{ field: deep.split('.')[0] || root, message: `is nested deeper than ${MAX_NESTING} levels` }]);
    return undefined;
  }
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  sendInvalidFields(res, fieldProblems(parsed.error, root));
  return undefined;
}

/** The id a cursor continues after; answers 400 (field cursor) and returns null when it is not one of this list. */
export function cursorOr400(res: Response, list: string, cursor: string | undefined): string | undefined | null {
  if (cursor === undefined) return undefined;
  const after = decodeCursor(list, cursor);
  if (after) return after;
  sendInvalidFields(res, [{ field: 'cursor', message: 'is not a cursor of this list (pass next_cursor as given)' }]);
  return null;
}

export const pageBody = <T>(list: string, items: T[], next: string | undefined) => ({
  data: items,
  next_cursor: next ? encodeCursor(list, next) : null,
});

export function staleCursor(res: Response): void {
  sendInvalidFields(res, [{ field: 'cursor', message: 'points at a record that no longer exists; start again without it' }]);
}

/**
 * The submission an attachment request names (`submission_id` or `record_id`, exactly one), or
 * undefined after answering 400 (neither or both) or 404 (not in the caller's organisation).
 */
export function submissionOr4xx(ctx: AppContext, req: Request, res: Response, ref: { submission_id?: string | undefined; record_id?: string | undefined }): SubmissionRecord | undefined {
  if ((ref.submission_id === undefined) === (ref.record_id === undefined)) {
    const message = ref.submission_id === undefined ? 'one of submission_id or record_id is required' : 'give only one of submission_id and record_id';
    sendInvalidFields(res, [
      { field: 'submission_id', message },
      { field: 'record_id', message },
    ]);
    return undefined;
  }
  const submission = findSubmission(ctx, principalOf(req).orgId, ref.submission_id !== undefined ? { submissionId: ref.submission_id } : { recordId: ref.record_id as string });
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
