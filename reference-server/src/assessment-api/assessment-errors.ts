import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { bodyReadError, sendError, sendUnexpected } from '../http/index.js';

/** The JSON body limit of `/api/v1`, as the parser is given it and as errors name it. */
export const BODY_LIMIT = '256kb';
const BODY_LIMIT_TEXT = 'the 256 kB this API accepts';

/**
 * The Assessment API's 400 for a body it cannot score. Every such 400 carries the same keys, so
 * a form can always read `missingCount`, `invalidCount` and the offending keys.
 */
export function sendSubmissionError(
  res: Response,
  message: string,
  problems: { missing: string[]; invalid: string[] } = { missing: [], invalid: [] },
  details: Record<string, unknown> = {},
): void {
  sendError(res, 400, message, {
    missingCount: problems.missing.length,
    invalidCount: problems.invalid.length,
    missing: problems.missing,
    invalid: problems.invalid,
    ...details,
  });
}

/**
 * Errors raised on `/api/v1` (the JSON parser's, or a failing handler's) answered in the spec's
 * bodies: unparsable JSON is a 400 with the submit error keys; anything unexpected is a logged
 * 500 `{error: "Internal Server Error"}` without detail.
 */
export function assessmentErrorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const refusal = bodyReadError(error, BODY_LIMIT_TEXT);
    if (refusal?.status === 400) {
      // Unparsable JSON (or a gzip body that does not inflate) gets the body every 400 here has.
      const unparsable = (error as { type?: unknown }).type === 'entity.parse.failed';
      sendSubmissionError(res, unparsable ? 'The request body is not valid JSON.' : refusal.message);
      return;
    }
    if (refusal) {
      sendError(res, refusal.status, refusal.message);
      return;
    }
    sendUnexpected(log, req, res, error, 'assessment API request failed');
  };
}
