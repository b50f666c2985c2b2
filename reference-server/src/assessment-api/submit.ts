import type { RequestHandler } from 'express';
import { principalOf } from '../http/index.js';
import type { AppContext } from '../context.js';
import { selectNorm } from '../psychometrics/index.js';
import { savePrepared, type AlsoOps, type ResultSource, type SaveEffects, type SavedResult } from '../assessments/index.js';
import { scoreAnswers } from '../psychometrics/index.js';
import { crmSyncPlan } from '../assessments/index.js';
import { sendSubmissionError } from './assessment-errors.js';
import { parseSubmission, type Submission } from './submit-input.js';

/** What else happens when a result is saved: store operations in the same write (its events). */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface SubmitOptions {
  source: ResultSource;
  /** More operations for the same transaction as the result (an invite marked completed with it), read through `tx`. */
  alsoOps?: AlsoOps;
}

/**
 * Scores a parsed submission and creates or replaces the organisation's result for its email,
 * with its CRM sync job, webhook events and `alsoOps` in the same write. The one way a result is
 * stored: the API submit and a participant finishing an invite both come through here.
 */
export async function submitAssessment(
  ctx: AppContext,
  orgId: string,
  submission: Submission,
  effects: SaveEffects,
  options: SubmitOptions,
): Promise<SavedResult> {
  const { norm, reference } = selectNorm(submission.benchmark);
  const scores = scoreAnswers(submission.answers, norm, reference);
  return savePrepared(ctx, orgId, submission.email, async (tx) => {
    const [crm, events, more] = await Promise.all([crmSyncPlan({ db: tx, clock: ctx.clock }, orgId), effects.readIn(tx, orgId), options.alsoOps?.(tx)]);
    return {
      draft: {
        email: submission.email,
        fullName: submission.fullName,
        benchmarkTagId: submission.benchmark?.id ?? null,
        benchmarkApplied: submission.benchmark !== undefined,
        scores,
        answers: submission.answers,
        context: submission.context,
        crmSync: crm.state,
        source: options.source,
      },
      ops: async (saved) => [...crm.ops(saved.result), ...(await events(saved)), ...((await more?.(saved)) ?? [])],
    };
  });
}

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
    const saved = await submitAssessment(ctx, principalOf(req).orgId, parsed.submission, effects, { source: 'api' });
    res.json({
      success: true,
      responseId: saved.result.id,
      scores: saved.result.scores,
      benchmarkApplied: saved.result.benchmarkApplied,
      replaced: saved.previous !== undefined,
    });
  };
}
