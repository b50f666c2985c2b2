import { StoreConflictError } from '../async-store.js';
import { StoreUnavailableError } from '../store.js';

/** Socket errors that mean the database cannot be reached now. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/**
 * What a PostgreSQL error means to the services, in the store's own errors:
 * - a unique violation (23505: a `create` of a taken id), a serialisation failure (40001), a
 *   deadlock (40P01) or a row locked elsewhere for a `noWait` read (55P03) is a lost race:
 *   StoreConflictError, nothing written, run it again;
 * - no connection (class 08), the server shutting down or starting (57P0x), too many connections
 *   (53300) or a socket error is StoreUnavailableError, which every surface answers with 503 and
 *   Retry-After, as for a full disk under the file store.
 * Anything else (a bug in a query) passes through unchanged.
 */
export function storeError(error: unknown, target?: { collection: string; scope: string; id: string }): unknown {
  if (error instanceof StoreConflictError || error instanceof StoreUnavailableError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = (error as Error | undefined)?.message ?? String(error);
  if (code === '23505') return new StoreConflictError(target ? `${target.collection} ${target.id} exists` : message, target, { cause: error });
  if (code === '40001' || code === '40P01' || code === '55P03') return new StoreConflictError(`the transaction lost a race and was rolled back (${code})`, undefined, { cause: error });
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || code === '53300' || NETWORK.has(code))) {
    return new StoreUnavailableError(`the database cannot be reached (${code})`, 5, { cause: error });
  }
  if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)) {
    return new StoreUnavailableError('the database connection was lost', 5, { cause: error });
  }
  return error;
}
