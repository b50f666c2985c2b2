// What the rest of the server uses of http/: other folders import it from here, never from its files.
export { bodyReadError } from './body-read-error.js';
export { clientAddress } from './client-address.js';
export { cursorPageSchema, decodeCursor, encodeCursor, pageBody } from './cursor.js';
export { detached, type Fault, logFault, logResponseFault, requestIdOf } from './log-fault.js';
export { errorHandler, notFound, sendUnexpected } from './fallbacks.js';
export { jsonBody } from './json-body.js';
export { MAX_NESTING, tooDeep } from './nesting.js';
export { type OAuthEvidence, oauthEvidence, tellOAuthWatch } from './oauth-evidence.js';
export { componentSchemas, jsonRef, jsonResponse, type JsonSchema, mergeComponents, queryParameters } from './openapi.js';
export { LOGGED_SURFACES, type LoggedRequest, type LoggedSurface, OrgRequestLog, REQUESTS_KEPT } from './org-request-log.js';
export { prepareBody, type PreparedBody, sendPrepared } from './prepared-body.js';
export { type Principal, principalOf } from './principal.js';
export { type PrincipalStep } from './principal-step.js';
export { type CursorPageRequest, parsedOr400, sendCursorPage } from './query-answers.js';
export { RateLimitWindows } from './rate-limit-windows.js';
// The redaction policy (docs/decisions/redaction-policy.md): every log, page and report that shows
// an exchange, a URL or text a partner chose cuts secrets with these.
export { redactBodyText, redactHeaders, redactJson, redactText } from './redact-exchange.js';
export { REDACTED, redactInlineSecrets, redactUrlSecrets } from './redact-url.js';
export { RequestClasses } from './request-classes.js';
export { type FinishedResponse, requestLog } from './request-log.js';
export { errorBodySchema, type FieldProblem, fieldProblems, fieldProblemSchema, invalidFieldsBodySchema, sendError, sendInvalidFields } from './rest-errors.js';
export { refuseUnsaved, storeUnavailable } from './store-unavailable.js';
