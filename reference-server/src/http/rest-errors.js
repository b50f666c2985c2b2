import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
/** The body without details, as the REST surfaces' contract documents show it. */
export const errorBodySchema = z
    .object({
    error: z.string().describe('The HTTP reason phrase: Unauthorized, Not Found, Conflict, Internal Server Error, …'),
    message: z.string().describe('What went wrong and what to do about it, in one or two sentences.'),
})
    .strict();
export function errorBody(status, message, details = {}) {
    return { error: STATUS_CODES[status] ?? 'Error', message, ...details };
}
export function sendError(res, status, message, details = {}) {
    res.status(status).json(errorBody(status, message, details));
}
/** One problem with one input field, named by its path (`record_id`, `fields.email`, `segments.0.text`). */
export const fieldProblemSchema = z
    .object({
    field: z.string().describe('The path of the field: `record_id`, `fields.email`, `segments.0.text`; `body` or `query` for the whole of it.'),
    message: z.string().describe('What is wrong with it, e.g. "is required".'),
})
    .strict();
/** The 400 body of the REST surfaces' field checks (what sendInvalidFields answers). */
export const invalidFieldsBodySchema = errorBodySchema
    .extend({
    error: z.literal('Bad Request'),
    fields: z.array(fieldProblemSchema).min(1).describe('One entry per invalid field, in input order.'),
})
    .strict();
/** The problems of a failed zod parse, one per field (the first issue of each), in input order. */
export function fieldProblems(error, root = 'body') {
    const seen = new Map();
    for (const issue of error.issues) {
        const field = issue.path.length ? issue.path.map(String).join('.') : root;
        if (seen.has(field))
            continue;
        const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
        seen.set(field, missing ? 'is required' : issue.message);
    }
    return [...seen].map(([field, message]) => ({ field, message }));
}
/**
 * 400 with the REST error body and `fields: [{field, message}]`, one entry per invalid field;
 * `message` names them all so a log line alone says what to fix.
 */
export function sendInvalidFields(res, problems) {
    const details = { fields: problems };
    sendError(res, 400, `Invalid request: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}.`, details);
}
//# sourceMappingURL=rest-errors.js.map