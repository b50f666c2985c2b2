import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from './rest-errors.js';
import { refuseUnsaved, storeUnavailable } from './store-unavailable.js';

export const notFound: RequestHandler = (req, res) => {
  sendError(res, 404, `No route for ${req.method} ${req.path}.`);
};

interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/**
 * The last word on any error a surface did not answer itself: body-parser's own errors keep
 * their 4xx status; a write the store refused (full or failing disk) is a 503 with Retry-After;
 * anything else is a logged 500 with no detail (never a stack trace).
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error: HttpError, req, res, _next) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (status >= 400 && status < 500 && error.expose !== false) {
      const message =
        error.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON.'
          : error.type === 'entity.too.large'
            ? 'The request body is too large.'
            : (error.message ?? 'Bad request.');
      sendError(res, status, message);
      return;
    }
    sendUnexpected(log, req, res, error, 'unhandled error');
  };
}

/**
 * The REST surfaces' answer to an error that is not the client's: a write the store refused
 * (full or failing disk) is a 503 with Retry-After; anything else a 500 with no detail, logged
 * as `what`.
 */
export function sendUnexpected(log: Logger, req: Request, res: Response, error: unknown, what: string): void {
  const unavailable = storeUnavailable(error);
  if (unavailable) {
    log.warn({ path: req.path, reason: unavailable.reason }, 'write refused: the store takes no writes now');
    sendError(res, 503, refuseUnsaved(res, unavailable));
    return;
  }
  log.error({ err: error, path: req.path }, what);
  sendError(res, 500, 'The server failed to handle this request; retry with backoff.');
}
