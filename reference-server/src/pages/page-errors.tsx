import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { bodyReadError, refuseUnsaved, storeUnavailable } from '../http/index.js';
import { pageHeaders } from './headers.js';
import { messageDocument } from './message-page.js';

/** A page surface's answer to a path it does not have. */
export function pageNotFound(service: string): RequestHandler {
  return (_req, res) => {
    pageHeaders(res);
    res.status(404).type('html').send(
      messageDocument({ service, title: 'Page not found', children: <p>If you typed the web address, check it is correct. If you followed a link, it may be incomplete.</p> }),
    );
  };
}

/**
 * A page surface's last word on an error: a body the parser refused (too large, too many
 * fields) becomes a short page with its 4xx status; anything else is logged and shown as a
 * plain "try again later" page, never a stack trace.
 */
export function pageErrorHandler(log: Logger, service: string, formLimit: string): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    pageHeaders(res);
    const refused = bodyReadError(error, formLimit);
    if (refused) {
      res.status(refused.status).type('html').send(
        messageDocument({ service, title: 'The form could not be sent', children: <p>{refused.message} Go back, shorten your answers and try again.</p> }),
      );
      return;
    }
    const unavailable = storeUnavailable(error);
    if (unavailable) {
      refuseUnsaved(res, unavailable);
      log.warn({ path: req.path, reason: unavailable.reason }, 'form refused: the store takes no writes now');
      res.status(503).type('html').send(
        messageDocument({
          service,
          title: 'Your changes could not be saved',
          children: <p>The service cannot save anything for a moment. Nothing from this form was saved: go back and send it again in a few seconds.</p>,
        }),
      );
      return;
    }
    log.error({ err: error, path: req.path }, 'page request failed');
    res.status(500).type('html').send(
      messageDocument({ service, title: 'Sorry, there is a problem with the service', children: <p>Try again later. Your saved answers are kept.</p> }),
    );
  };
}
