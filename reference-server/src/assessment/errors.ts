import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../http/error-body.js';

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

interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
}

/**
 * Errors raised on `/api/v1` (the JSON parser's, or a failing handler's) answered in the spec's
 * bodies: unparsable JSON is a 400 with the submit error keys; anything unexpected is a logged
 * 500 `{error: "Internal Server Error"}` without detail.
 */
export function assessmentErrorHandler(log: Logger): ErrorRequestHandler {
  return (error: HttpError, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    switch (error.type) {
      case 'entity.parse.failed':
        sendSubmissionError(res, 'The request body is not valid JSON.');
        return;
      case 'entity.too.large':
        sendError(res, 413, 'The request body is larger than the 256 kB this API accepts.');
        return;
      case 'charset.unsupported':
      case 'encoding.unsupported':
        sendError(res, 415, 'Send the body as UTF-8 JSON.');
        return;
    }
    const status = error.status ?? error.statusCode;
    if (status === 400) {
      // E.g. a gzip body that does not inflate: still the body every 400 here has.
      sendSubmissionError(res, 'The request body could not be read.');
      return;
    }
    if (status !== undefined && status > 400 && status < 500) {
      sendError(res, status, 'The request could not be read.');
      return;
    }
    log.error({ err: error, path: req.path }, 'assessment API request failed');
    sendError(res, 500, 'The server failed to handle this request; retry with backoff.');
  };
}
