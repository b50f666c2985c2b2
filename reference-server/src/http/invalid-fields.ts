import type { Response } from 'express';
import type { z } from 'zod';
import { sendError } from './error-body.js';

/** One problem with one input field, named by its path (`record_id`, `fields.email`, `segments.0.text`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The problems of a failed zod parse, one per field (the first issue of each), in input order. */
export function fieldProblems(error: z.ZodError, root = 'body'): FieldProblem[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : root;
    if (seen.has(field)) continue;
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    seen.set(field, missing ? 'is required' : issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/**
 * 400 with the REST error body and `fields: [{field, message}]`, one entry per invalid field;
 * `message` names them all so a log line alone says what to fix.
 */
export function sendInvalidFields(res: Response, problems: FieldProblem[]): void {
  sendError(res, 400, `Invalid request: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}.`, { fields: problems });
}
