import type { RequestHandler } from 'express';
import { z } from 'zod';
import { principalOf, sendError } from '../http/index.js';
import type { AppContext } from '../context.js';
import { findResultByEmail, getResult } from '../assessments/index.js';
import { publicResult } from './result-view.js';

const querySchema = z.object({
  email: z.string().trim().min(1).max(254).optional(),
  result_id: z.string().trim().min(1).max(100).optional(),
});

/**
 * `GET /api/v1/assessment/results?email=&result_id=`: the key's organisation's result. With
 * both parameters they must name the same result. Anything not found in this organisation —
 * including another organisation's email or id — is a 404.
 */
export function getResultsHandler(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    const parsed = querySchema.safeParse(req.query);
    if (!parsed.success) {
      sendError(res, 400, 'email and result_id must each be given at most once, as non-empty text.');
      return;
    }
    const { email, result_id: resultId } = parsed.data;
    if (email === undefined && resultId === undefined) {
      sendError(res, 400, 'Give email or result_id (or both) as a query parameter.');
      return;
    }
    const { orgId } = principalOf(req);
    const [byEmail, byId] = await Promise.all([
      email === undefined ? undefined : findResultByEmail(ctx, orgId, email),
      resultId === undefined ? undefined : getResult(ctx, orgId, resultId),
    ]);
    const result = email !== undefined && resultId !== undefined ? (byEmail?.id === byId?.id ? byId : undefined) : (byEmail ?? byId);
    if (!result) {
      sendError(res, 404, 'No assessment result matches this query in your organisation.');
      return;
    }
    res.json({ success: true, result: publicResult(result) });
  };
}
