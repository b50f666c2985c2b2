import express, { type RequestHandler } from 'express';
import { BODY_BYTES_READ } from './org-request-log.js';
import { BoundedBytes } from './response-capture.js';

type JsonOptions = Parameters<typeof express.json>[0];

/**
 * `express.json(options)` for a router's every request, minus its cost on requests without a
 * body (a GET): body-parser itself skips a request that has neither `Transfer-Encoding` nor
 * `Content-Length` (type-is's `hasBody`), after a few checks; this makes that one test. Every
 * request with a body, and `Content-Length: 0`, still goes through the parser as before.
 *
 * The body's bytes as received, up to BODY_BYTES_READ, stay on the request for the
 * organisation's request log (`req.receivedBody`): kept by reference, read only if the log is shown.
 */
export function jsonBody(options: JsonOptions): RequestHandler {
  const parse = express.json({
    ...options,
    verify: (req, _res, bytes) => {
      const received = new BoundedBytes(BODY_BYTES_READ);
      received.add(bytes);
      (req as express.Request).receivedBody = received;
    },
  });
  return (req, res, next) => {
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) next();
    else parse(req, res, next);
  };
}
