import type { RequestHandler } from 'express';
import { principalOf, prepareBody, sendPrepared, type PreparedBody } from '../http/index.js';
import { INSTRUMENT_VERSION, instrumentJson } from '../psychometrics/index.js';

/** Organisations whose instrument body is kept ready (about 48 KB each); the oldest is dropped first. */
const KEPT = 256;

/**
 * `GET /api/v1/assessment/questions`: the instrument (about 48 KB) with the caller's organisation
 * id in it. The body is serialised, encoded and tagged once per organisation and instrument
 * version, then sent as is: a client that sends the ETag back in If-None-Match gets a 304.
 */
export function questionsHandler(): RequestHandler {
  const prepared = new Map<string, PreparedBody>();
  return (req, res) => {
    const key = `${INSTRUMENT_VERSION}:${principalOf(req).orgId}`;
    let body = prepared.get(key);
    if (!body) {
      if (prepared.size >= KEPT) prepared.delete(prepared.keys().next().value as string);
      body = prepareBody('application/json', instrumentJson(principalOf(req).orgId));
      prepared.set(key, body);
    }
    sendPrepared(res, body);
  };
}
