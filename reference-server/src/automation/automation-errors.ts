import type { ErrorRequestHandler, Response } from 'express';
import multer from 'multer';
import type { z } from 'zod';
import { bodyReadError, decodeCursor, MAX_NESTING, tooDeep, fieldProblems, sendError, sendInvalidFields } from '../http/index.js';
import type { PayloadTooLarge } from './automation-response-schemas.js';

/*
 * Every error the Automation API answers, in its documented bodies (http/rest-errors.ts): invalid
 * fields, cursors, unreadable or oversized bodies and uploads. Lookups that answer 404 stay with
 * the records they look up.
 */

/** Parses with `schema` or answers 400 naming each invalid field; undefined means answered. */
export function parseOr400<S extends z.ZodType>(res: Response, schema: S, input: unknown, root: string): z.infer<S> | undefined {
  // zod's recursive json schema would overflow the stack on a deep enough body (found by fuzzing).
  const deep = tooDeep(input);
  if (deep !== undefined) {
    sendInvalidFields(res, [{ field: deep.split('.')[0] || root, message: `is nested deeper than ${MAX_NESTING} levels` }]);
    return undefined;
  }
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  sendInvalidFields(res, fieldProblems(parsed.error, root));
  return undefined;
}

/** The id a cursor continues after; answers 400 (field cursor) and returns null when it is not one of this list. */
export function cursorOr400(res: Response, list: string, cursor: string | undefined): string | undefined | null {
  if (cursor === undefined) return undefined;
  const after = decodeCursor(list, cursor);
  if (after) return after;
  sendInvalidFields(res, [{ field: 'cursor', message: 'is not a cursor of this list (pass next_cursor as given)' }]);
  return null;
}

export function staleCursor(res: Response): void {
  sendInvalidFields(res, [{ field: 'cursor', message: 'points at a record that no longer exists; start again without it' }]);
}

/**
 * The JSON parser's refusals in this surface's documented bodies: an unreadable body is a 400
 * naming `body` like every other 400 here, a body over the limit a 413 with `limit_bytes` like an
 * upload over its limit.
 */
export function bodyErrors(limitBytes: number): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    const refusal = bodyReadError(error, `${limitBytes} bytes`);
    if (!refusal) {
      next(error);
      return;
    }
    if (refusal.status === 400) {
      const unparsable = (error as { type?: unknown }).type === 'entity.parse.failed';
      sendInvalidFields(res, [{ field: 'body', message: unparsable ? 'is not valid JSON' : 'could not be read (send UTF-8 JSON)' }]);
    } else if (refusal.status === 413) {
      const details: Pick<PayloadTooLarge, 'limit_bytes'> = { limit_bytes: limitBytes };
      sendError(res, 413, refusal.message, details);
    } else {
      sendError(res, refusal.status, refusal.message);
    }
  };
}

/** Multer's refusals as the surface's error bodies: 413 for a file over the limit, 400 otherwise. */
export function uploadErrors(maxBytes: number): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (!(error instanceof multer.MulterError)) {
      next(error);
      return;
    }
    if (error.code === 'LIMIT_FILE_SIZE') {
      const details: Pick<PayloadTooLarge, 'limit_bytes'> = { limit_bytes: maxBytes };
      sendError(res, 413, `The file is larger than the limit of ${maxBytes} bytes.`, details);
      return;
    }
    const field = error.field ?? 'file';
    sendInvalidFields(res, [{ field, message: error.code === 'LIMIT_UNEXPECTED_FILE' ? 'is not expected: send one file part named "file"' : error.message }]);
  };
}
