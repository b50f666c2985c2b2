import express, { type RequestHandler } from 'express';

type JsonOptions = Parameters<typeof express.json>[0];

/**
 * `express.json(options)` for a router's every request, minus its cost on requests without a
 * body (a GET): body-parser itself skips a request that has neither `Transfer-Encoding` nor
 * `Content-Length` (type-is's `hasBody`), after a few checks; this makes that one test. Every
 * request with a body, and `Content-Length: 0`, still goes through the parser as before.
 */
export function jsonBody(options: JsonOptions): RequestHandler {
  const parse = express.json(options);
  return (req, res, next) => {
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) next();
    else parse(req, res, next);
  };
}
