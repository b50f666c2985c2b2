import type { ErrorRequestHandler } from 'express';
import { bodyReadError } from '../http/body-read-error.js';
import { sendError } from '../http/error-body.js';
import { sendInvalidFields } from '../http/invalid-fields.js';
import type { PayloadTooLarge } from './api-schemas.js';

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
