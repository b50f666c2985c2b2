import type { Response } from 'express';
import { StoreUnavailableError } from '../store/index.js';

/** The refusal of a store that takes no writes now (full or failing disk), if `error` is one. */
export function storeUnavailable(error: unknown): StoreUnavailableError | undefined {
  return error instanceof StoreUnavailableError ? error : undefined;
}

/**
 * Sets `Retry-After` (RFC 9110 §10.2.3) and returns the message every surface gives with its 503:
 * nothing of the request was saved, and when to try again.
 */
export function refuseUnsaved(res: Response, error: StoreUnavailableError): string {
  res.set('Retry-After', String(error.retryAfterSeconds));
  return `The server cannot save changes right now (${error.reason}); nothing of this request was saved. Retry in ${error.retryAfterSeconds} seconds.`;
}
