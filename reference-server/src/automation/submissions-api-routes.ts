import { Router } from 'express';
import type { z } from 'zod';
import { principalOf, sendError, sendInvalidFields, pageBody } from '../http/index.js';
import type { AppContext } from '../context.js';
import {
  createSubmission,
  findSubmission,
  InvalidCursorError,
  listQueryOf,
  listSubmissions,
  submissionDetail,
  submissionSummary,
  type SubmissionRecord,
  type SubmissionSearch,
} from '../submissions/index.js';
import type { SubmissionAccepted, SubmissionConflict, submissionExistingSchema } from './automation-response-schemas.js';
import { cursorOr400, parseOr400, staleCursor } from './automation-errors.js';
import { submissionCreateSchema, submissionListSchema } from './request-schemas.js';

const created = (s: SubmissionRecord): SubmissionAccepted => ({ status: s.status, job_id: s.jobId, submission_id: s.id, record_id: s.recordId });

/**
 *   POST /submissions   → 202 {status: "queued", job_id, submission_id, record_id}
 *                         200 the same shape (current status, `existing: true`) for a repeated
 *                         record_id with the same profile_id and fields; 409 when they differ
 *   GET  /submissions   ?limit&cursor&status&profile_id&record_id&updated_since&q → {data, next_cursor}
 *   GET  /submissions/:id   by `sub_…` or `job_…` → the submission in full
 */
export function submissionRoutes(ctx: AppContext, searcher: SubmissionSearch): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const body = parseOr400(res, submissionCreateSchema, req.body, 'body');
    if (!body) return;
    const { orgId } = principalOf(req);
    const outcome = await createSubmission(ctx, orgId, body);
    switch (outcome.kind) {
      case 'unknown_profile':
        sendInvalidFields(res, [{ field: 'profile_id', message: `is not a profile of this organisation (GET /api/automation/profiles lists them)` }]);
        return;
      case 'conflict': {
        const details: Omit<SubmissionConflict, 'error' | 'message'> = {
          fields: outcome.differs.map((field) => ({ field, message: 'differs from the submission already made with this record_id' })),
          ...created(outcome.submission),
        };
        sendError(res, 409, `record_id ${JSON.stringify(body.record_id)} was already submitted with a different ${outcome.differs.join(' and ')}; use a new record_id to submit again.`, details);
        return;
      }
      case 'existing':
        res.status(200).json({ ...created(outcome.submission), existing: true } satisfies z.infer<typeof submissionExistingSchema>);
        return;
      case 'created':
        res.status(202).location(`${req.baseUrl}/${outcome.submission.id}`).json(created(outcome.submission));
    }
  });

  router.get('/', async (req, res) => {
    const query = parseOr400(res, submissionListSchema, req.query, 'query');
    if (!query) return;
    const after = cursorOr400(res, 'submissions', query.cursor);
    if (after === null) return;
    try {
      const { limit, status, profile_id: profileId, record_id: recordId, updated_since: updatedSince, q: search } = query;
      const page = await listSubmissions(ctx, principalOf(req).orgId, listQueryOf({ limit, after, status, profileId, recordId, updatedSince, search }), searcher);
      res.json(pageBody('submissions', page.items.map(submissionSummary), page.next));
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      staleCursor(res);
    }
  });

  router.get('/:id', async (req, res) => {
    const { id } = req.params;
    const submission = await findSubmission(ctx, principalOf(req).orgId, id.startsWith('job_') ? { jobId: id } : { submissionId: id });
    if (!submission) {
      sendError(res, 404, `No submission ${JSON.stringify(id)} in this organisation.`);
      return;
    }
    res.json(submissionDetail(submission));
  });

  return router;
}
