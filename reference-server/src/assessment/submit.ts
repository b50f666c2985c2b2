import type { RequestHandler } from 'express';
import { principalOf } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { selectNorm } from '../psychometrics/norms.js';
import { saveResult, type SavedResult } from '../psychometrics/results.js';
import { scoreAnswers } from '../psychometrics/scoring.js';
import type { WriteOp } from '../store/store.js';
import { crmSyncPlan } from './crm/queue.js';
import { sendSubmissionError } from './errors.js';
import { parseSubmission } from './submission.js';

/** What else happens when a result is saved: store operations in the same write, and a nudge after it. */
export interface SaveEffects {
  opsFor(saved: SavedResult): WriteOp[];
  /** `ops`: every op of the write that went through (the result's CRM job and what `opsFor` returned). */
  afterSave(saved: SavedResult, ops: readonly WriteOp[]): void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `POST /api/v1/assessment/submit`: validate, score synchronously, and create or replace the
 * organisation's result for the email — with its CRM sync job and webhook events in the same
 * write. The response waits for that write to be durable, never for the CRM or a webhook.
 */
export function submitHandler(ctx: AppContext, effects: SaveEffects): RequestHandler {
  return async (req, res) => {
    if (!isObject(req.body)) {
      sendSubmissionError(
        res,
        req.body === undefined
          ? 'Send the submission as a JSON object with Content-Type: application/json.'
          : 'The request body must be a JSON object.',
      );
      return;
    }
    const parsed = parseSubmission(req.body);
    if (!parsed.ok) {
      sendSubmissionError(
        res,
        parsed.message,
        parsed,
        parsed.unknownBenchmarkTagId !== undefined ? { benchmarkTagId: parsed.unknownBenchmarkTagId } : {},
      );
      return;
    }
    const { submission } = parsed;
    const { orgId } = principalOf(req);
    const { norm, reference } = selectNorm(submission.benchmark);
    const scores = scoreAnswers(submission.answers, norm, reference);
    const crm = crmSyncPlan(ctx, orgId);
    let written: WriteOp[] = [];
    const saved = await saveResult(
      ctx,
      orgId,
      {
        email: submission.email,
        fullName: submission.fullName,
        benchmarkTagId: submission.benchmark?.id ?? null,
        benchmarkApplied: submission.benchmark !== undefined,
        scores,
        answers: submission.answers,
        context: submission.context,
        crmSync: crm.state,
      },
      (saved) => {
        written = [...crm.ops(saved.result), ...effects.opsFor(saved)];
        return written;
      },
    );
    effects.afterSave(saved, written);
    res.json({
      success: true,
      responseId: saved.result.id,
      scores,
      benchmarkApplied: saved.result.benchmarkApplied,
      replaced: saved.previous !== undefined,
    });
  };
}
