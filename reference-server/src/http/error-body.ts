import { STATUS_CODES } from 'node:http';
import type { Response } from 'express';
import { z } from 'zod';

/**
 * The error body of the REST surfaces (Assessment and Automation): `error` is the HTTP reason
 * phrase the spec shows (`Unauthorized`, `Bad Request`, `Internal Server Error`), `message` says
 * what to fix, and any further fields (missingCount, invalidCount, fields…) are the details.
 */
export interface ErrorBody {
  error: string;
  message: string;
  [detail: string]: unknown;
}

/** The body without details, as the REST surfaces' contract documents show it. */
export const errorBodySchema = z
  .object({
    error: z.string().describe('The HTTP reason phrase: Unauthorized, Not Found, Conflict, Internal Server Error, …'),
    message: z.string().describe('What went wrong and what to do about it, in one or two sentences.'),
  })
  .strict();

export function errorBody(status: number, message: string, details: Record<string, unknown> = {}): ErrorBody {
  return { error: STATUS_CODES[status] ?? 'Error', message, ...details };
}

export function sendError(res: Response, status: number, message: string, details: Record<string, unknown> = {}): void {
  res.status(status).json(errorBody(status, message, details));
}
